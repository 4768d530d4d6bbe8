// The live side of the game shown: its state (issue, server clock), the opened-number history, the
// lottery:opened push of its room, and the look-ups that keep them right when a push is missed.
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';

import { EVENTS } from '../../realtime/events';
import { onEvent, subscribe, unsubscribe } from '../../realtime/socket';
import { socketStateAtom, tokenAtom } from '../../state/atoms';
import { refreshBalance } from '../../state/balance';
import { store } from '../../state/store';
import { lotteryApi, type OpenedEvent } from './api';
import { betsVersionAtom } from './atoms';
import { clockOffsetMs, msToNextPhase, phaseOf, type PhaseKind } from './clock';
import { gameReducer, initialState } from './gameState';

export const HISTORY_COUNT = 100;
// After drawAt the next issue is current: ask until the server says so.
const ROLL_RETRY_MS = 1500;
const ROLL_ATTEMPTS = 8;
// A draw not pushed this long after drawAt is looked for in the history.
const MISSED_DRAW_MS = 8000;
const MISSED_POLL_MS = 4000;
const MISSED_POLLS = 30;

export const lotteryTopic = (gameCode: string) => `lottery:${gameCode}`;

function isOpenedEvent(payload: unknown): payload is OpenedEvent {
  const p = payload as Partial<OpenedEvent> | null;
  return !!p && typeof p.gameCode === 'string' && typeof p.issueNo === 'string' && !!p.next && Array.isArray(p.tiers);
}

// The phase of an issue, re-rendered exactly when it changes.
export function usePhase(issue: { closesAt: string; drawAt: string } | null, offsetMs: number): PhaseKind | null {
  const [, setTick] = useState(0);
  const phase = issue ? phaseOf(issue, offsetMs, Date.now()).kind : null;
  useEffect(() => {
    if (!issue) return;
    const wait = msToNextPhase(issue, offsetMs, Date.now());
    if (wait === null) return;
    const timer = window.setTimeout(() => setTick((n) => n + 1), wait + 20);
    return () => window.clearTimeout(timer);
  }, [issue, offsetMs, phase]);
  return phase;
}

export function useLotteryGame(gameCode: string | null) {
  const [state, dispatch] = useReducer(gameReducer, gameCode, initialState);
  const bumpBets = useSetAtom(betsVersionAtom);
  const socketState = useAtomValue(socketStateAtom);
  const live = useRef(gameCode);
  live.current = gameCode;

  const loadState = useCallback(async (code: string) => {
    const sentAt = Date.now();
    const answer = await lotteryApi.state(code);
    const offsetMs = clockOffsetMs(answer.now, sentAt, Date.now());
    if (live.current === code) dispatch({ type: 'state', gameCode: code, ...answer, offsetMs });
    return answer;
  }, []);

  const loadHistory = useCallback(async (code: string) => {
    const { list } = await lotteryApi.opened(code, HISTORY_COUNT);
    if (live.current === code) dispatch({ type: 'history', gameCode: code, list });
  }, []);

  useEffect(() => {
    dispatch({ type: 'reset', gameCode });
    if (!gameCode) return;
    void loadState(gameCode).catch(() => undefined);
    void loadHistory(gameCode).catch(() => undefined);
  }, [gameCode, loadState, loadHistory]);

  // The room of the game; joined again each time the socket comes (back) online.
  useEffect(() => {
    if (!gameCode || socketState !== 'online') return;
    const topic = lotteryTopic(gameCode);
    void subscribe(topic).catch(() => false);
    return () => void unsubscribe(topic).catch(() => undefined);
  }, [gameCode, socketState]);

  useEffect(
    () =>
      onEvent(EVENTS.lotteryOpened, (payload) => {
        if (!isOpenedEvent(payload) || payload.gameCode !== live.current) return;
        dispatch({ type: 'opened', event: payload });
        void loadHistory(payload.gameCode).catch(() => undefined);
        // The push comes once the issue's bets are settled (a draw seen earlier in a state or history
        // answer may still have had them open).
        bumpBets((n) => n + 1);
        if (store.get(tokenAtom)) void refreshBalance();
      }),
    [loadHistory, bumpBets],
  );

  // Past drawAt the next issue takes bets: fetch it (the push brings it too, but may be late or lost).
  const phase = usePhase(state.issue, state.offsetMs);
  const issueNo = state.issue?.issueNo;
  useEffect(() => {
    if (phase !== 'waiting' || !gameCode || !issueNo) return;
    let attempts = 0;
    let timer = 0;
    const ask = () => {
      attempts += 1;
      void loadState(gameCode)
        .then((answer) => answer.issue.issueNo !== issueNo)
        .catch(() => false)
        .then((rolled) => {
          if (!rolled && attempts < ROLL_ATTEMPTS) timer = window.setTimeout(ask, ROLL_RETRY_MS);
        });
    };
    timer = window.setTimeout(ask, 250);
    return () => window.clearTimeout(timer);
  }, [phase, gameCode, issueNo, loadState]);

  // A draw awaited too long is looked for in the history.
  const awaited = state.pending[0];
  useEffect(() => {
    if (!awaited || !gameCode) return;
    const due = Date.parse(awaited.drawAt) - (Date.now() + state.offsetMs) + MISSED_DRAW_MS;
    let timer = 0;
    let polls = 0;
    const look = () => {
      polls += 1;
      void loadHistory(gameCode).catch(() => undefined);
      if (polls < MISSED_POLLS) timer = window.setTimeout(look, MISSED_POLL_MS);
    };
    timer = window.setTimeout(look, Math.max(0, due));
    return () => window.clearTimeout(timer);
  }, [awaited, gameCode, state.offsetMs, loadHistory]);

  // A draw seen arriving (pushed, or found in an answer) settles bets: my bets and the balance are fetched again.
  const revealed = state.reveal?.live ? state.reveal.opened.issueNo : null;
  useEffect(() => {
    if (!revealed) return;
    bumpBets((n) => n + 1);
    if (store.get(tokenAtom)) void refreshBalance();
  }, [revealed, bumpBets]);

  return { ...state, phase };
}
