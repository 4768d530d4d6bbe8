// The member's unread platform-message count. The header badge shows it, the inbox (features/messages) sets it
// from its answers, and `messages:unread` pushes move it in every open tab. Imported only by code that loads
// after login (the member panel, the member centre): none of it is on the first page.
import { atom } from 'jotai';

import { call, type Schemas } from '../api/client';
import { EVENTS } from '../realtime/events';
import { onEvent } from '../realtime/socket';
import { socketStateAtom, tokenAtom } from './atoms';
import { store } from './store';

export const unreadCountAtom = atom(0);

// A message to everyone of a merchant reaches every open tab at once as {count: null}: each asks again at a
// random moment within this spread, so that the server does not take them all in the same instant.
export const REFETCH_SPREAD_MS = 3000;

// Bumped by every write and by every fetch as it starts: an answer is kept only if nothing newer came while
// it was on its way (a push, an inbox answer, a later fetch).
let version = 0;

export function setUnread(count: number): void {
  version += 1;
  store.set(unreadCountAtom, count);
}

export async function refreshUnread(): Promise<void> {
  if (!store.get(tokenAtom)) return;
  const asked = ++version;
  try {
    const { count } = await call<Schemas['UnreadOut']>('/wps/member/messages/unread');
    if (asked === version && store.get(tokenAtom)) store.set(unreadCountAtom, count);
  } catch {
    // The badge keeps its last count; the next push, reconnect or inbox answer corrects it.
  }
}

let spreadTimer: ReturnType<typeof setTimeout> | null = null;

function refreshSoon(): void {
  if (spreadTimer !== null) return; // one refetch answers any number of "ask again" pushes meanwhile
  spreadTimer = setTimeout(() => {
    spreadTimer = null;
    void refreshUnread();
  }, Math.random() * REFETCH_SPREAD_MS);
}

let watching = false;

// Idempotent: the first caller (the member panel) starts it, and it runs for the page's life. A login (a new
// token) and every (re)connect of the socket ask for the count, since a push may have been missed while
// there was no socket; a logout clears it.
export function watchUnread(): void {
  if (watching) return;
  watching = true;
  onEvent(EVENTS.messagesUnread, (payload) => {
    if (!store.get(tokenAtom)) return;
    const count = (payload as { count?: unknown } | null)?.count;
    if (typeof count === 'number') setUnread(count);
    else if (count === null) refreshSoon();
  });
  store.sub(socketStateAtom, () => {
    if (store.get(socketStateAtom) === 'online') void refreshUnread();
  });
  store.sub(tokenAtom, () => {
    if (store.get(tokenAtom)) {
      void refreshUnread();
      return;
    }
    if (spreadTimer !== null) clearTimeout(spreadTimer);
    spreadTimer = null;
    setUnread(0);
  });
  void refreshUnread();
}
