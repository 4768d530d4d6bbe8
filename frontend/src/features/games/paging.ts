// Infinite scroll over the game list (SPEC §9: 21 games first, then 18 more each time).
//
// The server pages by pageNo/pageSize, so asking for 21 and then for 18 at pageNo 2 would start at
// offset 18 and repeat three games. Instead every request asks for the same pageSize (21): pages then
// tile the list exactly, with no game skipped or repeated, and the grid *reveals* 21, 39, 57... of what
// has arrived. Since 18 < 21, each reveal needs at most one more request; the spare games wait in
// memory for the next one. Games are still de-duplicated by gameId in case the catalogue changes between
// two requests and shifts a game across a page boundary.
import type { Game, GameListOut } from './api';

export const FIRST_PAGE = 21;
export const NEXT_PAGE = 18;
export const FETCH_SIZE = 21;

export interface Paging {
  // Everything fetched so far, in server order, each game once.
  games: Game[];
  pagesFetched: number;
  // Unknown until the first answer.
  totalPages: number | null;
  // How many (shown) games the grid wants: 21, then 39, 57...
  wanted: number;
  failed: boolean;
}

export const INITIAL_PAGING: Paging = { games: [], pagesFetched: 0, totalPages: null, wanted: FIRST_PAGE, failed: false };

export type Shown = (game: Game) => boolean;
const everything: Shown = () => true;

export function exhausted(p: Paging): boolean {
  return p.totalPages !== null && p.pagesFetched >= p.totalPages;
}

// The games the grid shows: those passing the page's own filter (the live classification), up to wanted.
export function visibleGames(p: Paging, shown: Shown = everything): Game[] {
  return p.games.filter(shown).slice(0, p.wanted);
}

// The page to request next, or null when the grid has what it wants (or nothing is left, or it failed).
export function nextPageToFetch(p: Paging, shown: Shown = everything): number | null {
  if (p.failed || exhausted(p)) return null;
  return p.games.filter(shown).length >= p.wanted ? null : p.pagesFetched + 1;
}

export function withPage(p: Paging, pageNo: number, page: GameListOut): Paging {
  // An answer to a request that is no longer the next one (raced or repeated) changes nothing.
  if (pageNo !== p.pagesFetched + 1) return p;
  const known = new Set(p.games.map((g) => g.gameId));
  const fresh = page.games.filter((g) => !known.has(g.gameId) && known.add(g.gameId));
  return { ...p, games: [...p.games, ...fresh], pagesFetched: pageNo, totalPages: page.totalPages };
}

export function hasMore(p: Paging, shown: Shown = everything): boolean {
  return p.games.filter(shown).length > p.wanted || !exhausted(p);
}

// The sentinel came into view: 18 more, but only once the last reveal is filled, so a burst of scroll
// events cannot queue several pages.
export function askForMore(p: Paging, shown: Shown = everything): Paging {
  if (p.failed || visibleGames(p, shown).length < p.wanted || !hasMore(p, shown)) return p;
  return { ...p, wanted: p.wanted + NEXT_PAGE };
}

// Leading and trailing: the first call runs at once, calls within the window collapse into one at its end.
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const throttled = (...args: A) => {
    const now = Date.now();
    if (now - last >= ms && timer === null) {
      last = now;
      fn(...args);
      return;
    }
    pending = args;
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      last = Date.now();
      const next = pending;
      pending = null;
      if (next) fn(...next);
    }, Math.max(0, ms - (now - last)));
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
