// Who is logged in, and which account popup is open: the account feature writes them, and other features
// read them (a launch needs the member, a bet opens the login popup), so they live here, not in a feature.
import { atom } from 'jotai';

import type { Schemas } from '../api/client';
import { tokenAtom } from './atoms';
import { store } from './store';

export type MemberInfo = Schemas['MemberInfoOut'];

export const memberAtom = atom<MemberInfo | null>(null);
export const isAgentAtom = atom<number | null>(null);
// SPEC §4: the logged-in flag is true once member info is stored, false on logout.
export const loggedInAtom = atom((get) => get(memberAtom) !== null);
export const isTrialAtom = atom((get) => get(isAgentAtom) === 4);

export type AccountModal =
  | 'login'
  | 'register'
  | 'forgot'
  | 'changePassword'
  | 'logout'
  | 'trialWarning'
  | 'revoked'
  // A time-out, self-exclusion or closed account refused the login, or the member just took one (issue 34).
  | 'excluded'
  | null;
export const accountModalAtom = atom<AccountModal>(null);

// SPEC §6: a visitor's protected action opens the login popup; a trial account's is refused with the
// in_need_true_account warning. Returns whether the action may go on.
export function memberActionAllowed(): boolean {
  if (!store.get(tokenAtom)) {
    store.set(accountModalAtom, 'login');
    return false;
  }
  if (store.get(isTrialAtom)) {
    store.set(accountModalAtom, 'trialWarning');
    return false;
  }
  return true;
}
