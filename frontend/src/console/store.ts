// The console's session state: the staff token (kept in sessionStorage, see session.ts), the account behind
// it once read, and the notice the login screen shows when a session ended under the staff member.
import { atom, createStore } from 'jotai';

import type { StaffMe } from './api';
import { DEFAULT_MERCHANT, readToken, saveToken } from './session';

// The merchant the console runs for (main.tsx sets it from the address, see session.ts).
export const merchantAtom = atom(DEFAULT_MERCHANT);

const tokenValueAtom = atom<string | null>(null);

// Writing it remembers (or forgets) the token for the tab.
export const tokenAtom = atom(
  (get) => get(tokenValueAtom),
  (_get, set, token: string | null) => {
    saveToken(token);
    set(tokenValueAtom, token);
  },
);

export const meAtom = atom<StaffMe | null>(null);

// An i18n key, shown above the login form (e.g. the session ended).
export const noticeAtom = atom<string | null>(null);

// How the last session ended: logged out on purpose (the next login starts afresh), or under the staff
// member (with a notice; the next login returns to the page it was on).
export const exitAtom = atom<'logout' | 'ended' | null>(null);

// Sign out on this side only (there is no staff logout call): the token and the account are forgotten.
export const signOutAtom = atom(null, (_get, set, notice: string | null = null) => {
  set(exitAtom, notice ? 'ended' : 'logout');
  set(tokenAtom, null);
  set(meAtom, null);
  set(noticeAtom, notice);
});

// A store holding the token this tab remembers (main.tsx makes the page's one; tests make their own).
export function createConsoleStore(merchant: string = DEFAULT_MERCHANT) {
  const store = createStore();
  store.set(merchantAtom, merchant);
  store.set(tokenValueAtom, readToken());
  return store;
}
