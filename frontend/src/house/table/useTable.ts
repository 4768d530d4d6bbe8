import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';

import { addMoney, canAfford } from '../../lib/money';
import { errorCodeOf } from '../api';
import { refreshBalance, setBalance } from '../balance';
import { launchInfo } from '../boot';
import { clockOffsetMs, countdownSeconds, msUntil, windowLeft } from '../clock';
import { roundFailure } from '../instant';
import { connectTableFeed } from '../socket';
import { balanceAtom, houseStore, revealAtom, sessionAtom, tableCommitAtom } from '../store';
import { mergeMyBets, withBet } from '../tableBets';
import type { Money } from '../types';
import type { TableApi, TableMyBet, TableResult, TableState } from './types';

const POLL_MS = 5000;
const POLL_CLOSED_MS = 1500;
const TICK_MS = 250;

export interface TableSeat<Row, R extends TableResult, B extends string> {
  state: TableState<Row, B> | null;
  result: R | null;
  live: boolean;
  error: string | null;
  loadError: string | null;
  dismissError: () => void;
  fail: (code: string) => void;
  chip: Money;
  setChip: (chip: Money) => void;
  placing: boolean;
  // Seconds left to bet, whether bets are taken now, and the share of the window still left.
  seconds: number;
  open: boolean;
  share: number;
  myRound: TableMyBet<B>[];
  stakeOn: (spot: B) => Money | null;
  // Places one bet (the chosen chip unless a stake is given); false when it was not placed.
  place: (spot: B, stake?: Money) => Promise<boolean>;
}

// A seat at a shared table, whatever its game: the round's state polled (and pushed, once the table's room
// answers), the server's clock, the commitment of each round remembered before its seed is revealed (the
// fairness panel compares them), the result shown once, and bets placed through the wallet.
export function useTable<Row, R extends TableResult, B extends string>(
  api: TableApi<Row, R, B>,
  game: string,
  chips: Money[],
  configuredTable?: string,
): TableSeat<Row, R, B> {
  const session = useAtomValue(sessionAtom);
  const balance = useAtomValue(balanceAtom);
  const [state, setState] = useState<TableState<Row, B> | null>(null);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [chip, setChip] = useState(chips[0] ?? '1.00');
  const [placing, setPlacing] = useState(false);
  const [result, setResult] = useState<R | null>(null);
  const [live, setLive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const liveRef = useRef(false);
  const closedRef = useRef(false);
  const placingRef = useRef(false);
  const lastShown = useRef<number | null>(null);
  const commitments = useRef(new Map<number, string>());
  const merchant = session?.merchant || launchInfo().merchant || '';
  const table = state?.table ?? configuredTable ?? '';

  const remember = useCallback((roundNo: number, hash: string) => {
    if (!commitments.current.has(roundNo)) commitments.current.set(roundNo, hash);
    const shown = houseStore.get(tableCommitAtom);
    if (!shown || roundNo >= shown.roundNo) houseStore.set(tableCommitAtom, { roundNo, serverSeedHash: hash });
  }, []);

  const showResult = useCallback(
    (res: R) => {
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
      const fresh = await api.state();
      const skew = clockOffsetMs(fresh.now, sent, Date.now());
      setOffset(skew);
      closedRef.current = fresh.phase !== 'BETTING' || msUntil(fresh.closesAt, skew, Date.now()) < POLL_MS;
      setState((prev) => ({ ...fresh, myBets: mergeMyBets(fresh.myBets, prev?.myBets ?? [], fresh.roundNo) }));
      setLoadError(null);
      remember(fresh.roundNo, fresh.serverSeedHash);
      const latest = fresh.history[0] as { roundNo: number } | undefined;
      if (lastShown.current === null) {
        // The first view: results before it are history, not news.
        lastShown.current = latest?.roundNo ?? fresh.roundNo - 1;
      } else if (!liveRef.current && latest && latest.roundNo > lastShown.current) {
        // No push channel: fetch the settled round to show it.
        try {
          showResult(await api.round(latest.roundNo));
          void refreshBalance();
        } catch {
          // not settled yet or gone: the next poll tries again
        }
      }
    } catch (e) {
      setLoadError(errorCodeOf(e));
    }
  }, [api, remember, showResult]);

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
    const stop = connectTableFeed<R>(
      merchant,
      table,
      {
        onLive: (up) => {
          liveRef.current = up;
          setLive(up);
        },
        onResult: (res) => {
          showResult(res);
          void refreshBalance();
          void load();
        },
      },
      game,
    );
    return () => {
      liveRef.current = false;
      stop();
    };
  }, [merchant, table, game, showResult, load]);

  const seconds = state ? countdownSeconds(state.closesAt, offset, now) : 0;
  const open = state !== null && state.phase === 'BETTING' && seconds > 0;
  const share = state && open ? windowLeft(state.opensAt, state.closesAt, offset, now) : 0;
  const myRound = state ? state.myBets.filter((b) => b.roundNo === state.roundNo) : [];

  const stakeOn = (spot: B) => {
    const stakes = myRound.filter((b) => b.betOn === spot).map((b) => b.stake);
    return stakes.length ? addMoney(...stakes) : null;
  };

  async function place(spot: B, stake: Money = chip): Promise<boolean> {
    if (!state || placingRef.current) return false;
    setError(null);
    if (!open) {
      setError('BETTING_CLOSED');
      return false;
    }
    if (!canAfford(houseStore.get(balanceAtom) ?? balance, stake)) {
      setError('INSUFFICIENT_FUNDS');
      return false;
    }
    placingRef.current = true;
    setPlacing(true);
    try {
      const answer = await api.bet(state.roundNo, spot, stake);
      setBalance(answer.balance);
      setState((prev) => (prev ? { ...prev, myBets: withBet(prev.myBets, { ...answer.bet, win: '0.00' }) } : prev));
      return true;
    } catch (e) {
      setError(roundFailure(e));
      return false;
    } finally {
      placingRef.current = false;
      setPlacing(false);
    }
  }

  return {
    state,
    result,
    live,
    error: error ?? loadError,
    loadError,
    dismissError: () => setError(null),
    fail: setError,
    chip,
    setChip,
    placing,
    seconds,
    open,
    share,
    myRound,
    stakeOn,
    place,
  };
}
