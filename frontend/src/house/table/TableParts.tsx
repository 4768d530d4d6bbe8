// What every shared table's screen shows: its round and countdown, the round's commitment, the chips, the
// bet spots (a tap places the chip), what was not placed and why, the player's bets and rounds, and the last
// results. The parts keep the class names
// house.css gave them when baccarat was the only table (hs-bac__...); table.css styles what is newer.
import { AnimatePresence, m } from 'framer-motion';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';

import { useTranslation } from '../../i18n/react';
import { addMoney, formatMoney } from '../../lib/money';
import { Amount } from '../components/Amount';
import { ErrorNote } from '../components/ErrorNote';
import { GameLayout } from '../components/GameLayout';
import { RoundHistory, type HistoryRow } from '../components/RoundHistory';
import { sessionAtom } from '../store';
import type { Money } from '../types';
import type { TableMyRound, TableResult } from './types';
import type { TableSeat } from './useTable';
import './table.css';

// What the parts read of a seat, whatever its game's rows and bet ids.
type AnySeat = Omit<TableSeat<unknown, TableResult, string>, 'stakeOn' | 'pendingOn' | 'place'>;
// A seat whose road rows (and the member's rounds' results) are of one game's shape.
type SeatOf<Row> = Omit<TableSeat<Row, TableResult, string>, 'stakeOn' | 'pendingOn' | 'place'>;

export function TableConnecting({ loadError }: { loadError: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="hs-layout hs-table">
      <div className="hs-stage">
        {loadError ? <ErrorNote code={loadError} /> : <p className="hs-muted">{t('bac.connecting')}</p>}
      </div>
    </div>
  );
}

export function TableStatus({ seat, testPrefix }: { seat: AnySeat; testPrefix: string }) {
  const { t } = useTranslation();
  // The table by its game's name in the player's language (the launch's), never its code ("baccarat-a").
  const gameName = useAtomValue(sessionAtom)?.game.name;
  const { state, open, seconds, share, live } = seat;
  if (!state) return null;
  return (
    <>
      <div className="hs-bac__status">
        <div>
          {gameName && <span className="hs-muted">{gameName}</span>}
          <h2 className="hs-bac__round" data-testid={`${testPrefix}-round`} data-round={state.roundNo}>
            {t('bac.roundNo', { round: state.roundNo })}
          </h2>
        </div>
        <div
          className={`hs-bac__clock ${open ? 'is-open' : 'is-closed'}`}
          data-testid={`${testPrefix}-countdown`}
          data-seconds={seconds}
          role="timer"
          aria-label={open ? `${t('bac.betting')}: ${seconds}` : t('bac.closed')}
        >
          <svg viewBox="0 0 36 36" aria-hidden="true">
            <circle cx="18" cy="18" r="15.5" className="hs-bac__clock-bg" />
            <circle
              cx="18"
              cy="18"
              r="15.5"
              className="hs-bac__clock-fg"
              strokeDasharray={`${(share * 97.4).toFixed(2)} 97.4`}
            />
          </svg>
          <span className="hs-bac__seconds">{open ? seconds : '–'}</span>
          <span className="hs-bac__phase">{open ? t('bac.betting') : t('bac.closed')}</span>
        </div>
        <div className="hs-bac__live">
          <span className={`hs-dot ${live ? 'is-on' : ''}`} aria-hidden="true" />
          <span className="hs-small">{live ? t('bac.live') : t('bac.offline')}</span>
        </div>
      </div>
      <p className="hs-bac__commit hs-small">
        <span className="hs-muted">{t('bac.commitment')}</span>{' '}
        <code className="hs-hash" data-testid={`${testPrefix}-commitment`}>
          {state.serverSeedHash}
        </code>
      </p>
    </>
  );
}

export function ChipRack({ seat, chips, testPrefix }: { seat: AnySeat; chips: Money[]; testPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="hs-stakes" role="radiogroup" aria-label={t('bac.chip')}>
        <span className="hs-stakes__label">{t('bac.chip')}</span>
        <div className="hs-stakes__chips">
          {chips.map((value, i) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={value === seat.chip}
              className={`hs-chip hs-chip--round hs-chip--${i % 5} ${value === seat.chip ? 'is-active' : ''}`}
              data-testid={`${testPrefix}-chip-${value}`}
              onClick={() => seat.setChip(value)}
            >
              {formatMoney(value)}
            </button>
          ))}
        </div>
      </div>
      <span className="hs-small hs-muted hs-stakes__hint">{t('table.tapHint')}</span>
    </>
  );
}

