// The console's one Socket.IO connection: opened once the staff member is signed in with the second factor
// done (auth {merchant, token}), closed at sign-out. The server puts a staff socket in its rooms at connect
// (the cashier desk's console:<merchant> when the role reads the cashier); a page may ask for more topics
// (watchTopic) and hears events through useConsoleEvent. The client library is fetched on the first
// connect, so it never weighs on the portal's first page (scripts/budget.mjs) nor on the login screen.
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';

import { meAtom, merchantAtom, tokenAtom } from './store';

type Handler = (payload: unknown) => void;

let socket: Socket | null = null;
// Bumped by every open and close: a library that arrives after a newer call is not used to connect.
let generation = 0;
let client: Promise<typeof import('socket.io-client')> | null = null;
const handlers = new Map<string, Set<Handler>>();
// Topic -> how many watchers want it: one page leaving does not end another's subscription.
const topics = new Map<string, number>();

function deliver(event: string, payload: unknown): void {
  // A copy: a handler may stop listening while the event is handed round.
  for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
}

export function openLive(merchant: string, token: string): void {
  closeLive();
  const mine = generation;
  (client ??= import('socket.io-client')).then(
    ({ io }) => {
      if (mine !== generation) return;
      const next = io({ path: '/socket.io', transports: ['websocket', 'polling'], auth: { merchant, token } });
      // Also after every reconnect: the server forgets a socket's subscriptions with the socket.
      next.on('connect', () => {
        for (const topic of topics.keys()) next.emit('subscribe', topic);
        // After the subscriptions: a page catches up on what it missed while the socket was away.
        deliver(CONNECTED_EVENT, null);
      });
      next.onAny((event: string, payload: unknown) => deliver(event, payload));
      socket = next;
    },
    () => {
      client = null; // the next open tries the download again
    },
  );
}

// Heard (through useConsoleEvent) at every connect, the first and each reconnect.
export const CONNECTED_EVENT = 'live:connected';

// Send an event over the socket (the chat's typing signal); dropped while the socket is not up.
export function emitLive(event: string, payload: unknown): void {
  if (socket?.connected) socket.emit(event, payload);
}

// Send an event that the server acknowledges (the chat's send); the answer, or null when the socket is not
// up or did not answer within timeoutMs: the caller then takes the HTTP way.
export async function askLive(event: string, payload: unknown, timeoutMs: number): Promise<unknown> {
  if (!socket?.connected) return null;
  try {
    return (await socket.timeout(timeoutMs).emitWithAck(event, payload)) as unknown;
  } catch {
    return null;
  }
}

export function closeLive(): void {
  generation += 1;
  socket?.disconnect();
  socket = null;
}

// Listen to a server event while the component is mounted; the newest handler is called, so it may close
// over the component's current state without re-subscribing on every render.
export function useConsoleEvent(event: string, handler: (payload: unknown) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const forward: Handler = (payload) => latest.current(payload);
    const set = handlers.get(event) ?? new Set<Handler>();
    set.add(forward);
    handlers.set(event, set);
    return () => {
      set.delete(forward);
      if (set.size === 0 && handlers.get(event) === set) handlers.delete(event);
    };
  }, [event]);
}

// Ask the server for a topic's events (a room beyond those joined at connect) until the returned function
// is called. Subscribed again after a reconnect; watched before the socket is up, subscribed at connect.
export function watchTopic(topic: string): () => void {
  const count = (topics.get(topic) ?? 0) + 1;
  topics.set(topic, count);
  if (count === 1 && socket?.connected) socket.emit('subscribe', topic);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    const left = (topics.get(topic) ?? 1) - 1;
    if (left > 0) {
      topics.set(topic, left);
      return;
    }
    topics.delete(topic);
    if (socket?.connected) socket.emit('unsubscribe', topic);
  };
}

// The shell mounts this once: the connection follows the session (a new token reconnects, sign-out closes).
export function useLiveConnection(): void {
  const merchant = useAtomValue(merchantAtom);
  const token = useAtomValue(tokenAtom);
  const me = useAtomValue(meAtom);
  const ready = token !== null && me !== null && !me.otpEnrolmentRequired;
  useEffect(() => {
    if (!ready || token === null) return;
    openLive(merchant, token);
    return closeLive;
  }, [ready, merchant, token]);
}
