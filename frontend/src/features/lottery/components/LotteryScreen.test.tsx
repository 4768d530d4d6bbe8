import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { domAnimation, LazyMotion } from 'framer-motion';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { call, type CallOptions } from '../../../api/client';
import type { Brand } from '../../../api/system';
import { alertAtom } from '../../../state/alert';
import { accountModalAtom } from '../../../state/account';
import { brandAtom, languageAtom, socketStateAtom, tokenAtom } from '../../../state/atoms';
import { sumBalanceAtom } from '../../../state/balance';
import { store } from '../../../state/store';
import type { GameMenuItem, Issue, LotteryBet, Opened } from '../api';
import { lotterySessionAtom, recentLotteryAtom } from '../atoms';
import { LotteryScreen } from './LotteryScreen';

vi.mock('../../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client')>()),
  call: vi.fn(),
}));
vi.mock('../../../i18n/react', () => ({ useTranslation: () => ({ t: (key: string) => `t:${key}` }) }));
const socket = vi.hoisted(() => ({
  handlers: new Map<string, (payload: unknown) => void>(),
  topics: [] as string[],
}));
vi.mock('../../../realtime/socket', () => ({
  onEvent: (name: string, handler: (payload: unknown) => void) => {
    socket.handlers.set(name, handler);
    return () => socket.handlers.delete(name);
  },
  subscribe: async (topic: string) => {
    socket.topics.push(topic);
    return true;
  },
  unsubscribe: async () => undefined,
}));
const mockedCall = vi.mocked(call);

const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const issue = (seq: number): Issue => ({
  gameCode: 'vn-fast-1m', issueNo: `20261123-000${seq}`, opensAt: at(-20_000), closesAt: at(30_000), drawAt: at(40_000),
  commitment: 'ab'.repeat(32),
});
const opened = (seq: number, special: string): Opened => ({
  gameCode: 'vn-fast-1m', issueNo: `20261123-000${seq}`, drawnAt: at(-1000),
  tiers: [{ tier: 'special', numbers: [special] }, { tier: 'seventh', numbers: ['07', '42'] }], serverSeed: 'seed', commitment: 'c',
});
const fast: GameMenuItem = {
  gameCode: 'vn-fast-1m', name: 'Fast VN 1', area: 'FAST', drawFormat: 'VN_NORTH', intervalSeconds: 60, prizeModes: ['Lott', 'ZY'],
  playTypes: [
    { code: 'LO', pick: { kind: 'number', digits: 2, maxCount: 10 }, odds: { Lott: '3.50', ZY: '3.40' }, minStake: '1.00', maxStake: '10000.00' },
    { code: '4D', pick: { kind: 'number', digits: 4, maxCount: 10 }, odds: { Lott: '9500.00' }, minStake: '1.00', maxStake: '10000.00' },
  ],
  currentIssue: issue(5), lastOpened: opened(4, '11111'),
};
const north: GameMenuItem = { ...fast, gameCode: 'vn-north', name: 'North', area: 'VN', intervalSeconds: null };
const bet = (status: LotteryBet['status'], win: string): LotteryBet => ({
  betId: 1, gameCode: 'vn-fast-1m', gameName: 'Fast VN 1', issueNo: '20261123-0005', prizeMode: 'Lott', playType: 'LO',
  numbers: ['07', '42'], stake: '1.00', total: '2.00', odds: '3.50', status, win, hits: status === 'WON' ? { '07': 1 } : {},
  wonNumbers: status === 'WON' ? [{ tier: 'seventh', index: 0 }] : [], placedAt: at(0), settledAt: null,
});

let bets: LotteryBet[] = [];