// One place to bet: its name, what it pays and the stake on it this round (placed, or on its way). A closed
// round's spot still answers a tap, to say that betting is closed rather than ignore the chip.
export function BetSpot({
  spot,
  label,
  pay,
  placed,
  travelling = false,
  closed,
  onPick,
  className = '',
  testPrefix,
  children,
  payShown = true,
  cell,
}: {
  spot: string;
  label: string;
  pay?: string;
  payShown?: boolean;
  placed: Money | null;
  travelling?: boolean;
  closed: boolean;
  onPick: () => void;
  className?: string;
  testPrefix: string;
  children?: ReactNode;
  // Its place on a board laid out as a grid (roulette's), row and column from 1.
  cell?: { row: number; column: number; rows?: number; columns?: number };
}) {
  const { t } = useTranslation();
  const stake = placed ? (travelling ? t('table.travelling', { amount: formatMoney(placed) }) : formatMoney(placed)) : null;
  const described = [label, pay, stake].filter(Boolean).join(', ');
  return (
    <button
      type="button"
      className={`hs-bac__spot hs-table__spot ${className} ${closed ? 'is-closed' : ''}`}
      data-testid={`${testPrefix}-bet-${spot}`}
      aria-label={described}
      aria-disabled={closed}
      data-row={cell?.row}
      style={
        cell && {
          gridRow: `${cell.row} / span ${cell.rows ?? 1}`,
          gridColumn: `${cell.column} / span ${cell.columns ?? 1}`,
        }
      }
      onClick={onPick}
    >
      {children ?? <span className="hs-bac__spot-name">{label}</span>}
      {pay && payShown ? <span className="hs-bac__spot-pay">{pay}</span> : null}
      <AnimatePresence>
        {placed ? (
          <m.span
            key={placed}
            className={`hs-bac__stack ${travelling ? 'is-travelling' : ''}`}
            data-testid={`${testPrefix}-stake-${spot}`}
            data-travelling={travelling || undefined}
            initial={{ y: -30, opacity: 0, scale: 0.6 }}
            animate={{ y: 0, opacity: 1, scale: 1 }}
            exit={{ opacity: 0 }}
          >
            {formatMoney(placed)}
          </m.span>
        ) : null}
      </AnimatePresence>
    </button>
  );
}

// The spot props every table gives each of its spots: a tap places the chosen chip.
export function tapSpot<B extends string>(
  seat: Pick<TableSeat<unknown, TableResult, B>, 'stakeOn' | 'pendingOn' | 'open' | 'place'>,
  spot: B,
) {
  return {
    spot,
    placed: seat.stakeOn(spot),
    travelling: seat.pendingOn(spot) !== null,
    closed: !seat.open,
    onPick: () => void seat.place(spot),
  };
}

// What went wrong: the chips that were not placed, by reason, each named with its amount and spot; else a
// failed load.
export function BetNote({ seat, spotName }: { seat: AnySeat; spotName: (spot: string) => string }) {
  const { t } = useTranslation();
  const reasons = [...new Set(seat.refusals.map((r) => r.code))];
  if (reasons.length === 0) return <ErrorNote code={seat.error} onDismiss={seat.dismissError} />;
  return (
    <>
      {reasons.map((code) => {
        const chips = seat.refusals
          .filter((r) => r.code === code)
          .map((r) => t('table.chipOn', { amount: formatMoney(r.stake), spot: spotName(r.spot) }));
        return (
          <ErrorNote
            key={code}
            code={code}
            lead={t('table.notPlaced', { chips: chips.join(', ') })}
            onDismiss={seat.dismissError}
          />
        );
      })}
    </>
  );
}

export function MyReturn({ seat, testPrefix }: { seat: AnySeat; testPrefix: string }) {
  const { t } = useTranslation();
  const { result, state } = seat;
  if (!result || !state) return null;
  const mine = state.myBets.filter((b) => b.roundNo === result.roundNo && b.status !== 'OPEN' && b.status !== 'PENDING');
  if (mine.length === 0) return null;
  return (
    <p className="hs-bac__mine" data-testid={`${testPrefix}-my-result`} role="status">
      {t('bac.yourResult', { amount: formatMoney(addMoney(...mine.map((b) => b.win))) })}
    </p>
  );
}

