import { EVENTS } from '../../realtime/events';
import { onEvent } from '../../realtime/socket';
import { store } from '../../state/store';
import { gamesApi, type Winner } from './api';
import { WINNER_ROWS, winnersAtom } from './atoms';

const identity = (w: Winner) => `${w.time}|${w.account}|${w.amount}|${w.gameName}`;

// New rows go on top; a row seen twice (a push racing the first fetch) is kept once; 20 rows at most.
export function mergeWinners(incoming: readonly Winner[], current: readonly Winner[], limit = WINNER_ROWS): Winner[] {
  const seen = new Set<string>();
  const out: Winner[] = [];
  for (const row of [...incoming, ...current]) {
    const key = identity(row);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(row);
  }
  return out.sort((a, b) => Date.parse(b.time) - Date.parse(a.time)).slice(0, limit);
}

export async function refreshWinners(): Promise<void> {
  try {
    const { list } = await gamesApi.winnerBoard();
    store.set(winnersAtom, (current) => mergeWinners(list, current));
  } catch {
    // The board keeps what it has; the next push adds to it.
  }
}

let stop: (() => void) | null = null;

// `winners` reaches every socket of the merchant (room merchant:{code}); rows are written into the store,
// so the board is current whenever the home page mounts.
export function watchWinners(): void {
  stop?.();
  stop = onEvent(EVENTS.winners, (payload) => {
    const list = (payload as { list?: unknown } | null)?.list;
    if (Array.isArray(list)) store.set(winnersAtom, (current) => mergeWinners(list as Winner[], current));
  });
}
