// What every shared table's screen shows: its round and countdown, the round's commitment, the chips, the
// bet spots, the slip to confirm, the player's bets and the last results. The parts keep the class names
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
import type { TableResult } from './types';
import type { BetSlip } from './useBetSlip';
import type { TableSeat } from './useTable';
import './table.css';

// What the parts read of a seat, whatever its game's rows and bet ids.
type AnySeat = Omit<TableSeat<unknown, TableResult, string>, 'stakeOn' | 'place'>;

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
  const { state, open, seconds, share, live } = seat;
  if (!state) return null;
  return (
    <>
      <div className="hs-bac__status">
        <div>
          <span className="hs-muted">{t('bac.table', { table: state.table })}</span>
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
  );
}

// One place to bet: its name, what it pays, the stake already placed there and any chips still on the slip.
export function BetSpot({
  spot,
  label,
  pay,
  placed,
  drafted,
  disabled,
  onPick,
  className = '',
  testPrefix,
  children,
  payShown = true,
}: {
  spot: string;
  label: string;
  pay?: string;
  payShown?: boolean;
  placed: Money | null;
  drafted?: Money | null;
  disabled: boolean;
  onPick: () => void;
  className?: string;
  testPrefix: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const described = [label, pay, placed ? formatMoney(placed) : null, drafted ? t('table.onSlip', { amount: formatMoney(drafted) }) : null]
    .filter(Boolean)
    .join(', ');
  return (
    <button
      type="button"
      className={`hs-bac__spot hs-table__spot ${className} ${drafted ? 'is-drafted' : ''}`}
      data-testid={`${testPrefix}-bet-${spot}`}
      aria-label={described}
      disabled={disabled}
      onClick={onPick}
    >
      {children ?? <span className="hs-bac__spot-name">{label}</span>}
      {pay && payShown ? <span className="hs-bac__spot-pay">{pay}</span> : null}
      <AnimatePresence>
        {placed ? (
          <m.span
            key={placed}
            className="hs-bac__stack"
            data-testid={`${testPrefix}-stake-${spot}`}
            initial={{ y: -30, opacity: 0, scale: 0.6 }}
            animate={{ y: 0, opacity: 1, scale: 1 }}
            exit={{ opacity: 0 }}
          >
            {formatMoney(placed)}
          </m.span>
        ) : null}
      </AnimatePresence>
      {drafted ? (
        <span className="hs-table__draft" data-testid={`${testPrefix}-draft-${spot}`}>
          {formatMoney(drafted)}
        </span>
      ) : null}
    </button>
  );
}

// The slip's total with Confirm and Clear, beside the chips.
export function SlipBar({ slip, seat, testPrefix }: { slip: BetSlip<string>; seat: AnySeat; testPrefix: string }) {
  const { t } = useTranslation();
  const busy = slip.confirming || seat.placing;
  return (
    <div className="hs-table__slip">
      <span className="hs-table__slip-total" data-testid={`${testPrefix}-slip-total`}>
        {slip.total ? t('table.slip', { amount: formatMoney(slip.total) }) : t('table.slipEmpty')}
      </span>
      <button
        type="button"
        className="hs-btn hs-table__clear"
        data-testid={`${testPrefix}-clear`}
        disabled={!slip.total || busy}
        onClick={slip.clear}
      >
        {t('table.clear')}
      </button>
      <button
        type="button"
        className="hs-btn hs-btn--primary hs-table__confirm"
        data-testid={`${testPrefix}-confirm`}
        disabled={!slip.total || busy || !seat.open}
        onClick={() => void slip.confirm()}
      >
        {t('table.confirm')}
      </button>
    </div>
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

// The side column: this round's bets, then the session's settled ones. `spotName` names a bet id.
export function TableSide({
  seat,
  spotName,
  currency,
  testPrefix,
}: {
  seat: AnySeat;
  spotName: (spot: string) => string;
  currency: string;
  testPrefix: string;
}) {
  const { t } = useTranslation();
  const { state, myRound } = seat;
  if (!state) return null;
  const settled: HistoryRow[] = state.myBets
    .filter((b) => b.roundNo !== state.roundNo || (b.status !== 'OPEN' && b.status !== 'PENDING'))
    .slice(0, 10)
    .map((b) => ({
      id: String(b.id),
      title: t('bac.roundNo', { round: b.roundNo }),
      detail: `${spotName(b.betOn)} · ${t(`bac.status.${b.status}`)}`,
      bet: b.stake,
      win: b.win,
      pending: b.status === 'OPEN' || b.status === 'PENDING',
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
      <RoundHistory rows={settled} currency={currency} />
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

// A table played with a slip (dragon tiger, roulette, sic bo): the status, the game's result drawing, the
// board of spots, then the chips with Confirm, kept together so that a phone shows them without scrolling.
export function SlipTableScreen({
  seat,
  slip,
  chips,
  className,
  testPrefix,
  spotName,
  result,
  board,
  road,
  hint,
}: {
  seat: AnySeat;
  slip: BetSlip<string>;
  chips: Money[];
  className: string;
  testPrefix: string;
  spotName: (spot: string) => string;
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
      <TableSide seat={seat} spotName={spotName} currency={session?.player.currency ?? ''} testPrefix={testPrefix} />
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
        <SlipBar slip={slip} seat={seat} testPrefix={testPrefix} />
      </div>
      <ErrorNote code={seat.error} onDismiss={seat.dismissError} />
      {hint ? <p className="hs-muted hs-small">{hint}</p> : null}
    </GameLayout>
  );
}

// The spot props every slip table gives each of its spots.
export function slipSpot<B extends string>(
  seat: Pick<TableSeat<unknown, TableResult, B>, 'stakeOn' | 'open' | 'chip'>,
  slip: BetSlip<B>,
  spot: B,
) {
  return {
    spot,
    placed: seat.stakeOn(spot),
    drafted: slip.drafts[spot] ?? null,
    disabled: !seat.open || slip.confirming,
    onPick: () => slip.add(spot, seat.chip),
  };
}