// The side column: this round's bets, then the member's last rounds at this table from the house's records
// (a table reopened in a new session shows them too). `spotName` names a bet id, `dealt` a round's result.
export function TableSide<Row>({
  seat,
  spotName,
  dealt,
  currency,
  testPrefix,
}: {
  seat: SeatOf<Row>;
  spotName: (spot: string) => string;
  dealt: (result: Row) => string;
  currency: string;
  testPrefix: string;
}) {
  const { t } = useTranslation();
  const { state, myRound } = seat;
  if (!state) return null;
  const rows: HistoryRow[] = seat.rounds
    .filter((r) => r.roundNo !== state.roundNo)
    .slice(0, 10)
    .map((r: TableMyRound<string, Row>) => ({
      id: String(r.roundNo),
      title: t('bac.roundNo', { round: r.roundNo }),
      detail: [r.result ? dealt(r.result) : null, r.bets.map((b) => spotName(b.betOn)).join(', ')]
        .filter(Boolean)
        .join(' · '),
      bet: r.stake,
      win: r.win,
      pending: r.result === null,
    }));
  return (
    <>
      <section className="hs-bac__mybets" aria-label={t('bac.myBets')}>
        <h2 className="hs-panel-title">{t('bac.myBets')}</h2>
        {myRound.length === 0 ? (
          <p className="hs-muted hs-small">{t('bac.noBets')}</p>
        ) : (
          <ul data-testid={`${testPrefix}-my-bets`}>
            {myRound.map((b) => (
              <li key={b.id} data-testid={`${testPrefix}-my-bet`} data-bet-on={b.betOn}>
                <span>{spotName(b.betOn)}</span>
                <Amount value={b.stake} />
                <span className="hs-muted">{t(`bac.status.${b.status}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <RoundHistory rows={rows} currency={currency} />
    </>
  );
}

// The last results as a strip of small marks, newest first.
export function ResultStrip<Row extends { roundNo: number }>({
  rows,
  mark,
  testPrefix,
}: {
  rows: Row[];
  mark: (row: Row) => { label: string; title: string; tone: string };
  testPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="hs-table__strip" aria-label={t('table.lastResults')}>
      <h2 className="hs-panel-title">{t('table.lastResults')}</h2>
      <ol className="hs-table__marks" data-testid={`${testPrefix}-history`}>
        {rows.map((row) => {
          const { label, title, tone } = mark(row);
          return (
            <li key={row.roundNo} className={`hs-table__mark is-${tone}`} title={title} data-round={row.roundNo}>
              {label}
            </li>
          );
        })}
      </ol>
      {rows.length === 0 ? <span className="hs-muted hs-small">{t('bac.roadEmpty')}</span> : null}
    </section>
  );
}

// Dragon tiger, roulette and sic bo: the status, the game's result drawing, the board of spots, then the
// chips, kept together so that a phone shows them without scrolling.
export function TableScreen<Row>({
  seat,
  chips,
  className,
  testPrefix,
  spotName,
  dealt,
  result,
  board,
  road,
  hint,
}: {
  seat: SeatOf<Row>;
  chips: Money[];
  className: string;
  testPrefix: string;
  spotName: (spot: string) => string;
  dealt: (result: Row) => string;
  result: ReactNode;
  board: ReactNode;
  road: ReactNode;
  hint?: string;
}) {
  const session = useAtomValue(sessionAtom);
  if (!seat.state) return <TableConnecting loadError={seat.loadError} />;
  const side = (
    <>
      {road}
      <TableSide
        seat={seat}
        spotName={spotName}
        dealt={dealt}
        currency={session?.player.currency ?? ''}
        testPrefix={testPrefix}
      />
    </>
  );
  return (
    <GameLayout className={`hs-table ${className}`} side={side}>
      <TableStatus seat={seat} testPrefix={testPrefix} />
      {result}
      <MyReturn seat={seat} testPrefix={testPrefix} />
      {board}
      <div className="hs-controls">
        <ChipRack seat={seat} chips={chips} testPrefix={testPrefix} />
      </div>
      <BetNote seat={seat} spotName={spotName} />
      {hint ? <p className="hs-muted hs-small">{hint}</p> : null}
    </GameLayout>
  );
}
