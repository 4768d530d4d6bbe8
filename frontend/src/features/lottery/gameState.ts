// What the screen knows about the game shown, as a pure reducer: the issue taking bets, the clock offset,
// the issues closed and awaiting their draw, the result last revealed and the opened-number history.
// Answers may arrive out of order (a state answer older than a push): issue numbers only move forward.
import type { Issue, Opened, OpenedEvent } from './api';

export interface Reveal {
  opened: Opened;
  // True for a draw seen arriving (animated), false for the one already there when the game was opened.
  live: boolean;
}

export interface GameState {
  gameCode: string | null;
  issue: Issue | null;
  offsetMs: number;
  // Closed issues whose result has not been seen yet, oldest first.
  pending: Issue[];
  reveal: Reveal | null;
  history: Opened[] | null;
}

export type GameAction =
  | { type: 'reset'; gameCode: string | null }
  | { type: 'state'; gameCode: string; issue: Issue; lastOpened: Opened | null; offsetMs: number }
  | { type: 'opened'; event: OpenedEvent }
  | { type: 'history'; gameCode: string; list: Opened[] };

export const HISTORY_LIMIT = 100;

export function initialState(gameCode: string | null): GameState {
  return { gameCode, issue: null, offsetMs: 0, pending: [], reveal: null, history: null };
}

// Issue numbers of one game sort as text ("20261123-0745" < "20261123-0746", "20261123" < "20261124").
const newer = (a: string, b: string | undefined) => b === undefined || a > b;

function withResult(state: GameState, opened: Opened | null, animate: boolean): GameState {
  if (!opened || !newer(opened.issueNo, state.reveal?.opened.issueNo)) return state;
  const history = state.history && !state.history.some((o) => o.issueNo === opened.issueNo)
    ? [opened, ...state.history].slice(0, HISTORY_LIMIT)
    : state.history;
  return {
    ...state,
    reveal: { opened, live: animate && state.reveal !== null },
    pending: state.pending.filter((p) => newer(p.issueNo, opened.issueNo)),
    history,
  };
}

// A newer issue replaces the one shown; the one it replaces awaits its draw unless its result is known.
function withIssue(state: GameState, issue: Issue): GameState {
  const current = state.issue;
  if (current && !newer(issue.issueNo, current.issueNo)) return state;
  const drawn = state.reveal && !newer(current?.issueNo ?? '', state.reveal.opened.issueNo);
  const pending = current && !drawn ? [...state.pending, current] : state.pending;
  return { ...state, issue, pending };
}

export function gameReducer(state: GameState, action: GameAction): GameState {
  switch (action.type) {
    case 'reset':
      return initialState(action.gameCode);
    case 'state': {
      if (action.gameCode !== state.gameCode) return state;
      const next = withIssue({ ...state, offsetMs: action.offsetMs }, action.issue);
      // The first answer shows the last draw as it is; a later one may bring a draw the push missed.
      return withResult(next, action.lastOpened, true);
    }
    case 'opened': {
      const { next: issue, ...opened } = action.event;
      if (opened.gameCode !== state.gameCode) return state;
      return withIssue(withResult(state, opened, true), issue);
    }
    case 'history': {
      if (action.gameCode !== state.gameCode) return state;
      const next = { ...state, history: action.list.slice(0, HISTORY_LIMIT) };
      // Only a draw of an issue we saw close counts as arriving now (the push may have been missed).
      const top = action.list[0] ?? null;
      const awaited = top !== null && state.pending.some((p) => p.issueNo === top.issueNo);
      return state.reveal === null || awaited ? withResult(next, top, awaited) : next;
    }
  }
}
