import { AnimatePresence, m } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { addMoney, canAfford, formatMoney } from '../../lib/money';
import { errorCodeOf, getBaccaratRound, getBaccaratState, placeBaccaratBet } from '../api';
import { refreshBalance, setBalance } from '../balance';
import { beadColumns } from '../beadRoad';
import { launchInfo } from '../boot';
import { clockOffsetMs, countdownSeconds, msUntil, windowLeft } from '../clock';
import { Amount } from '../components/Amount';
import { ErrorNote } from '../components/ErrorNote';
import { GameLayout } from '../components/GameLayout';
import { PlayingCard } from '../components/PlayingCard';
import { RoundHistory, type HistoryRow } from '../components/RoundHistory';
import { roundFailure } from '../instant';
import { connectTableFeed } from '../socket';
import { mergeMyBets, withBet } from '../tableBets';
import { balanceAtom, houseStore, revealAtom, sessionAtom, tableCommitAtom } from '../store';
import { BET_SPOTS, type BaccaratConfig, type BaccaratResult, type BaccaratState, type BetOn } from '../types';

const POLL_MS = 5000;
const POLL_CLOSED_MS = 1500;
const TICK_MS = 250;
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
  const balance = useAtomValue(balanceAtom);
  const [state, setState] = useState<BaccaratState | null>(null);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [chip, setChip] = useState(config.chips[0] ?? '1.00');
  const [placing, setPlacing] = useState<BetOn | null>(null);
  const [result, setResult] = useState<BaccaratResult | null>(null);
  const [live, setLive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const liveRef = useRef(false);
  const closedRef = useRef(false);
  const lastShown = useRef<number | null>(null);
  const commitments = useRef(new Map<number, string>());
  const merchant = session?.merchant || launchInfo().merchant || '';
  const table = state?.table ?? config.table ?? '';

  const remember = useCallback((roundNo: number, hash: string) => {
    if (!commitments.current.has(roundNo)) commitments.current.set(roundNo, hash);
    const shown = houseStore.get(tableCommitAtom);
    if (!shown || roundNo >= shown.roundNo) houseStore.set(tableCommitAtom, { roundNo, serverSeedHash: hash });
  }, []);

  const showResult = useCallback(
    (res: BaccaratResult) => {
      if (lastShown.current !== null && res.roundNo <= lastShown.current) return;
      lastShown.current = res.roundNo;
      setResult(res);
      const seen = commitments.current.get(res.roundNo);
      houseStore.set(revealAtom, {
        kind: 'table',
        round: String(res.roundNo),
        serverSeed: res.serverSeed,
        committedHash: seen ?? res.serverSeedHash,
        observedBefore: seen !== undefined,
      });
      // The next round's commitment, seen before it is dealt. Its betting window is taken from the state
      // (the round may not be open yet when the result arrives).
      if (res.next) remember(res.next.roundNo, res.next.serverSeedHash);
    },
    [remember],
  );

  const load = useCallback(async () => {
    const sent = Date.now();
    try {
      const fresh = await getBaccaratState();
      const skew = clockOffsetMs(fresh.now, sent, Date.now());
      setOffset(skew);
      closedRef.current = fresh.phase !== 'BETTING' || msUntil(fresh.closesAt, skew, Date.now()) < POLL_MS;
      setState((prev) => ({ ...fresh, myBets: mergeMyBets(fresh.myBets, prev?.myBets ?? [], fresh.roundNo) }));
      setLoadError(null);
      remember(fresh.roundNo, fresh.serverSeedHash);
      const latest = fresh.history[0];
      if (lastShown.current === null) {
        // The first view: results before it are history, not news.
        lastShown.current = latest?.roundNo ?? fresh.roundNo - 1;
      } else if (!liveRef.current && latest && latest.roundNo > lastShown.current) {
        // No push channel: fetch the settled round to show it.
        try {
          showResult(await getBaccaratRound(latest.roundNo));
          void refreshBalance();
        } catch {
          // not settled yet or gone: the next poll tries again
        }
      }
    } catch (e) {
      setLoadError(errorCodeOf(e));
    }
  }, [remember, showResult]);

  useEffect(() => {
    let timer = 0;
    let stopped = false;
    const poll = async () => {
      await load();
      // Between rounds (bets closed) look more often, so the next round opens on time.
      if (!stopped) timer = window.setTimeout(poll, closedRef.current ? POLL_CLOSED_MS : POLL_MS);
    };
    void poll();
    const tick = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      window.clearInterval(tick);
    };
  }, [load]);

  useEffect(() => {
    if (!merchant || !table) return;
    const stop = connectTableFeed(merchant, table, {
      onLive: (up) => {
        liveRef.current = up;
        setLive(up);
      },
      onResult: (res) => {
        showResult(res);
        void refreshBalance();
        void load();
      },
    });
    return () => {
      liveRef.current = false;
      stop();
    };
  }, [merchant, table, showResult, load]);

  if (!state) {
    return (
      <div className="hs-layout hs-bac">
        <div className="hs-stage">
          {loadError ? <ErrorNote code={loadError} /> : <p className="hs-muted">{t('bac.connecting')}</p>}
        </div>
      </div>
    );
  }

  const seconds = countdownSeconds(state.closesAt, offset, now);
  const open = state.phase === 'BETTING' && seconds > 0;
  const share = open ? windowLeft(state.opensAt, state.closesAt, offset, now) : 0;
  const myRound = state.myBets.filter((b) => b.roundNo === state.roundNo);
  const onSpot = (spot: BetOn) => {
    const stakes = myRound.filter((b) => b.betOn === spot).map((b) => b.stake);
    return stakes.length ? addMoney(...stakes) : null;
  };

  async function bet(spot: BetOn) {
    if (!state || placing) return;
    setError(null);
    if (!open) {
      setError('BETTING_CLOSED');
      return;
    }
    if (!canAfford(balance, chip)) {
      setError('INSUFFICIENT_FUNDS');
      return;
    }
    setPlacing(spot);
    try {
      const answer = await placeBaccaratBet(state.roundNo, spot, chip);
      setBalance(answer.balance);
      setState((prev) =>
        prev ? { ...prev, myBets: withBet(prev.myBets, { ...answer.bet, win: '0.00' }) } : prev,
      );
    } catch (e) {
      setError(roundFailure(e));
    } finally {
      setPlacing(null);
    }
  }

  const settledBets: HistoryRow[] = state.myBets
    .filter((b) => b.roundNo !== state.roundNo || (b.status !== 'OPEN' && b.status !== 'PENDING'))
    .slice(0, 10)
    .map((b) => ({
      id: String(b.id),
      title: t('bac.roundNo', { round: b.roundNo }),
      detail: `${t(`bac.spot.${b.betOn}`)} · ${t(`bac.status.${b.status}`)}`,
      bet: b.stake,
      win: b.win,
      pending: b.status === 'OPEN' || b.status === 'PENDING',
    }));

  const lastRoundWins = result
    ? state.myBets.filter((b) => b.roundNo === result.roundNo && b.status !== 'OPEN')
    : [];

  const side = (
    <>
      <section className="hs-bac__mybets" aria-label={t('bac.myBets')}>
        <h2 className="hs-panel-title">{t('bac.myBets')}</h2>
        {myRound.length === 0 ? (
          <p className="hs-muted hs-small">{t('bac.noBets')}</p>
        ) : (
          <ul data-testid="bac-my-bets">
            {myRound.map((b) => (
              <li key={b.id} data-testid="bac-my-bet" data-bet-on={b.betOn}>
                <span>{t(`bac.spot.${b.betOn}`)}</span>
                <Amount value={b.stake} />
                <span className="hs-muted">{t(`bac.status.${b.status}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <RoundHistory rows={settledBets} currency={session?.player.currency ?? ''} />
    </>
  );

  return (
    <GameLayout className="hs-bac" side={side}>
      <div className="hs-bac__status">
        <div>
          <span className="hs-muted">{t('bac.table', { table: state.table })}</span>
          <h2 className="hs-bac__round" data-testid="bac-round" data-round={state.roundNo}>
            {t('bac.roundNo', { round: state.roundNo })}
          </h2>
        </div>
        <div className={`hs-bac__clock ${open ? 'is-open' : 'is-closed'}`} data-testid="bac-countdown" data-seconds={seconds}>
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
        <code className="hs-hash" data-testid="bac-commitment">
          {state.serverSeedHash}
        </code>
      </p>

      <ResultArea result={result} key={result?.roundNo ?? 'none'} />
      {result && lastRoundWins.length > 0 ? (
        <p className="hs-bac__mine" data-testid="bac-my-result">
          {t('bac.yourResult', { amount: formatMoney(addMoney(...lastRoundWins.map((b) => b.win))) })}
        </p>
      ) : null}

      <div className="hs-bac__spots">
        {BET_SPOTS.map((spot) => {
          const mine = onSpot(spot);
          return (
            <button
              key={spot}
              type="button"
              className={`hs-bac__spot is-${spot.toLowerCase()}`}
              data-testid={`bac-bet-${spot}`}
              disabled={!open || placing !== null}
              onClick={() => void bet(spot)}
            >
              <span className="hs-bac__spot-name">{t(`bac.spot.${spot}`)}</span>
              <span className="hs-bac__spot-pay">{config.payouts[spot] ?? ''}</span>
              <AnimatePresence>
                {mine ? (
                  <m.span
                    key={mine}
                    className="hs-bac__stack"
                    data-testid={`bac-stake-${spot}`}
                    initial={{ y: -30, opacity: 0, scale: 0.6 }}
                    animate={{ y: 0, opacity: 1, scale: 1 }}
                    exit={{ opacity: 0 }}
                  >
                    {formatMoney(mine)}
                  </m.span>
                ) : null}
              </AnimatePresence>
            </button>
          );
        })}
      </div>

      <div className="hs-controls">
        <div className="hs-stakes" role="radiogroup" aria-label={t('bac.chip')}>
          <span className="hs-stakes__label">{t('bac.chip')}</span>
          <div className="hs-stakes__chips">
            {config.chips.map((value, i) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={value === chip}
                className={`hs-chip hs-chip--round hs-chip--${i % 5} ${value === chip ? 'is-active' : ''}`}
                data-testid={`bac-chip-${value}`}
                onClick={() => setChip(value)}
              >
                {formatMoney(value)}
              </button>
            ))}
          </div>
        </div>
      </div>
      <ErrorNote code={error ?? loadError} onDismiss={() => setError(null)} />

      <BeadRoad state={state} />
    </GameLayout>
  );
}
