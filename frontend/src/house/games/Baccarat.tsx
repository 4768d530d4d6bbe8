import { m } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';

import { useTranslation } from '../../i18n/react';
import { getBaccaratRound, getBaccaratState, placeBaccaratBet } from '../api';
import { beadColumns } from '../beadRoad';
import { GameLayout } from '../components/GameLayout';
import { PlayingCard } from '../components/PlayingCard';
import { sessionAtom } from '../store';
import { getMyRounds } from '../table/api';
import { BetNote, BetSpot, ChipRack, MyReturn, TableConnecting, TableSide, TableStatus, tapSpot } from '../table/TableParts';
import type { TableApi } from '../table/types';
import { useTable } from '../table/useTable';
import {
  BET_SPOTS,
  type BaccaratConfig,
  type BaccaratHistoryRow,
  type BaccaratResult,
  type BaccaratState,
  type BetOn,
} from '../types';

// Baccarat's page came first and keeps its own paths (/baccarat/...); its member's rounds are every table's
// call. A tap on a spot places the chip at once, as on every table.
const BACCARAT_API: TableApi<BaccaratHistoryRow, BaccaratResult, BetOn> = {
  state: getBaccaratState,
  bet: placeBaccaratBet,
  round: getBaccaratRound,
  rounds: getMyRounds,
};
const CARD_STEP_S = 0.45;

// The order cards are dealt in: player, banker, player, banker, then the third cards.
function dealOrder(result: BaccaratResult): { side: 'player' | 'banker'; index: number; delay: number }[] {
  const order: { side: 'player' | 'banker'; index: number }[] = [];
  for (let i = 0; i < Math.max(result.playerCards.length, result.bankerCards.length); i++) {
    if (i < result.playerCards.length) order.push({ side: 'player', index: i });
    if (i < result.bankerCards.length) order.push({ side: 'banker', index: i });
  }
  return order.map((o, step) => ({ ...o, delay: step * CARD_STEP_S }));
}

function ResultArea({ result }: { result: BaccaratResult | null }) {
  const { t } = useTranslation();
  if (!result) {
    return (
      <div className="hs-bac__result is-waiting">
        <p className="hs-muted">{t('bac.waitingResult')}</p>
      </div>
    );
  }
  const order = dealOrder(result);
  const delayOf = (side: 'player' | 'banker', index: number) =>
    order.find((o) => o.side === side && o.index === index)?.delay ?? 0;
  const totalsAt = order.length * CARD_STEP_S + 0.2;
  return (
    <m.div
      key={result.roundNo}
      className={`hs-bac__result is-${result.outcome.toLowerCase()}`}
      data-testid="bac-result"
      data-round={result.roundNo}
      data-outcome={result.outcome}
      initial={{ opacity: 0 }}
      animate={{ opacity: 1 }}
    >
      <div className="hs-bac__hands">
        {(['player', 'banker'] as const).map((side) => {
          const cards = side === 'player' ? result.playerCards : result.bankerCards;
          const total = side === 'player' ? result.playerTotal : result.bankerTotal;
          const outcome: BetOn = side === 'player' ? 'PLAYER' : 'BANKER';
          return (
            <div key={side} className={`hs-bac__hand is-${side} ${result.outcome === outcome ? 'is-winner' : ''}`}>
              <h3>{t(`bac.spot.${outcome}`)}</h3>
              <div className="hs-bac__cards">
                {cards.map((card, i) => (
                  <PlayingCard key={`${card}-${i}`} code={card} delay={delayOf(side, i)} size="sm" />
                ))}
              </div>
              <m.span
                className="hs-bac__total"
                data-testid={`bac-total-${side}`}
                initial={{ opacity: 0, scale: 0.6 }}
                animate={{ opacity: 1, scale: 1 }}
                transition={{ delay: totalsAt }}
              >
                {total}
              </m.span>
            </div>
          );
        })}
      </div>
      <m.p
        className="hs-bac__verdict"
        initial={{ opacity: 0, y: 8 }}
        animate={{ opacity: 1, y: 0 }}
        transition={{ delay: totalsAt + 0.2 }}
      >
        <span>{t('bac.roundNo', { round: result.roundNo })}</span>{' '}
        <strong>{result.outcome === 'TIE' ? t('bac.tieResult') : t('bac.wins', { side: t(`bac.spot.${result.outcome}`) })}</strong>{' '}
        <span>
          {result.playerTotal} : {result.bankerTotal}
        </span>
      </m.p>
    </m.div>
  );
}

