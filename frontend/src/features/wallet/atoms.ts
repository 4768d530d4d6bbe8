import { atom } from 'jotai';

// The header balance: null until the first answer (the panel shows an "updating" placeholder).
export const sumBalanceAtom = atom<string | null>(null);
export const balanceHiddenAtom = atom(false);
