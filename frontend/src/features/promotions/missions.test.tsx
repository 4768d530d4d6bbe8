// Missions (issue 31): on /promoDetail a visitor sees the tasks as the terms state them and the leaderboard;
// a member sees their progress, claims a task done (the page is read again) and hears a refusal in words; the
// leaderboard joins its room and takes the pushes of its own board only, the member's row marked; the member
// centre's missionLeaderboard page lists the member's missions and sets the menu's badge.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Brand } from '../../api/system';
import { brandAtom, languageAtom, socketStateAtom, tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import type { PromotionCard } from './api';
import { MissionCount, missionCountAtom } from './components/MissionCount';
import { progressPercent } from './components/MissionPanel';
import type { Leaderboard, LeaderboardRow, Mission, MissionDetail, MissionTask, TaskProgress } from './missionsApi';
import { MissionLeaderboardPage } from './pages/MissionLeaderboardPage';
import { PromotionDetail } from './pages/PromotionDetail';
import { card, detail, fakeServer, PARAMS, renderAt, reward, setUp } from './testSupport';

const socket = vi.hoisted(() => ({
  handlers: new Map<string, Set<(payload: unknown) => void>>(),
  topics: [] as string[],
  left: [] as string[],
}));
vi.mock('../../realtime/socket', () => ({
  onEvent: (name: string, handler: (payload: unknown) => void) => {
    const set = socket.handlers.get(name) ?? new Set();
    set.add(handler);
    socket.handlers.set(name, set);
    return () => set.delete(handler);
  },
  subscribe: async (topic: string) => {
    socket.topics.push(topic);
    return true;
  },
  unsubscribe: async (topic: string) => {
    socket.left.push(topic);
  },
}));
const push = (name: string, payload: unknown) => act(() => socket.handlers.get(name)?.forEach((handler) => handler(payload)));

beforeAll(setUp);
beforeEach(() => {
  socket.handlers.clear();
  socket.topics.length = 0;
  socket.left.length = 0;
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, null);
  store.set(socketStateAtom, 'online');
  store.set(missionCountAtom, 0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TERMS: MissionTask[] = [
  { type: 'BET_COUNT', target: '5', category: 'LIVE', reward: '10.00', tickets: null, raffleId: null },
  { type: 'TURNOVER', target: '1000.00', category: null, reward: '20.00', tickets: 3, raffleId: 9 },
  { type: 'LOGIN_DAYS', target: '3', category: null, reward: null, tickets: 2, raffleId: 9 },
];

const progress = (index: number, overrides: Partial<TaskProgress>): TaskProgress => ({ ...TERMS[index]!, index, progress: '0', done: false, claimed: false, ...overrides });

const missionCard = (id: number, overrides: Partial<PromotionCard> = {}) =>
  card(id, { kind: 'MISSION', category: 'DAILY', period: 'DAILY', status: 'PROCESS', action: null, title: `Mission ${id}`, ...overrides });

const mission = (id: number, tasks: TaskProgress[], leaderboard = true): Mission => ({
  promotion: missionCard(id),
  periodKey: '2026-12-05',
  startsAt: Date.UTC(2026, 11, 5),
  endsAt: Date.UTC(2026, 11, 6),
  tasks,
  leaderboard,
});

const rows: LeaderboardRow[] = [
  { rank: 1, name: 'am***ia', score: '5000.00', prize: '100.00', tag: 't1' },
  { rank: 2, name: 'jo***ua', score: '3000.00', prize: '50.00', tag: 't2' },
];

const board = (id: number, overrides: Partial<Leaderboard> = {}): Leaderboard => ({
  promotionId: id,
  title: `Mission ${id}`,
  periodKey: '2026-12-05',
  startsAt: Date.UTC(2026, 11, 5),
  endsAt: Date.UTC(2026, 11, 6),
  prizes: ['100.00', '50.00'],
  category: null,
  rows,
  me: null,
  room: `leaderboard:demo:${id}`,
  ...overrides,
});

function missionDetail(id: number, value: Mission | null): MissionDetail {
  return {
    ...detail(id, missionCard(id)),
    params: { ...PARAMS, period: 'DAILY', tasks: TERMS, leaderboard: { prizes: ['100.00', '50.00'], category: null, size: 10 } },
    mission: value,
  };
}

const tasks = () => screen.getAllByTestId('mission-task');
const boardRows = () => screen.getAllByTestId('mission-board-row');

describe('a mission on /promoDetail', () => {
  it('shows a visitor the tasks as the terms state them, and the leaderboard, live', async () => {
    const server = fakeServer(({ path, query }) => {
      if (path === '/wps/promotions/7') return { value: missionDetail(7, null) };
      if (path === '/wps/relay/missionLeaderboard' && query.get('promotionId') === '7') return { value: board(7) };
      return undefined;
    });
    renderAt('/promoDetail?id=7', <PromotionDetail />);
    await screen.findByTestId('mission-panel');
    expect(tasks().map((li) => li.querySelector('.mission-task-name')!.textContent)).toEqual([
      'Place bets: 5 (Live Casino)',
      'Turnover: P 1,000.00',
      'Days logged in: 3',
    ]);
    expect(tasks().map((li) => li.querySelector('.mission-task-reward')?.textContent)).toEqual([
      'P 10.00',
      'P 20.00 + raffle tickets: 3',
      'raffle tickets: 2',
    ]);
    expect(screen.queryAllByRole('progressbar')).toHaveLength(0);
    expect(screen.getByTestId('mission-visitor').textContent).toContain('Log in');

    await waitFor(() => expect(boardRows()).toHaveLength(2));
    expect(server.calls('/wps/relay/missionLeaderboard')[0]!.headers.Authorization).toBeUndefined();
    expect(boardRows()[0]!.textContent).toContain('am***ia');
    expect(boardRows()[0]!.textContent).toContain('P 5,000.00');
    expect(socket.topics).toEqual(['leaderboard:demo:7']);

    // Another board's push, or the same board's other period, is not ours; ours replaces the rows.
    push('missions:leaderboard', { promotionId: 8, periodKey: '2026-12-05', rows: [] });
    push('missions:leaderboard', { promotionId: 7, periodKey: '2026-12-04', rows: [] });
    expect(boardRows()).toHaveLength(2);
    push('missions:leaderboard', {
      promotionId: 7,
      periodKey: '2026-12-05',
      rows: [{ rank: 1, name: 'jo***ua', score: '6000.00', prize: '100.00', tag: 't2' }, { ...rows[0]!, rank: 2, prize: '50.00' }],
    });
    expect(boardRows().map((tr) => tr.dataset.rank)).toEqual(['1', '2']);
    expect(boardRows()[0]!.textContent).toContain('jo***ua');
    expect(boardRows()[0]!.textContent).toContain('P 6,000.00');
  });

  it("shows a member's progress and claims a task done; the page is read again", async () => {
    let claimed = false;
    const server = fakeServer(({ method, path }) => {
      if (path === '/wps/promotions/7') {
        return {
          value: missionDetail(
            7,
            mission(7, [
              progress(0, { progress: '5', done: true, claimed }),
              progress(1, { progress: '250.50' }),
              progress(2, { progress: '3', done: true, claimed: true }),
            ]),
          ),
        };
      }
      if (path === '/wps/relay/missionLeaderboard') {
        return { value: board(7, { me: { rank: 2, score: '3000.00', tag: 't2' } }) };
      }
      if (method === 'POST' && path === '/wps/promotions/7/tasks/0/claim') {
        claimed = true;
        return { value: { promotion: missionCard(7), reward: reward(50, { kind: 'MISSION' as never, status: 'CLAIMED', amount: '10.00' }) } };
      }
      if (path === '/wps/v2/wallets/balance') return { value: { sumBalance: '110.00' } };
      return undefined;
    });
    store.set(tokenAtom, 'token');
    renderAt('/promoDetail?id=7', <PromotionDetail />);
    await screen.findByTestId('mission-panel');
    expect(screen.queryByTestId('mission-visitor')).toBeNull();
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['100', '25', '100']);
    expect(screen.getAllByTestId('mission-task-figures').map((e) => e.textContent)).toEqual(['5 / 5', 'P 250.50 / P 1,000.00', '3 / 3']);
    expect(within(tasks()[1]!).getByTestId('mission-task-state').textContent).toBe('In progress');
    expect(within(tasks()[2]!).getByTestId('mission-task-state').textContent).toBe('Claimed');

    // The member's own row is marked.
    await waitFor(() => expect(boardRows()).toHaveLength(2));
    expect(boardRows()[1]!.getAttribute('aria-current')).toBe('true');
    expect(boardRows()[0]!.getAttribute('aria-current')).toBeNull();
    expect(screen.queryByTestId('mission-board-mine')).toBeNull();

    fireEvent.click(within(tasks()[0]!).getByRole('button', { name: 'Claim' }));
    expect((await screen.findByTestId('mission-message')).textContent).toContain('P 10.00');
    expect(server.calls('/wps/promotions/7/tasks/0/claim', 'POST')[0]!.headers.Authorization).toBe('token');
    await waitFor(() => expect(within(tasks()[0]!).getByTestId('mission-task-state').textContent).toBe('Claimed'));
    expect(server.calls('/wps/promotions/7', 'GET')).toHaveLength(2);
    // The board is read again too (a claim does not change it, but the member's standing may have moved).
    await waitFor(() => expect(server.calls('/wps/relay/missionLeaderboard')).toHaveLength(2));
  });

  it('says a refused claim in words, and shows a member below the board their own rank', async () => {
    fakeServer(({ method, path }) => {
      if (path === '/wps/promotions/7') return { value: missionDetail(7, mission(7, [progress(0, { progress: '5', done: true })])) };
      if (path === '/wps/relay/missionLeaderboard') return { value: board(7, { me: { rank: 31, score: '12.50', tag: 't9' } }) };
      if (method === 'POST') return { status: 409, errorCode: 'PROMOTION_TASK_NOT_DONE' };
      return undefined;
    });
    store.set(tokenAtom, 'token');
    renderAt('/promoDetail?id=7', <PromotionDetail />);
    fireEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    const refusal = await screen.findByTestId('mission-message');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(refusal.textContent).toBe('This task is not done yet.');
    expect((await screen.findByTestId('mission-board-mine')).textContent).toBe('Your rank: 31 · your turnover: P 12.50');
  });
});

describe('the member centre missionLeaderboard page', () => {
  it("lists the member's missions with their tasks and boards, the others' boards after, and sets the badge", async () => {
    let count = 2;
    const server = fakeServer(({ method, path }) => {
      if (path === '/wps/relay/missionSummary') {
        return {
          value: {
            count,
            list: [mission(7, [progress(0, { progress: '5', done: true, claimed: count < 2 }), progress(1, { progress: '0' })]), mission(8, [progress(2, { progress: '1' })], false)],
          },
        };
      }
      if (path === '/wps/relay/missionLeaderboards') {
        const me = { rank: 1, score: '5000.00', tag: 't1' };
        return { value: { list: [board(7, { me }), board(9, { title: 'Weekend race', rows: [], me: { rank: null, score: '0.00', tag: 't7' } })] } };
      }
      if (method === 'POST' && path === '/wps/promotions/7/tasks/0/claim') {
        count = 1;
        return { value: { promotion: missionCard(7), reward: reward(51, { status: 'CLAIMED', amount: '10.00' }) } };
      }
      return undefined;
    });
    store.set(tokenAtom, 'token');
    renderAt('/', <>
      <MissionCount />
      <MissionLeaderboardPage />
    </>);
    await screen.findByTestId('mission-page');
    const cards = screen.getAllByTestId('mission-card');
    expect(cards.map((c) => c.dataset.id)).toEqual(['7', '8', '9']);
    expect(within(cards[0]!).getByRole('link', { name: 'Mission 7' }).getAttribute('href')).toBe('/promoDetail?id=7');
    expect(within(cards[0]!).getAllByTestId('mission-task')).toHaveLength(2);
    expect(within(cards[1]!).queryByTestId('mission-board')).toBeNull();
    expect(within(cards[2]!).getByRole('link', { name: 'Weekend race' })).toBeTruthy();
    expect(within(cards[2]!).getByTestId('mission-board-empty')).toBeTruthy();
    expect(within(cards[2]!).getByTestId('mission-board-mine').textContent).toBe('You are not ranked yet · your turnover: P 0.00');
    // No board read one by one: the list brings each with the member's standing.
    expect(server.calls('/wps/relay/missionLeaderboard')).toHaveLength(0);
    await waitFor(() => expect(within(cards[0]!).getAllByTestId('mission-board-row')[0]!.getAttribute('aria-current')).toBe('true'));
    expect(screen.getByTestId('mission-count').textContent).toBe('2');
    expect(socket.topics.sort()).toEqual(['leaderboard:demo:7', 'leaderboard:demo:9']);

    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(screen.getByTestId('mission-count').textContent).toBe('1'));
    expect(server.calls('/wps/relay/missionSummary').length).toBeGreaterThanOrEqual(2);
    expect(server.calls('/wps/relay/missionLeaderboards')).toHaveLength(2);
  });

  it('says when no mission runs, and shows no badge at 0', async () => {
    fakeServer(({ path }) => {
      if (path === '/wps/relay/missionSummary') return { value: { count: 0, list: [] } };
      if (path === '/wps/relay/missionLeaderboards') return { value: { list: [] } };
      return undefined;
    });
    store.set(tokenAtom, 'token');
    renderAt('/', <>
      <MissionCount />
      <MissionLeaderboardPage />
    </>);
    expect((await screen.findByTestId('mission-empty')).textContent).toContain('There are no missions running right now.');
    expect(screen.queryByTestId('mission-count')).toBeNull();
  });
});

describe('progressPercent', () => {
  it('compares counts and amounts as whole numbers and cents, never above 100', () => {
    expect(progressPercent({ type: 'BET_COUNT', target: '3', progress: '1', done: false })).toBe(33);
    expect(progressPercent({ type: 'TURNOVER', target: '0.30', progress: '0.10', done: false })).toBe(33);
    expect(progressPercent({ type: 'DEPOSIT', target: '100.00', progress: '150.00', done: false })).toBe(100);
    expect(progressPercent({ type: 'DEPOSIT', target: '100.00', progress: 'x', done: false })).toBe(0);
    expect(progressPercent({ type: 'NEW_GAME', target: '2', progress: '0', done: true })).toBe(100);
  });
});
