// The reward centre: what can be claimed now on top, then the member's rewards with their status, amount,
// promotion and dates; Claim claims one, says what came of it (or why not) and reads the list again.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Brand } from '../../api/system';
import { showLanguage } from '../../i18n';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { sumBalanceAtom } from '../../state/balance';
import { memberCentreAtom } from '../../state/memberCentre';
import { store } from '../../state/store';
import type { RewardList } from './api';
import type { Mission, TaskProgress } from './missionsApi';
import { RewardCenterPage } from './pages/RewardCenterPage';
import { card, ENDS, fakeServer, renderAt, reward, setUp, STARTS } from './testSupport';

beforeAll(setUp);
beforeEach(() => {
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, 'member-token');
  store.set(memberCentreAtom, 'rewardCenter');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const full: RewardList = {
  claimable: [card(3, { title: 'Sign-up gift', kind: 'SIGNUP', status: 'CLAIM', action: 'CLAIM' })],
  list: [
    reward(11, { promotionId: 5, promotionTitle: 'First deposit 100%', kind: 'FIRST_DEPOSIT', amount: '150.00', depositAmount: '150.00' }),
    reward(10, { promotionId: 6, promotionTitle: 'Daily check-in', kind: 'CHECKIN', status: 'ISSUED', amount: '2.00', streak: 2, claimBy: null,
      paidAt: Date.UTC(2026, 11, 2, 3, 0, 0) }),
    reward(9, { promotionId: 8, promotionTitle: 'Weekly reload', kind: 'RELOAD', status: 'JOINED', amount: '0.00', claimBy: null }),
  ],
};

function serve(first: RewardList, then: RewardList = first, claimAnswer?: { status?: number; value?: unknown; errorCode?: string }) {
  let reads = 0;
  return fakeServer(({ method, path }) => {
    if (method === 'GET' && path === '/wps/member/rewards') return { value: reads++ === 0 ? first : then };
    if (method === 'POST' && (path === '/wps/member/rewards/11/claim' || path === '/wps/promotions/3/claim')) {
      return claimAnswer ?? { value: { promotion: card(5, { status: 'CLAIMED', action: null }), reward: reward(11, { status: 'CLAIMED', amount: '150.00' }) } };
    }
    return undefined;
  });
}

const rows = () => screen.getAllByTestId('reward-row');

describe('the reward centre', () => {
  it('lists what can be claimed now, then each reward with its status, amount, promotion and dates', async () => {
    serve(full);
    renderAt('/', <RewardCenterPage />);
    const offers = await screen.findByTestId('claimable-list');
    expect(within(offers).getByRole('link', { name: 'Sign-up gift' }).getAttribute('href')).toBe('/promoDetail?id=3');
    expect(within(offers).getByRole('button', { name: 'Claim' })).toBeTruthy();

    const [claimable, paid, joined] = rows();
    expect(within(claimable!).getByRole('link', { name: 'First deposit 100%' }).getAttribute('href')).toBe('/promoDetail?id=5');
    expect(within(claimable!).getByText('Ready to claim')).toBeTruthy();
    expect(within(claimable!).getAllByText('P 150.00')).toHaveLength(2); // the reward and its deposit
    // Claim by 2026-12-31 00:00 UTC, 07:00 in the tests' Ho Chi Minh City.
    expect(within(claimable!).getByText('Claim by')).toBeTruthy();
    expect(within(claimable!).getByText('2026-12-31 07:00:00 GMT+7')).toBeTruthy();
    expect(within(claimable!).getByRole('button', { name: 'Claim' })).toBeTruthy();

    expect(within(paid!).getByText('Daily check-in · Day 2')).toBeTruthy();
    expect(within(paid!).getByText('Paid', { selector: '.promo-status' })).toBeTruthy();
    expect(within(paid!).getByText('2026-12-02 10:00:00 GMT+7')).toBeTruthy();
    expect(within(paid!).queryByRole('button')).toBeNull();

    expect(within(joined!).getByText('Waiting for deposit')).toBeTruthy();
    expect(within(joined!).getByText('After your deposit')).toBeTruthy();
    expect(within(joined!).queryByRole('button')).toBeNull();
  });

  it('lists what loyalty paid, with the wagering a reward asks, in the reader\'s language', async () => {
    const paidAt = Date.UTC(2026, 11, 3, 1, 0, 0);
    serve({
      ...full,
      loyalty: [
        { id: 2, kind: 'VIP_UPGRADE', amount: '18.00', wagerMultiple: 3, paidAt },
        { id: 1, kind: 'CASHBACK', amount: '1.25', wagerMultiple: 0, paidAt },
      ],
    });
    store.set(languageAtom, 'CN');
    await showLanguage('CN');
    renderAt('/', <RewardCenterPage />);
    const [vip, cashback] = await screen.findAllByTestId('loyalty-reward-row');
    expect(within(vip!).getByText('VIP 晋级奖金')).toBeTruthy();
    expect(within(vip!).getByText('提款前需完成 3 倍流水')).toBeTruthy();
    expect(within(vip!).getByText('P 18.00')).toBeTruthy();
    expect(within(cashback!).getByText('返水')).toBeTruthy();
    expect(within(cashback!).queryByText(/流水/)).toBeNull();
    expect(within(cashback!).getByText('2026-12-03 08:00:00 GMT+7')).toBeTruthy();
    await showLanguage('EN');
  });

  it('shows no loyalty part when loyalty paid nothing', async () => {
    serve(full);
    renderAt('/', <RewardCenterPage />);
    await screen.findByTestId('claimable-list');
    expect(screen.queryByTestId('loyalty-reward-list')).toBeNull();
    expect(screen.queryByTestId('minigame-prize-list')).toBeNull();
  });

  it("lists what the mini-games gave: a wheel's money with its wagering, an egg's points, a rain's envelope", async () => {
    const wonAt = Date.UTC(2026, 11, 3, 1, 0, 0);
    serve({
      ...full,
      minigames: [
        { id: 7, game: 'WHEEL', kind: 'MONEY', amount: '5.00', value: null, wagerMultiple: 3, wonAt },
        { id: 6, game: 'EGG', kind: 'POINTS', amount: null, value: 100, wagerMultiple: 0, wonAt },
        { id: 3, game: 'RAIN', kind: 'MONEY', amount: '1.23', value: null, wagerMultiple: 0, wonAt },
      ],
    });
    renderAt('/', <RewardCenterPage />);
    const [wheel, egg, rain] = await screen.findAllByTestId('minigame-prize-row');
    expect(within(wheel!).getByText('Lucky wheel')).toBeTruthy();
    expect(within(wheel!).getByText('P 5.00')).toBeTruthy();
    expect(within(wheel!).getByText(/3×|3 ×|3x/)).toBeTruthy();
    expect(within(egg!).getByText('Golden egg')).toBeTruthy();
    expect(within(egg!).getByText('100 points')).toBeTruthy();
    expect(within(rain!).getByText('Red-envelope rain')).toBeTruthy();
    expect(within(rain!).getByText('P 1.23')).toBeTruthy();
    expect(within(rain!).queryByText(/3×/)).toBeNull();
    expect(within(rain!).getByText('2026-12-03 08:00:00 GMT+7')).toBeTruthy();
  });

  it('claims a claimable reward by its id, says what was received and reads the list again', async () => {
    const after: RewardList = { claimable: [], list: [{ ...full.list[0]!, status: 'CLAIMED', claimBy: null }, ...full.list.slice(1)] };
    const server = serve(full, after);
    renderAt('/', <RewardCenterPage />);
    await screen.findByTestId('reward-list');
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Claim' }));
    expect((await screen.findByTestId('reward-message')).textContent).toBe('You received P 150.00.');
    expect(server.calls('/wps/member/rewards/11/claim', 'POST')).toHaveLength(1);
    await waitFor(() => expect(server.calls('/wps/member/rewards')).toHaveLength(2));
    await waitFor(() => expect(within(rows()[0]!).queryByRole('button')).toBeNull());
    expect(within(rows()[0]!).getByText('Claimed')).toBeTruthy();
    expect(screen.queryByTestId('claimable-list')).toBeNull();
  });

  it('claims a claimable promotion through the promotion, and shows a refusal in words', async () => {
    const server = serve(full, full, { status: 409, errorCode: 'PROMOTION_NOT_CLAIMABLE' });
    renderAt('/', <RewardCenterPage />);
    const offers = await screen.findByTestId('claimable-list');
    fireEvent.click(within(offers).getByRole('button', { name: 'Claim' }));
    expect((await screen.findByRole('alert')).textContent).toBe('There is nothing to claim right now.');
    expect(server.calls('/wps/promotions/3/claim', 'POST')).toHaveLength(1);
  });

  it('says when there is no reward yet, and leads to the promotions, closing the member centre', async () => {
    serve({ claimable: [], list: [] });
    const { router } = renderAt('/', <RewardCenterPage />);
    expect(await screen.findByText('No rewards yet. Join a promotion to earn your first one.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'See the promotions' }));
    expect(store.get(memberCentreAtom)).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/promotions'));
  });
});

describe('the reward centre, periodic rewards', () => {
  it('names a turnover reward and a loss rebate and claims them by their id', async () => {
    const server = serve({
      claimable: [],
      list: [
        reward(11, { promotionId: 5, promotionTitle: 'Weekly turnover', kind: 'TURNOVER_TIERS', amount: '60.00' }),
        reward(12, { promotionId: 6, promotionTitle: 'Weekly rebate', kind: 'LOSS_REBATE', amount: '25.00' }),
      ],
    });
    renderAt('/', <RewardCenterPage />);
    await screen.findByTestId('reward-list');
    const [turnover, rebate] = rows();
    expect(within(turnover!).getByText('Turnover rewards')).toBeTruthy();
    expect(within(rebate!).getByText('Loss rebate')).toBeTruthy();
    expect(within(rebate!).getByText('P 25.00')).toBeTruthy();
    fireEvent.click(within(turnover!).getByRole('button', { name: 'Claim' }));
    await screen.findByTestId('reward-message');
    expect(server.calls('/wps/member/rewards/11/claim', 'POST')).toHaveLength(1);
  });
});

describe('the reward centre, mission tasks', () => {
  const task = (index: number, overrides: Partial<TaskProgress> = {}): TaskProgress => ({
    index, type: 'BET_COUNT', target: '5', category: null, progress: '5', done: true, claimed: false, reward: '20.00', tickets: null, raffleId: null,
    ...overrides,
  });
  const mission = (id: number, tasks: TaskProgress[]): Mission => ({
    promotion: card(id, { kind: 'MISSION', category: 'DAILY', period: 'DAILY', status: 'PROCESS', action: null, title: `Mission ${id}` }),
    periodKey: '2026-12-05', startsAt: STARTS, endsAt: ENDS, tasks, leaderboard: false,
  });
  const taskRows = () => screen.queryAllByTestId('mission-task-row');

  function serveTasks(first: RewardList, then: RewardList, answer: (path: string) => { status?: number; value?: unknown; errorCode?: string }) {
    let reads = 0;
    return fakeServer(({ method, path }) => {
      if (method === 'GET' && path === '/wps/member/rewards') return { value: reads++ === 0 ? first : then };
      if (method === 'POST' && /^\/wps\/promotions\/\d+\/tasks\/\d+\/claim$/.test(path)) return answer(path);
      if (method === 'GET' && path === '/wps/v2/wallets/balance') return { value: { sumBalance: '120.00' } };
      return undefined;
    });
  }

  it('offers a task done and not claimed, claims it by its mission and index, says what came and reads the list again', async () => {
    const before: RewardList = {
      claimable: [],
      list: [],
      missions: [mission(7, [task(0), task(1, { type: 'TURNOVER', target: '1000.00', progress: '1000.00', category: 'LIVE', reward: '5.00', tickets: 3 })])],
    };
    const after: RewardList = {
      claimable: [],
      list: [reward(21, { promotionId: 7, promotionTitle: 'Mission 7', kind: 'MISSION', status: 'ISSUED', amount: '20.00', claimBy: null, paidAt: STARTS })],
      missions: [mission(7, [task(0, { claimed: true }), task(1, { type: 'TURNOVER', target: '1000.00', progress: '1000.00', category: 'LIVE', reward: '5.00', tickets: 3 })])],
    };
    const server = serveTasks(before, after, () => ({
      value: { promotion: card(7, { kind: 'MISSION', status: 'PROCESS', action: null }), reward: reward(21, { promotionId: 7, kind: 'MISSION', status: 'ISSUED', amount: '20.00' }) },
    }));
    renderAt('/', <RewardCenterPage />);
    const list = await screen.findByTestId('claimable-list');
    expect(within(list).getAllByTestId('mission-task-row')).toHaveLength(2);
    const [bets, turnover] = taskRows();
    expect(within(bets!).getByRole('link', { name: 'Mission 7' }).getAttribute('href')).toBe('/promoDetail?id=7');
    expect(within(bets!).getByText('Missions · Place bets: 5')).toBeTruthy();
    expect(within(bets!).getByText('P 20.00')).toBeTruthy();
    expect(within(turnover!).getByText('Missions · Turnover: P 1,000.00 (Live Casino)')).toBeTruthy();
    expect(within(turnover!).getByText('P 5.00 + raffle tickets: 3')).toBeTruthy();

    fireEvent.click(within(bets!).getByRole('button', { name: 'Claim' }));
    expect((await screen.findByTestId('reward-message')).textContent).toBe('You received P 20.00.');
    expect(server.calls('/wps/promotions/7/tasks/0/claim', 'POST')).toHaveLength(1);
    // The header balance is read again, and so is the list.
    await waitFor(() => expect(store.get(sumBalanceAtom)).toBe('120.00'));
    await waitFor(() => expect(server.calls('/wps/member/rewards')).toHaveLength(2));
    await waitFor(() => expect(taskRows()).toHaveLength(1));
    expect(within(taskRows()[0]!).getByText('P 5.00 + raffle tickets: 3')).toBeTruthy();
    expect(within(rows()[0]!).getByRole('link', { name: 'Mission 7' })).toBeTruthy();
  });

  it('says what a task that pays only raffle tickets gave, and a refusal in words', async () => {
    store.set(sumBalanceAtom, null);
    const only: RewardList = { claimable: [], list: [], missions: [mission(7, [task(0, { reward: null, tickets: 2 })]), mission(8, [task(3)])] };
    const server = serveTasks(only, only, (path) =>
      path === '/wps/promotions/7/tasks/0/claim'
        ? { value: { promotion: card(7, { kind: 'MISSION', status: 'PROCESS', action: null }), reward: reward(22, { promotionId: 7, kind: 'MISSION', status: 'ISSUED', amount: '0.00' }) } }
        : { status: 409, errorCode: 'PROMOTION_ALREADY' },
    );
    renderAt('/', <RewardCenterPage />);
    await screen.findByTestId('claimable-list');
    fireEvent.click(within(taskRows()[0]!).getByRole('button', { name: 'Claim' }));
    expect((await screen.findByTestId('reward-message')).textContent).toBe('Claimed: raffle tickets: 2.');
    // No money came: the header balance is not read.
    expect(server.calls('/wps/v2/wallets/balance')).toHaveLength(0);
    await waitFor(() => expect(within(taskRows()[1]!).getByRole('button', { name: 'Claim' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(taskRows()[1]!).getByRole('button', { name: 'Claim' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already taken part in this promotion.');
  });

  it('does not offer a task claimed already or not done yet', async () => {
    serve({
      claimable: [],
      list: [reward(11, { promotionTitle: 'Weekly reload', kind: 'RELOAD' })],
      missions: [mission(7, [task(0, { claimed: true }), task(1, { done: false, progress: '2' })])],
    });
    renderAt('/', <RewardCenterPage />);
    await screen.findByTestId('reward-list');
    expect(taskRows()).toHaveLength(0);
    expect(screen.queryByTestId('claimable-list')).toBeNull();
    expect(screen.queryByText('Mission 7')).toBeNull();
  });
});
