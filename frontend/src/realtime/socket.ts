// One Socket.IO connection per tab. It authenticates with the merchant and, when logged in, the session
// token; what arrives is written into the store, never handled inside components. The client library is
// fetched on the first connect, off the first page's critical path: nothing on screen waits for a push.
import type { Socket } from 'socket.io-client';

import { socketStateAtom } from '../state/atoms';
import { store } from '../state/store';

let socket: Socket | null = null;
// Bumped by every connect and disconnect, so that a connect whose library arrives after a newer call
// (a login right after the boot's connect) is dropped rather than opening a second socket.
let generation = 0;
const handlers = new Map<string, Set<(payload: unknown) => void>>();
let client: Promise<typeof import('socket.io-client')> | null = null;

export function connectRealtime(merchant: string, token: string | null): void {
  socket?.disconnect();
  socket = null;
  const mine = ++generation;
  store.set(socketStateAtom, 'connecting');
  (client ??= import('socket.io-client')).then(
    ({ io }) => {
      if (mine !== generation) return;
      const next = io({
        path: '/socket.io',
        transports: ['websocket', 'polling'],
        auth: token ? { merchant, token } : { merchant },
      });
      next.on('connect', () => store.set(socketStateAtom, 'online'));
      next.on('disconnect', () => store.set(socketStateAtom, 'offline'));
      next.on('connect_error', () => store.set(socketStateAtom, 'offline'));
      // Every push goes to the listeners of its name (EVENTS lists them); others have none.
      next.onAny((name: string, payload: unknown) => handlers.get(name)?.forEach((handler) => handler(payload)));
      socket = next;
    },
    () => {
      client = null; // the next connect tries the download again
      if (mine === generation) store.set(socketStateAtom, 'offline');
    },
  );
}

export function onEvent(name: string, handler: (payload: unknown) => void): () => void {
  const set = handlers.get(name) ?? new Set();
  set.add(handler);
  handlers.set(name, set);
  return () => set.delete(handler);
}

export async function subscribe(topic: string): Promise<boolean> {
  if (!socket) return false;
  const answer = (await socket.emitWithAck('subscribe', topic)) as { ok: boolean };
  return answer.ok;
}

export async function unsubscribe(topic: string): Promise<void> {
  if (!socket?.connected) return;
  await socket.emitWithAck('unsubscribe', topic);
}

export function disconnectRealtime(): void {
  generation += 1;
  socket?.disconnect();
  socket = null;
  store.set(socketStateAtom, 'offline');
}
