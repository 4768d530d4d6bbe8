import { describe, expect, it } from 'vitest';

import type { Issue, Opened } from './api';
import { gameReducer, type GameState, initialState } from './gameState';

const issue = (seq: number): Issue => ({
  gameCode: 'vn-fast-1m',
  issueNo: `20261123-${String(seq).padStart(4, '0')}`,
  opensAt: '', closesAt: '', drawAt: '', commitment: 'c',
});
const opened = (seq: number): Opened => ({
  gameCode: 'vn-fast-1m', issueNo: issue(seq).issueNo, drawnAt: '', tiers: [{ tier: 'special', numbers: ['12345'] }],
  serverSeed: 's', commitment: 'c',
});
const loaded = (): GameState =>
  gameReducer(initialState('vn-fast-1m'), {
    type: 'state', gameCode: 'vn-fast-1m', issue: issue(5), lastOpened: opened(4), offsetMs: 120,
  });

describe('lottery game state', () => {
  it('shows the last draw as it is on the first answer', () => {
    const state = loaded();
    expect(state.issue?.issueNo).toBe('20261123-0005');
    expect(state.offsetMs).toBe(120);
    expect(state.reveal).toEqual({ opened: opened(4), live: false });
    expect(state.pending).toEqual([]);
  });

  it('keeps a closed issue pending until its draw arrives live, and moves to the next', () => {
    // At drawAt the server's current issue is the next one; the draw is not settled yet.
    let state = gameReducer(loaded(), {
      type: 'state', gameCode: 'vn-fast-1m', issue: issue(6), lastOpened: opened(4), offsetMs: 100,
    });
    expect(state.issue?.issueNo).toBe('20261123-0006');
    expect(state.pending.map((p) => p.issueNo)).toEqual(['20261123-0005']);
    state = gameReducer(state, { type: 'opened', event: { ...opened(5), next: issue(6) } });
    expect(state.reveal).toEqual({ opened: opened(5), live: true });
    expect(state.pending).toEqual([]);
    expect(state.issue?.issueNo).toBe('20261123-0006');
  });

  it('takes the next issue from the push and ignores older answers and other games', () => {
    let state = gameReducer(loaded(), { type: 'opened', event: { ...opened(5), next: issue(6) } });
    expect(state.issue?.issueNo).toBe('20261123-0006');
    expect(state.pending).toEqual([]);
    // A slow state answer from before the draw changes nothing.
    const stale = gameReducer(state, {
      type: 'state', gameCode: 'vn-fast-1m', issue: issue(5), lastOpened: opened(4), offsetMs: 100,
    });
    expect(stale.issue?.issueNo).toBe('20261123-0006');
    expect(stale.reveal?.opened.issueNo).toBe('20261123-0005');
    state = gameReducer(state, { type: 'opened', event: { ...opened(9), gameCode: 'other', next: issue(10) } });
    expect(state.reveal?.opened.issueNo).toBe('20261123-0005');
  });

  it('finds a missed draw in the history', () => {
    let state = gameReducer(loaded(), {
      type: 'state', gameCode: 'vn-fast-1m', issue: issue(6), lastOpened: opened(4), offsetMs: 100,
    });
    state = gameReducer(state, { type: 'history', gameCode: 'vn-fast-1m', list: [opened(5), opened(4)] });
    expect(state.reveal).toEqual({ opened: opened(5), live: true });
    expect(state.pending).toEqual([]);
    expect(state.history?.map((o) => o.issueNo)).toEqual(['20261123-0005', '20261123-0004']);
  });
});
