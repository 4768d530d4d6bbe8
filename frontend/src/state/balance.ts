// The header balance. The wallet keeps it fresh, and other features refresh it after moving money (a
// lottery bet) or read it (the betting record), so it lives here rather than in the wallet feature.
import { atom } from 'jotai';

import { fetchBalance } from '../api/balance';
import { EVENTS } from '../realtime/events';
import { onEvent } from '../realtime/socket';
import { store } from './store';

// The header balance: null until the first answer (the panel shows an "updating" placeholder).
export const sumBalanceAtom = atom<string | null>(null);
export const balanceHiddenAtom = atom(false);

export async function refreshBalance(): Promise<void> {
  try {
    store.set(sumBalanceAtom, (await fetchBalance()).sumBalance);
  } catch {
    // The panel keeps the last known amount; the next push or refresh corrects it.
  }
}

let stop: (() => void) | null = null;

// Every posting pushes the new sumBalance to the member's room (ARCHITECTURE, realtime events).
export function watchBalance(): void {
  stop?.();
  stop = onEvent(EVENTS.balance, (payload) => {
    const value = (payload as { sumBalance?: unknown } | null)?.sumBalance;
    if (typeof value === 'string') store.set(sumBalanceAtom, value);
  });
}