beforeEach(() => {
  bets = [];
  socket.handlers.clear();
  socket.topics.length = 0;
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, null);
  store.set(alertAtom, null);
  store.set(accountModalAtom, null);
  store.set(lotterySessionAtom, null);
  store.set(recentLotteryAtom, null);
  store.set(socketStateAtom, 'online');
  mockedCall.mockImplementation((path: string, options?: CallOptions) => {
    const answers: Record<string, unknown> = {
      '/lgw/games/game_menus': { menus: [{ area: 'FAST', games: [fast] }, { area: 'VN', games: [north] }] },
      '/lgw/vn/games/game_menu/recent': { list: [fast] },
      '/lgw/games/vn-fast-1m/state': { issue: issue(5), lastOpened: opened(4, '11111'), now: new Date().toISOString() },
      '/lgw/vn/numeros/opened/game': { list: [opened(4, '11111')] },
      '/wps/game/launchGame': { game_url: '/lottery?gameCode=vn-fast-1m&token=launch1', game_url2: '', launchMode: 'LOTT', trial: false },
      '/lgw/session': { sessionId: 'sid1', balance: '500.00', player: { nickname: 'p', currency: 'PHP', demo: false } },
      '/wps/v2/wallets/balance': { sumBalance: bets.length ? '498.00' : '500.00' },
    };
    if (path === '/lgw/bets' && options?.method === 'POST') {
      bets = [bet('OPEN', '0.00')];
      return Promise.resolve({ bet: bets[0], balance: '498.00' } as never);
    }
    if (path === '/lgw/bets') return Promise.resolve({ list: bets, pageNum: 1, totalPages: 1 } as never);
    return path in answers ? Promise.resolve(answers[path] as never) : Promise.reject(new Error(path));
  });
});

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

function renderScreen(path = '/lottery?gameCode=vn-fast-1m') {
  const router = createMemoryRouter(
    [{ path: '/lottery', element: <LotteryScreen titleKey="pages.lottery.title" source="all" areas={null} /> }],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <LazyMotion features={domAnimation} strict>
        <RouterProvider router={router} />
      </LazyMotion>
    </Provider>,
  );
  return router;
}