function BeadRoad({ state }: { state: BaccaratState }) {
  const { t } = useTranslation();
  const columns = useMemo(() => beadColumns(state.history), [state.history]);
  const counts = useMemo(() => {
    const c: Record<BetOn, number> = { PLAYER: 0, BANKER: 0, TIE: 0 };
    for (const row of state.history) c[row.outcome] += 1;
    return c;
  }, [state.history]);
  return (
    <section className="hs-bac__road" aria-label={t('bac.road')}>
      <div className="hs-bac__road-head">
        <h2 className="hs-panel-title">{t('bac.road')}</h2>
        <span className="hs-bac__counts">
          {BET_SPOTS.map((spot) => (
            <span key={spot} className={`hs-bead is-${spot.toLowerCase()} is-mini`} title={t(`bac.spot.${spot}`)}>
              {t(`bac.bead.${spot}`)} {counts[spot]}
            </span>
          ))}
        </span>
      </div>
      <div className="hs-bac__beads" data-testid="bac-road">
        {columns.map((column, c) => (
          <div className="hs-bac__beadcol" key={c}>
            {column.map((row) => (
              <m.span
                key={row.roundNo}
                className={`hs-bead is-${row.outcome.toLowerCase()}`}
                title={`${t('bac.roundNo', { round: row.roundNo })} · ${row.playerTotal}:${row.bankerTotal}`}
                data-round={row.roundNo}
                data-outcome={row.outcome}
                initial={{ scale: 0 }}
                animate={{ scale: 1 }}
              >
                {t(`bac.bead.${row.outcome}`)}
              </m.span>
            ))}
          </div>
        ))}
        {columns.length === 0 ? <span className="hs-muted hs-small">{t('bac.roadEmpty')}</span> : null}
      </div>
    </section>
  );
}

export function BaccaratGame({ config }: { config: BaccaratConfig }) {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const seat = useTable(BACCARAT_API, 'baccarat', config.chips, config.table);
  const { state, result } = seat;
  if (!state) return <TableConnecting loadError={seat.loadError} />;

  const spotName = (spot: string) => t(`bac.spot.${spot}`);
  const dealt = (row: BaccaratHistoryRow) =>
    `${row.outcome === 'TIE' ? t('bac.tieResult') : t('bac.wins', { side: spotName(row.outcome) })} ${row.playerTotal}:${row.bankerTotal}`;
  const side = (
    <TableSide seat={seat} spotName={spotName} dealt={dealt} currency={session?.player.currency ?? ''} testPrefix="bac" />
  );

  return (
    <GameLayout className="hs-bac" side={side}>
      <TableStatus seat={seat} testPrefix="bac" />
      <ResultArea result={result} key={result?.roundNo ?? 'none'} />
      <MyReturn seat={seat} testPrefix="bac" />

      <div className="hs-bac__spots">
        {BET_SPOTS.map((spot) => (
          <BetSpot
            key={spot}
            {...tapSpot(seat, spot)}
            label={spotName(spot)}
            pay={config.payouts[spot] ?? ''}
            className={`is-${spot.toLowerCase()}`}
            testPrefix="bac"
          />
        ))}
      </div>

      <div className="hs-controls">
        <ChipRack seat={seat} chips={config.chips} testPrefix="bac" />
      </div>
      <BetNote seat={seat} spotName={spotName} />

      <BeadRoad state={state} />
    </GameLayout>
  );
}
