import { afterEach, describe, expect, it, vi } from 'vitest';

import { socketStateAtom } from '../state/atoms';
import { store } from '../state/store';
import { connectRealtime, disconnectRealtime, onEvent } from './socket';

type Listener = (payload?: unknown) => void;

// A stand-in socket: records its options and lets the test fire its events.
const sockets = vi.hoisted(
  () =>
    [] as {
      options: unknown;
      listeners: Map<string, Listener>;
      anyListener: ((name: string, payload?: unknown) => void) | null;
      disconnect: () => void;
    }[],
);
vi.mock('socket.io-client', () => ({
  io: (options: unknown) => {
    const socket = {
      options,
      listeners: new Map<string, Listener>(),
      anyListener: null as ((name: string, payload?: unknown) => void) | null,
      on(name: string, listener: Listener) {
        socket.listeners.set(name, listener);
      },
      // Every push: the test fires it by name, as the library calls onAny's listener (name, payload).
      onAny(listener: (name: string, payload?: unknown) => void) {
        socket.anyListener = listener;
      },
      disconnect: vi.fn(),
    };
    sockets.push(socket);
    return socket;
  },
}));

// The library arrives by a dynamic import: let it land.
const settle = async () => {
  await vi.dynamicImportSettled();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

afterEach(() => {
  disconnectRealtime();
  sockets.length = 0;
});

describe('realtime connection', () => {
  it('loads the client on the first connect and passes pushes to the listeners', async () => {
    connectRealtime('demo', null);
    expect(store.get(socketStateAtom)).toBe('connecting');
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    expect(sockets[0]!.options).toMatchObject({ auth: { merchant: 'demo' } });
    const heard = vi.fn();
    const stop = onEvent('winners', heard);
    sockets[0]!.anyListener!('winners', { list: [] });
    expect(heard).toHaveBeenCalledWith({ list: [] });
    // A push of any name reaches the listeners of that name, and only them.
    const state = vi.fn();
    const stopState = onEvent('minigames:state', state);
    sockets[0]!.anyListener!('minigames:state', { sessionId: 1 });
    expect(state).toHaveBeenCalledWith({ sessionId: 1 });
    expect(heard).toHaveBeenCalledTimes(1);
    stopState();
    sockets[0]!.listeners.get('connect')!();
    expect(store.get(socketStateAtom)).toBe('online');
    stop();
  });

  it('opens one socket, the latest, when a login reconnects before the client has arrived', async () => {
    connectRealtime('demo', null);
    connectRealtime('demo', 'token');
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    await settle();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.options).toMatchObject({ auth: { merchant: 'demo', token: 'token' } });
  });

  it('opens none when disconnected before the client has arrived', async () => {
    connectRealtime('demo', null);
    disconnectRealtime();
    await settle();
    expect(sockets).toHaveLength(0);
    expect(store.get(socketStateAtom)).toBe('offline');
  });
});
