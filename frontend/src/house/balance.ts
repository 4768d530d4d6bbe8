// The balance shown in the top bar: set from every round's answer, and refreshed by GET /balance (every
// 10 s and after live results). A refresh that started before a newer balance arrived is dropped.
import { getBalance } from './api';
import { balanceAtom, houseStore } from './store';
import type { Money } from './types';

let generation = 0;
let holds = 0;

// While a round is being played and animated, the periodic refresh waits: it would show the result early.
export function holdBalanceRefresh(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (!released) holds -= 1;
    released = true;
  };
}

export function setBalance(balance: Money): void {
  generation += 1;
  houseStore.set(balanceAtom, balance);
}

export async function refreshBalance(): Promise<void> {
  if (holds > 0) return;
  const started = generation;
  try {
    const { balance } = await getBalance();
    if (started === generation) {
      generation += 1;
      houseStore.set(balanceAtom, balance);
    }
  } catch {
    // A failed refresh keeps the last known balance; an expired session is reported by the api module.
  }
}

export const BALANCE_REFRESH_MS = 10_000;
