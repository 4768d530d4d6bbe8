import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Game, GameListOut } from './api';
import {
  askForMore,
  FETCH_SIZE,
  hasMore,
  INITIAL_PAGING,
  nextPageToFetch,
  type Paging,
  throttle,
  visibleGames,
  withPage,
} from './paging';

function game(gameId: number, classification: string | null = null): Game {
  return {
    gameId,
    nodeId: 1,
    vassalage: 'V',
    gameCode: `g-${gameId}`,
    name: `Game ${gameId}`,
    gameType: 'SLOT',
    category: 'RNG',
    thumbnail: '',
    minBet: '1.00',
    lines: 20,
    isHot: false,
    isFavourite: false,
    roomId: null,
    accountTypeName: null,
    classification,
    allowsTrial: true,
  };
}

// A server holding `total` games, paged by pageNo/pageSize as the contract says.
function serve(total: number, pageNo: number, pageSize = FETCH_SIZE, make = game): GameListOut {
  const all = Array.from({ length: total }, (_, i) => make(i + 1));
  return {
    games: all.slice((pageNo - 1) * pageSize, pageNo * pageSize),
    pageNum: pageNo,
    totalPages: Math.ceil(total / pageSize),
    total,
  };
}

// Fetches until the grid has what it wants, as the hook's effect does.
function settle(p: Paging, total: number, shown = (_: Game) => true, make = game): Paging {
  let page = nextPageToFetch(p, shown);
  while (page !== null) {
    p = withPage(p, page, serve(total, page, FETCH_SIZE, make));
    page = nextPageToFetch(p, shown);
  }
  return p;
}

describe('game list paging', () => {
  it('shows 21 first, then 18 more each time, skipping and repeating nothing', () => {
    let p = settle(INITIAL_PAGING, 100);
    expect(visibleGames(p).map((g) => g.gameId)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(p.pagesFetched).toBe(1);
    const sizes = [21];
    while (hasMore(p)) {
      p = settle(askForMore(p), 100);
      sizes.push(visibleGames(p).length);
    }
    expect(sizes).toEqual([21, 39, 57, 75, 93, 100]);
    expect(visibleGames(p).map((g) => g.gameId)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(p.pagesFetched).toBe(5);
  });

  it('asks for every page at the same size, one page per reveal at most', () => {
    let p = settle(INITIAL_PAGING, 100);
    p = askForMore(p);
    expect(nextPageToFetch(p)).toBe(2);
    p = withPage(p, 2, serve(100, 2));
    expect(nextPageToFetch(p)).toBeNull(); // 42 fetched, 39 wanted: three wait for the next reveal
  });

  it('does not pile up requests while a reveal is still loading', () => {
    let p = settle(INITIAL_PAGING, 100);
    p = askForMore(p);
    expect(askForMore(p)).toBe(p);
  });

  it('ignores a stale or repeated answer and de-duplicates by gameId', () => {
    let p = withPage(INITIAL_PAGING, 1, serve(60, 1));
    expect(withPage(p, 1, serve(60, 1))).toBe(p);
    expect(withPage(p, 3, serve(60, 3))).toBe(p);
    // A game added to the catalogue between requests shifts game 21 onto page 2 as well.
    const shifted = { ...serve(60, 2), games: [game(21), ...serve(60, 2).games.slice(0, 20)] };
    p = withPage(askForMore(p), 2, shifted);
    const ids = p.games.map((g) => g.gameId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps fetching until a client-side filter fills the grid', () => {
    const make = (id: number) => game(id, id % 5 === 0 ? 'Baccarat' : 'Roulette');
    const shown = (g: Game) => g.classification === 'Baccarat';
    const p = settle(INITIAL_PAGING, 200, shown, make);
    expect(visibleGames(p, shown)).toHaveLength(21);
    expect(visibleGames(p, shown).every(shown)).toBe(true);
  });

  it('finishes on an empty list and stops after a failure', () => {
    const empty = settle(INITIAL_PAGING, 0);
    expect(visibleGames(empty)).toEqual([]);
    expect(hasMore(empty)).toBe(false);
    expect(nextPageToFetch({ ...INITIAL_PAGING, failed: true })).toBeNull();
  });
});

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once per window, keeping the last call', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 200);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(199);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn.mock.calls).toEqual([[1], [3]]);
    vi.advanceTimersByTime(500);
    throttled(4);
    expect(fn.mock.calls).toEqual([[1], [3], [4]]);
  });

  it('can be cancelled', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 200);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
