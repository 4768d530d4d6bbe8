import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../api/client';
import { connectRealtime, disconnectRealtime } from '../realtime/socket';
import { memberAtom } from '../state/account';
import { tokenAtom } from '../state/atoms';
import { memberCentreAtom } from '../state/memberCentre';
import { REFETCH_SPREAD_MS, setUnread, unreadCountAtom } from '../state/messages';
import { store } from '../state/store';
import { badgeText, UnreadBadge, UnreadCount } from './UnreadBadge';

vi.mock('../i18n/react', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
  }),
}));

type Listener = (payload?: unknown) => void;

// A stand-in socket per tab: the test fires the server's pushes at it.
// Pushes reach onAny's listener with their name (as socket.io-client calls it).
const sockets = vi.hoisted(() => [] as { listeners: Map<string, Listener>; any: ((name: string, payload?: unknown) => void) | null }[]);
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = {
      listeners: new Map<string, Listener>(),
      any: null as ((name: string, payload?: unknown) => void) | null,
      on(name: string, listener: Listener) {
        socket.listeners.set(name, listener);
      },
      onAny(listener: (name: string, payload?: unknown) => void) {
        socket.any = listener;
      },
      disconnect: () => undefined,
    };
    sockets.push(socket);
    return socket;
  },
}));

// The server's unread count, and every GET of it (with the token it carried).
let serverCount = 0;
const countReads: (string | null)[] = [];

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      if (url !== '/wps/member/messages/unread') throw new Error(`unexpected ${url}`);
      countReads.push((init.headers as Record<string, string>).Authorization ?? null);
      return Promise.resolve(new Response(JSON.stringify({ success: true, value: { count: serverCount } })));
    }),
  );
}

const push = (payload: unknown) =>
  act(async () => {
    sockets.at(-1)!.any!('messages:unread', payload);
    await Promise.resolve();
  });

const badge = () => screen.queryByTestId('unread-badge');
const entry = () => screen.getByTestId('inbox-entry');
const settle = () => act(async () => vi.advanceTimersByTimeAsync(0));

async function mountLoggedIn() {
  store.set(tokenAtom, 'token-1');
  store.set(memberAtom, { nickname: 'player1' } as never);
  connectRealtime('demo', 'token-1');
  await act(async () => vi.dynamicImportSettled());
  render(
    <Provider store={store}>
      <UnreadBadge />
    </Provider>,
  );
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers();
  setRequestContext(() => ({ merchant: 'demo', token: store.get(tokenAtom), language: 'EN' }));
  serverCount = 0;
  countReads.length = 0;
  serve();
});

afterEach(() => {
  cleanup();
  disconnectRealtime();
  sockets.length = 0;
  store.set(tokenAtom, null);
  store.set(memberCentreAtom, null);
  setUnread(0);
  vi.useRealTimers();
});

afterAll(() => vi.unstubAllGlobals());

describe('the header badge', () => {
  it('reads nothing at 0, the count up to 99, then 99+', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('asks for the count after login and shows it, hidden at 0', async () => {
    serverCount = 0;
    await mountLoggedIn();
    expect(countReads).toEqual(['token-1']);
    expect(badge()).toBeNull();
    expect(entry().getAttribute('aria-label')).toBe('messages.badgeLabel {"unread":0}');
    serverCount = 4;
    await act(async () => store.set(tokenAtom, 'token-2')); // a login in this tab: asked again
    await settle();
    expect(badge()?.textContent).toBe('4');
  });

  it('moves with the count pushed to the member, and shows 99+ above 99', async () => {
    serverCount = 2;
    await mountLoggedIn();
    expect(badge()?.textContent).toBe('2');
    await push({ count: 3 });
    expect(badge()?.textContent).toBe('3');
    expect(entry().getAttribute('aria-label')).toBe('messages.badgeLabel {"unread":3}');
    await push({ count: 150 });
    expect(badge()?.textContent).toBe('99+');
    expect(entry().getAttribute('aria-label')).toBe('messages.badgeLabel {"unread":150}');
    await push({ count: 0 });
    expect(badge()).toBeNull();
    expect(countReads).toHaveLength(1); // a count push needs no request
  });

  it('asks again within 0-3 s of a {count: null} push, once for several pushes', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    await mountLoggedIn();
    expect(countReads).toHaveLength(1);
    serverCount = 7;
    await push({ count: null });
    await push({ count: null });
    await act(async () => vi.advanceTimersByTimeAsync(REFETCH_SPREAD_MS * 0.5 - 1));
    expect(countReads).toHaveLength(1);
    expect(badge()).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(countReads).toHaveLength(2);
    expect(badge()?.textContent).toBe('7');
    await act(async () => vi.advanceTimersByTimeAsync(REFETCH_SPREAD_MS));
    expect(countReads).toHaveLength(2);
    vi.mocked(Math.random).mockRestore();
  });

  it('keeps a pushed count over the answer of a fetch that was already on its way', async () => {
    await mountLoggedIn();
    serverCount = 1;
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    vi.mocked(fetch).mockImplementationOnce(async () => {
      await slow;
      return new Response(JSON.stringify({ success: true, value: { count: 1 } }));
    });
    await act(async () => store.set(tokenAtom, 'token-2'));
    await push({ count: 5 });
    release();
    await settle();
    expect(badge()?.textContent).toBe('5');
  });

  it('asks again when the socket reconnects', async () => {
    await mountLoggedIn();
    serverCount = 9;
    await act(async () => sockets.at(-1)!.listeners.get('connect')!());
    await settle();
    expect(countReads).toHaveLength(2);
    expect(badge()?.textContent).toBe('9');
  });

  it('clears on logout and ignores pushes while logged out', async () => {
    serverCount = 6;
    await mountLoggedIn();
    expect(badge()?.textContent).toBe('6');
    await act(async () => store.set(tokenAtom, null));
    expect(store.get(unreadCountAtom)).toBe(0);
    expect(badge()).toBeNull();
    await push({ count: 3 });
    await push({ count: null });
    await act(async () => vi.advanceTimersByTimeAsync(REFETCH_SPREAD_MS));
    expect(store.get(unreadCountAtom)).toBe(0);
    expect(countReads).toHaveLength(1);
  });

  it('opens the member centre on messageV2', async () => {
    await mountLoggedIn();
    await act(async () => fireEvent.click(entry()));
    expect(store.get(memberCentreAtom)).toBe('messageV2');
  });

  it('shows the same count beside the member centre entry', async () => {
    serverCount = 12;
    await mountLoggedIn();
    render(
      <Provider store={store}>
        <UnreadCount />
      </Provider>,
    );
    expect(screen.getAllByText('12')).toHaveLength(2);
    await push({ count: 0 });
    expect(screen.queryAllByText('12')).toHaveLength(0);
  });
});
