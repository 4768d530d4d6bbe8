import { EVENTS } from '../../realtime/events';
import { onEvent } from '../../realtime/socket';
import { store } from '../../state/store';
import { walletApi } from './api';
import { sumBalanceAtom } from './atoms';

export async function refreshBalance(): Promise<void> {
  try {
    store.set(sumBalanceAtom, (await walletApi.balance()).sumBalance);
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
