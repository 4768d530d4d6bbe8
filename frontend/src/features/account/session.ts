// The member session in the browser: SPEC §3's session-storage keys, the atoms, the socket's identity.
import { ApiError } from '../../api/client';
import { EVENTS } from '../../realtime/events';
import { connectRealtime, onEvent } from '../../realtime/socket';
import { accountModalAtom, isAgentAtom, memberAtom } from '../../state/account';
import { brandAtom, tokenAtom } from '../../state/atoms';
import { readSession, SESSION_KEYS, writeSession } from '../../state/sessionKeys';
import { store } from '../../state/store';
import { accountApi, type LoginOut, type MemberInfo } from './api';
import { cpwAtom, knownPasswordAtom } from './atoms';

const MEMBER_KEYS = ['nickname', 'account', 'username', 'customerId', 'toUpline', 'memberLabel', 'cpw'] as const;

function reconnect() {
  const brand = store.get(brandAtom);
  if (brand) connectRealtime(brand.merchantCode, store.get(tokenAtom));
}

function storeMember(member: MemberInfo) {
  store.set(memberAtom, member);
  store.set(isAgentAtom, member.isAgent);
  writeSession(SESSION_KEYS.isAgent, String(member.isAgent));
  writeSession('nickname', member.nickname);
  writeSession('account', member.account);
  writeSession('username', member.userName);
  writeSession('customerId', String(member.id));
  writeSession('toUpline', String(member.toUpline));
  writeSession('memberLabel', JSON.stringify(member.memberLabel));
}

export async function loadMember(): Promise<MemberInfo | null> {
  try {
    const member = await accountApi.memberInfo();
    storeMember(member);
    if (member.passwordChangeRequired) requirePasswordChange();
    return member;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) clearSession();
    return null;
  }
}

function requirePasswordChange() {
  store.set(cpwAtom, true);
  writeSession('cpw', '1');
  store.set(accountModalAtom, 'changePassword');
}

// SPEC §4 login steps: store the token, close the login modal, then either the forced password change
// or the member info.
export async function signIn(answer: LoginOut, password: string | null, viaSms = false): Promise<void> {
  writeSession(SESSION_KEYS.token, answer.token);
  writeSession(SESSION_KEYS.isAgent, String(answer.isAgent));
  store.set(tokenAtom, answer.token);
  store.set(isAgentAtom, answer.isAgent);
  store.set(knownPasswordAtom, password);
  store.set(accountModalAtom, null);
  reconnect();
  await loadMember();
  const forced = answer.passwordChangeRequired || (!viaSms && password === '123456');
  if (forced) requirePasswordChange();
}

export function clearSession() {
  for (const key of [SESSION_KEYS.token, SESSION_KEYS.isAgent, ...MEMBER_KEYS]) writeSession(key, null);
  store.set(tokenAtom, null);
  store.set(memberAtom, null);
  store.set(isAgentAtom, null);
  store.set(cpwAtom, false);
  store.set(knownPasswordAtom, null);
  reconnect();
}

export async function signOut(): Promise<void> {
  try {
    await accountApi.logout();
  } catch {
    // The session may already be gone server-side; the browser forgets it either way.
  }
  clearSession();
  store.set(accountModalAtom, null);
}

let stopRevocationListener: (() => void) | null = null;

// A session ended elsewhere (logout, password changed): forget it here and say why.
export function watchRevocation() {
  stopRevocationListener?.();
  stopRevocationListener = onEvent(EVENTS.sessionRevoked, () => {
    if (!store.get(tokenAtom)) return;
    clearSession();
    store.set(accountModalAtom, 'revoked');
  });
}

export async function restoreSession(): Promise<void> {
  watchRevocation();
  if (readSession(SESSION_KEYS.token)) await loadMember();
}
