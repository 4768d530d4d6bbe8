import { atom } from 'jotai';

import type { MemberInfo } from './api';

export const memberAtom = atom<MemberInfo | null>(null);
export const isAgentAtom = atom<number | null>(null);
// SPEC §4: the logged-in flag is true once member info is stored, false on logout.
export const loggedInAtom = atom((get) => get(memberAtom) !== null);
export const isTrialAtom = atom((get) => get(isAgentAtom) === 4);
// cpw (SPEC §3): a password change is due; the change-password modal stays open until it is done.
export const cpwAtom = atom(false);
// The password typed at login, kept in memory only (never stored), so the forced change can skip
// asking for it again (SPEC §2.6, change-password form).
export const knownPasswordAtom = atom<string | null>(null);

export type AccountModal =
  | 'login'
  | 'register'
  | 'forgot'
  | 'changePassword'
  | 'logout'
  | 'trialWarning'
  | 'revoked'
  | null;
export const accountModalAtom = atom<AccountModal>(null);
export const loginTabAtom = atom<'username' | 'mobile'>('username');
export const referralCodeAtom = atom<string | null>(null);