describe('LotteryScreen', () => {
  it('shows a visitor the menu, countdown and last draw, totals the slip and asks to log in to bet', async () => {
    renderScreen();
    const menu = await screen.findByTestId('lottery-menu');
    expect(within(menu).getByTestId('lottery-game-vn-fast-1m').getAttribute('aria-current')).toBe('true');
    expect(within(menu).getByTestId('lottery-game-vn-north')).toBeTruthy();
    expect(within(menu).queryByTestId('lottery-recent')).toBeNull();
    expect((await screen.findByTestId('lottery-issue')).getAttribute('data-issue')).toBe('20261123-0005');
    expect(screen.getByTestId('lottery-countdown').getAttribute('data-phase')).toBe('open');
    expect(screen.getByTestId('lottery-result').getAttribute('data-issue')).toBe('20261123-0004');
    expect(socket.topics).toEqual(['lottery:vn-fast-1m']);

    fireEvent.click(screen.getByTestId('lottery-number-07'));
    fireEvent.click(screen.getByTestId('lottery-number-42'));
    fireEvent.change(screen.getByTestId('lottery-stake'), { target: { value: '1.5' } });
    expect(screen.getByTestId('lottery-total').getAttribute('data-amount')).toBe('3.00');
    fireEvent.click(screen.getByTestId('lottery-place-bet'));
    const alert = store.get(alertAtom);
    expect(alert?.message).toBe('t:errors.UNAUTHORIZED');
    act(() => alert?.onConfirm?.());
    expect(store.get(accountModalAtom)).toBe('login');
    expect(mockedCall.mock.calls.some(([p]) => p === '/lgw/bets' || p === '/wps/game/launchGame')).toBe(false);
  });

  it('switches to typed entry for four digits and checks it', async () => {
    const router = renderScreen('/lottery?gameCode=vn-fast-1m&playType=4D');
    await screen.findByTestId('lottery-entry');
    expect(screen.queryByTestId('lottery-number-07')).toBeNull();
    fireEvent.change(screen.getByTestId('lottery-entry'), { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('lottery-entry-add'));
    expect(screen.getByTestId('lottery-entry-error').textContent).toBe('t:lottery.picker.invalid');
    fireEvent.change(screen.getByTestId('lottery-entry'), { target: { value: '1234 0007' } });
    fireEvent.click(screen.getByTestId('lottery-entry-add'));
    expect(screen.getByTestId('lottery-picked-0007')).toBeTruthy();
    fireEvent.click(screen.getByTestId('lottery-playtype-LO'));
    expect(router.state.location.search).toBe('?gameCode=vn-fast-1m&playType=LO');
    expect(await screen.findByTestId('lottery-number-07')).toBeTruthy();
    expect(screen.queryByTestId('lottery-picked-0007')).toBeNull();
  });

  it('bets with a lottery session, then reveals the pushed draw and the settled bet', async () => {
    store.set(tokenAtom, 'portal-token');
    renderScreen();
    expect(await screen.findByTestId('lottery-recent-vn-fast-1m')).toBeTruthy();
    await screen.findByTestId('lottery-issue');
    // The prize modes by what they pay, never their codes ("Lott / ZY").
    expect(['Lott', 'ZY'].map((mode) => screen.getByTestId(`lottery-prizemode-${mode}`).textContent)).toEqual([
      't:lottery.prizeModes.Lott', 't:lottery.prizeModes.ZY',
    ]);
    fireEvent.click(screen.getByTestId('lottery-prizemode-ZY'));
    fireEvent.click(screen.getByTestId('lottery-number-07'));
    fireEvent.click(screen.getByTestId('lottery-number-42'));
    expect(screen.getByTestId('lottery-total').getAttribute('data-amount')).toBe('2.00');
    await act(async () => fireEvent.click(screen.getByTestId('lottery-place-bet')));

    // The session was opened once, when "my bets" first loaded, and the bet rides on it.
    expect(mockedCall).toHaveBeenCalledWith('/wps/game/launchGame', expect.objectContaining({
      body: expect.objectContaining({ launchMode: 'LOTT', lottoGameCode: 'vn-fast-1m', lottoPrizeMode: 'Lott' }),
    }));
    expect(mockedCall).toHaveBeenCalledWith('/lgw/session', { method: 'POST', body: { token: 'launch1', merchant: 'demo' } });
    expect(mockedCall).toHaveBeenCalledWith('/lgw/bets', {
      method: 'POST',
      headers: { 'X-House-Session': 'sid1' },
      body: { gameCode: 'vn-fast-1m', issueNo: '20261123-0005', prizeMode: 'ZY', playType: 'LO', numbers: ['07', '42'], stake: '1.00' },
    });
    expect(mockedCall.mock.calls.filter(([p]) => p === '/wps/game/launchGame')).toHaveLength(1);
    expect((await screen.findByTestId('lottery-bet-1')).getAttribute('data-status')).toBe('OPEN');
    expect(screen.getByTestId('lottery-bet-1').textContent).toContain('t:lottery.prizeModes.Lott');
    expect(screen.getByTestId('lottery-placed')).toBeTruthy();
    expect(store.get(sumBalanceAtom)).toBe('498.00');

    bets = [bet('WON', '3.50')];
    await act(async () =>
      socket.handlers.get('lottery:opened')?.({ ...opened(5, '54307'), next: { ...issue(6), issueNo: '20261123-0006' } }),
    );
    expect(screen.getByTestId('lottery-result').getAttribute('data-issue')).toBe('20261123-0005');
    expect(screen.getByTestId('lottery-result').getAttribute('data-live')).toBe('true');
    expect(screen.getByTestId('lottery-issue').getAttribute('data-issue')).toBe('20261123-0006');
    await vi.waitFor(() => expect(screen.getByTestId('lottery-bet-1').getAttribute('data-status')).toBe('WON'));
    expect(screen.getByTestId('lottery-bet-1').getAttribute('data-win')).toBe('3.50');
  });

  it('fetches the bets again on the push even when the draw was already shown', async () => {
    store.set(tokenAtom, 'portal-token');
    bets = [bet('OPEN', '0.00')];
    // The draw of issue 5 is already in the state answer, its bets not settled yet.
    const drawn = opened(5, '54307');
    const base = mockedCall.getMockImplementation()!;
    mockedCall.mockImplementation((path, options) =>
      path === '/lgw/games/vn-fast-1m/state'
        ? Promise.resolve({ issue: issue(6), lastOpened: drawn, now: new Date().toISOString() } as never)
        : base(path, options),
    );
    renderScreen();
    expect((await screen.findByTestId('lottery-bet-1')).getAttribute('data-status')).toBe('OPEN');
    expect(screen.getByTestId('lottery-bet-1').textContent).toContain('t:lottery.prizeModes.Lott');
    expect(screen.getByTestId('lottery-result').getAttribute('data-issue')).toBe('20261123-0005');
    bets = [bet('LOST', '0.00')];
    await act(async () => socket.handlers.get('lottery:opened')?.({ ...drawn, next: issue(6) }));
    await vi.waitFor(() => expect(screen.getByTestId('lottery-bet-1').getAttribute('data-status')).toBe('LOST'));
  });
});
