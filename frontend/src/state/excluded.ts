// An excluded member's refused login (SELF_EXCLUDED), or the exclusion the member just took (issue 34): what
// the notice (features/protection/ExcludedNotice, its own chunk) shows, with the name and password just typed,
// kept only while the notice is open, for the one thing such a member may still do: withdraw what is left.
// Here, not in a feature: the login (account) sets it and player protection shows it.
import { atom } from 'jotai';

import { ApiError } from '../api/transport';
import { accountModalAtom } from './account';
import { store } from './store';

export type ExclusionKind = 'TIME_OUT' | 'SELF_EXCLUSION' | 'CLOSED';

// SELF_EXCLUDED's value, as the login's refusal carries it.
export interface ExcludedValue {
  kind: ExclusionKind;
  // null: permanent (or a closed account).
  until: number | null;
  withdrawable: string;
}

export interface ExcludedNoticeState extends Omit<ExcludedValue, 'withdrawable'> {
  // null when not known (an exclusion just taken, before the balance was read).
  withdrawable: string | null;
  username: string | null;
  password: string | null;
}

export const excludedAtom = atom<ExcludedNoticeState | null>(null);

// A login refused with SELF_EXCLUDED: the notice opens in place of the login's popup. `typed`: the name and
// password of a password login, which such a member may still withdraw with.
export function showExcluded(error: unknown, typed: { username: string; password: string } | null): void {
  const value = excludedValue(error);
  if (!value) return;
  store.set(excludedAtom, { ...value, username: typed?.username ?? null, password: typed?.password ?? null });
  store.set(accountModalAtom, 'excluded');
}

// SELF_EXCLUDED's value, when that is what `error` is.
export function excludedValue(error: unknown): ExcludedValue | null {
  if (!(error instanceof ApiError) || error.code !== 'SELF_EXCLUDED') return null;
  const value = (error.value ?? {}) as Partial<ExcludedValue>;
  return {
    kind: value.kind ?? 'SELF_EXCLUSION',
    until: typeof value.until === 'number' ? value.until : null,
    withdrawable: typeof value.withdrawable === 'string' ? value.withdrawable : '0.00',
  };
}
