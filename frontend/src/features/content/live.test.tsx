import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Brand } from '../../api/system';
import { EVENTS } from '../../realtime/events';
import { brandAtom, languageAtom, socketStateAtom, tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import type { HomeNotice, Notice } from './api';
import { HomeNotices } from './components/HomeNotices';
import { noticeDate } from './dates';
import { REFETCH_SPREAD_MS } from './live';
import { fakeServer, renderAt, setUp } from '../../testing/portalTest';

const socket = vi.hoisted(() => ({ handlers: new Map<string, (payload: unknown) => void>() }));
vi.mock('../../realtime/socket', () => ({
  onEvent: (name: string, handler: (payload: unknown) => void) => {
    socket.handlers.set(name, handler);
    return () => socket.handlers.delete(name);
  },
}));

const notice = (id: number, title: string, date: number): Notice => ({ id, title, content: `<p>${title}</p>`, date, type: 'PLAYER' });
const published = Date.UTC(2026, 11, 6, 9, 30, 15);

let home: HomeNotice;
let announcements: Notice[];

beforeAll(setUp);
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  sessionStorage.setItem('noticePopupShown', '1');
  home = { player: [], banners: [], popup: [], promotion: [] };
  announcements = [];
  store.set(brandAtom, { merchantCode: 'demo' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, null);
  fakeServer(({ path }) => {
    if (path === '/wps/system/notice') return { value: home };
    if (path === '/wps/system/announcements') return { value: { list: announcements, pageNum: 1, totalPages: 1, total: announcements.length } };
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const pushed = () => act(() => socket.handlers.get(EVENTS.noticesChanged)?.({ kinds: ['PLAYER'] }));
const spreadPasses = () => act(async () => vi.advanceTimersByTimeAsync(REFETCH_SPREAD_MS));

describe('an open home page follows notices:changed', () => {
  it('reads its notices again within the spread, once for a burst of changes', async () => {
    renderAt('/', <HomeNotices />);
    await screen.findByTestId('home-notices');
    const calls = () => vi.mocked(fetch).mock.calls.filter(([url]) => String(url).includes('/wps/system/notice')).length;
    await vi.waitFor(() => expect(calls()).toBe(1));
    expect(screen.queryByText('Deposit bonus')).toBeNull();

    home = { ...home, player: [notice(7, 'Deposit bonus', published)] };
    announcements = [notice(8, 'Maintenance tonight', published)];
    pushed();
    pushed();
    await spreadPasses();
    const row = await screen.findByRole('button', { name: /Deposit bonus/ });
    expect(within(row).getByText(noticeDate(published))).toBeTruthy();
    expect(screen.getByTestId('notice-marquee').textContent).toContain('Maintenance tonight');
    expect(calls()).toBe(2);

    home = { ...home, player: [] }; // withdrawn
    pushed();
    await spreadPasses();
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /Deposit bonus/ })).toBeNull());
  });

  it('reads again when its socket comes back after being cut off', async () => {
    act(() => store.set(socketStateAtom, 'online'));
    renderAt('/', <HomeNotices />);
    await screen.findByTestId('home-notices');
    home = { ...home, player: [notice(9, 'Missed while away', published)] };
    act(() => store.set(socketStateAtom, 'offline'));
    act(() => store.set(socketStateAtom, 'online'));
    await spreadPasses();
    expect(await screen.findByRole('button', { name: /Missed while away/ })).toBeTruthy();
  });
});
