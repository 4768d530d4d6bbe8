import { atom } from 'jotai';

// The member, the trial flag and the account popup other features read are in state/account.ts.

// cpw (SPEC §3): a password change is due; the change-password modal stays open until it is done.
export const cpwAtom = atom(false);
// The password typed at login, kept in memory only (never stored), so the forced change can skip
// asking for it again (SPEC §2.6, change-password form).
export const knownPasswordAtom = atom<string | null>(null);

export const loginTabAtom = atom<'username' | 'mobile'>('username');
export const referralCodeAtom = atom<string | null>(null);
