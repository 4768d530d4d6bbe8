import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';

import { addMoney } from '../../lib/money';
import { errorCodeOf } from '../api';
import { refreshBalance } from '../balance';
import { launchInfo } from '../boot';
import { clockOffsetMs, countdownSeconds, msUntil, windowLeft } from '../clock';
import { connectTableFeed } from '../socket';
import { houseStore, revealAtom, sessionAtom, tableCommitAtom } from '../store';
import { mergeMyBets, withBet } from '../tableBets';
import type { Money } from '../types';
import type { TableApi, TableBetAnswer, TableMyBet, TableMyRound, TableResult, TableState } from './types';
import { type PendingBet, type Refusal, useBetQueue } from './useBetQueue';

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
  // The chips not taken, with their spots, amounts and reasons, until dismissed.
  refusals: Refusal<B>[];
  chip: Money;
  setChip: (chip: Money) => void;
  // Chips tapped and still on their way.
  pending: PendingBet<B>[];
  // Seconds left to bet, whether bets are taken now, and the share of the window still left.
  seconds: number;
  open: boolean;
  share: number;
  myRound: TableMyBet<B>[];
  // The member's last rounds at this table from the house's records (any earlier session's too).
  rounds: TableMyRound<B, Row>[];
  // The stake on a spot this round, placed or on its way.
  stakeOn: (spot: B) => Money | null;
  pendingOn: (spot: B) => Money | null;
  // Places one bet (the chosen chip unless a stake is given); false when it was not placed (and said why).
  place: (spot: B, stake?: Money) => Promise<boolean>;
}

// A seat at a shared table, whatever its game: the round's state polled (and pushed, once the table's room
// answers), the server's clock, the commitment of each round remembered before its seed is revealed (the
// fairness panel compares them), the result shown once, the member's rounds read again after each result,
// and bets placed through the wallet on a tap (useBetQueue).
export function useTable<Row, R extends TableResult, B extends string>(
  api: TableApi<Row, R, B>,
  game: string,
  chips: Money[],
  configuredTable?: string,
): TableSeat<Row, R, B> {
  const session = useAtomValue(sessionAtom);
  const [state, setState] = useState<TableState<Row, B> | null>(null);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [chip, setChip] = useState(chips[0] ?? '1.00');
  const [result, setResult] = useState<R | null>(null);
  const [live, setLive] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [rounds, setRounds] = useState<TableMyRound<B, Row>[]>([]);

  const liveRef = useRef(false);
  const closedRef = useRef(false);
  const stateRef = useRef<TableState<Row, B> | null>(null);
  const offsetRef = useRef(0);
  const lastShown = useRef<number | null>(null);
  const commitments = useRef(new Map<number, string>());
  const merchant = session?.merchant || launchInfo().merchant || '';
  const table = state?.table ?? configuredTable ?? '';

  const remember = useCallback((roundNo: number, hash: string) => {
    if (!commitments.current.has(roundNo)) commitments.current.set(roundNo, hash);
    const shown = houseStore.get(tableCommitAtom);
    if (!shown || roundNo >= shown.roundNo) houseStore.set(tableCommitAtom, { roundNo, serverSeedHash: hash });
  }, []);

  const loadRounds = useCallback(async () => {
    try {
      setRounds(await api.rounds());
    } catch {
      // the list stays as it was; the next result reads it again
    }
  }, [api]);

  const showResult = useCallback(
    (res: R) => {
      if (lastShown.current !== null && res.roundNo <= lastShown.current) return;
      lastShown.current = res.roundNo;
      setResult(res);
      void loadRounds();
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
    [remember, loadRounds],
  );

  const load = useCallback(async () => {
    const sent = Date.now();
    try {
      const fresh = await api.state();
      const skew = clockOffsetMs(fresh.now, sent, Date.now());
      setOffset(skew);
      offsetRef.current = skew;
      stateRef.current = fresh;
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
    void loadRounds();
    const tick = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      window.clearInterval(tick);
    };
  }, [load, loadRounds]);

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

  // Asked at the tap and again when the chip is sent: the round taking bets by the server's clock.
  const roundOpen = useCallback(() => {
    const now = stateRef.current;
    if (!now || now.phase !== 'BETTING' || msUntil(now.closesAt, offsetRef.current, Date.now()) <= 0) return null;
    return now.roundNo;
  }, []);
  const placed = useCallback((answer: TableBetAnswer<B>) => {
    setState((prev) => (prev ? { ...prev, myBets: withBet(prev.myBets, { ...answer.bet, win: '0.00' }) } : prev));
  }, []);
  const myBetsRef = useRef<TableMyBet<B>[]>([]);
  myBetsRef.current = state?.myBets ?? [];
  const listed = useCallback(() => new Set(myBetsRef.current.map((b) => b.id)), []);
  const bets = useBetQueue<B>(roundOpen, listed, api.bet, placed);

  const seconds = state ? countdownSeconds(state.closesAt, offset, now) : 0;
  const open = state !== null && state.phase === 'BETTING' && seconds > 0;
  const share = state && open ? windowLeft(state.opensAt, state.closesAt, offset, now) : 0;
  const myRound = state ? state.myBets.filter((b) => b.roundNo === state.roundNo) : [];

  const stakeOn = (spot: B) => {
    const placedHere = myRound.filter((b) => b.betOn === spot && b.status !== 'VOID');
    const stakes = placedHere.map((b) => b.stake);
    // A chip whose bet a poll listed before the chip's own answer came is counted once.
    const claimed = new Set<number>();
    for (const chip of bets.pending.filter((p) => p.spot === spot)) {
      const listedAlready = placedHere.find(
        (b) => !claimed.has(b.id) && !chip.listedBefore.has(b.id) && b.stake === chip.stake,
      );
      if (listedAlready) claimed.add(listedAlready.id);
      else stakes.push(chip.stake);
    }
    return stakes.length ? addMoney(...stakes) : null;
  };

  return {
    state,
    result,
    live,
    error: bets.refusals.at(-1)?.code ?? loadError,
    loadError,
    dismissError: bets.dismiss,
    refusals: bets.refusals,
    chip,
    setChip,
    pending: bets.pending,
    seconds,
    open,
    share,
    myRound,
    rounds,
    stakeOn,
    pendingOn: bets.pendingOn,
    place: (spot, stake = chip) => bets.place(spot, stake),
  };
}
