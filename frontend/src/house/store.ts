// The house page's one Jotai store and its atoms. React reads it through <Provider store={houseStore}>;
// boot, polling and socket code write it from outside React with houseStore.set.
import { atom, createStore } from 'jotai';

import type { Fairness, HouseSession, Money } from './types';

export const houseStore = createStore();

export type BootState =
  | { phase: 'loading' }
  | { phase: 'ready' }
  | { phase: 'expired'; code: string }
  | { phase: 'failed'; code: string };

export const bootAtom = atom<BootState>({ phase: 'loading' });
export const sessionAtom = atom<HouseSession | null>(null);
export const balanceAtom = atom<Money>('0.00');
// The commitment for the next instant round.
export const fairnessAtom = atom<Fairness | null>(null);

// The last round whose server seed was revealed, with the hash this page saw committed before it.
export interface Reveal {
  kind: 'instant' | 'table';
  round: string; // nonce of an instant round, round number of a table round
  serverSeed: string;
  committedHash: string;
  observedBefore: boolean;
  clientSeed?: string;
}
export const revealAtom = atom<Reveal | null>(null);

// The live table's current round commitment, shown in the fairness panel.
export const tableCommitAtom = atom<{ roundNo: number; serverSeedHash: string } | null>(null);

export interface HistoryEntry {
  id: string;
  at: number;
  bet: Money;
  win: Money;
  summary: string; // already translated
}
export const historyAtom = atom<HistoryEntry[]>([]);
export const HISTORY_SIZE = 10;

export function recordRound(entry: HistoryEntry): void {
  houseStore.set(historyAtom, (list) => [entry, ...list.filter((e) => e.id !== entry.id)].slice(0, HISTORY_SIZE));
}
