// /promotions and /promoDetail: the list under its category tabs, for visitors too; each card's button does
// what its action says (log in, join, claim, check in, go and deposit, or nothing: a label); a refusal is
// shown in words; a promotion's page sums its terms up, shows a check-in's streak and the rules, sanitised;
// a turnover reward or loss rebate counts with no button (In progress) and shows the member's progress.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Brand } from '../../api/system';
import { accountModalAtom } from '../../state/account';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { memberCentreAtom } from '../../state/memberCentre';
import { store } from '../../state/store';
import type { ActionResult, PromotionCard, PromotionDetail as PromotionDetailValue, PromotionList as List, PromotionProgress } from './api';
import { tierStanding } from './format';
import { PromotionDetail } from './pages/PromotionDetail';
import { PromotionList } from './pages/PromotionList';
import { card, detail, fakeServer, PARAMS, renderAt, reward, setUp } from './testSupport';

beforeAll(setUp);
beforeEach(() => {
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, null);
  store.set(accountModalAtom, null);
  store.set(memberCentreAtom, null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const cards = () => screen.queryAllByTestId('promo-card');
const titles = () => cards().map((li) => within(li).getByRole('heading').textContent);
const cardOf = (id: number) => cards().find((li) => li.dataset.id === String(id))!;

function serveList(value: List, answers: Record<string, (path: string) => { status?: number; value?: unknown; errorCode?: string }> = {}) {
  return fakeServer(({ method, path }) => {
    if (method === 'GET' && path === '/wps/promotions') return { value };
    const action = /^\/wps\/promotions\/(\d+)\/(join|claim|checkin)$/.exec(path);
    if (method === 'POST' && action) return answers[action[2]!]?.(path);
    return undefined;
  });
}

describe('/promotions', () => {
  const list: List = {
    list: [
      card(1, { title: 'Welcome bonus', kind: 'SIGNUP', category: 'NEW_MEMBER', imageUrl: '/welcome.png', action: 'LOGIN' }),
      card(2, { title: 'Daily check-in', kind: 'CHECKIN', category: 'DAILY', endsAt: null, action: 'LOGIN' }),
      card(3, { title: 'Weekly reload', kind: 'RELOAD', category: 'DEPOSIT', period: 'WEEKLY', action: 'LOGIN' }),
    ],
    categories: ['NEW_MEMBER', 'DAILY', 'DEPOSIT'],
  };

  it('shows every promotion to a visitor, under an All tab and one per category, and filters by tab', async () => {
    const server = serveList(list);
    const { router } = renderAt('/promotions', <PromotionList />);
    await screen.findByTestId('promo-grid');
    expect(server.calls('/wps/promotions')[0]!.headers.Authorization).toBeUndefined();
    const tabs = within(screen.getByRole('tablist', { name: 'Promotion categories' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['All', 'New members', 'Daily', 'Deposit bonuses']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(titles()).toEqual(['Welcome bonus', 'Daily check-in', 'Weekly reload']);

    fireEvent.click(screen.getByRole('tab', { name: 'Daily' }));
    expect(titles()).toEqual(['Daily check-in']);
    expect(screen.getByRole('tab', { name: 'Daily' }).getAttribute('aria-selected')).toBe('true');
    expect(router.state.location.search).toBe('?category=DAILY');

    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(titles()).toHaveLength(3);
    expect(router.state.location.search).toBe('');
  });

  it('opens on the tab of the address, and shows each card with its picture or a placeholder, its dates and a link to its page', async () => {
    serveList(list);
    renderAt('/promotions?category=DEPOSIT', <PromotionList />);
    await screen.findByTestId('promo-grid');
    expect(titles()).toEqual(['Weekly reload']);
    const reload = cardOf(3);
    // 2026-12-01 00:00 UTC is 07:00 in Ho Chi Minh City, where the tests' browser is.
    expect(within(reload).getByText(/2026-12-01 – 2026-12-31/)).toBeTruthy();
    expect(within(reload).getByText('Weekly')).toBeTruthy();
    expect(within(reload).getByTestId('promo-placeholder')).toBeTruthy();
    expect(within(reload).getByRole('link', { name: 'Weekly reload' }).getAttribute('href')).toBe('/promoDetail?id=3');

    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(cardOf(1).querySelector('img')?.getAttribute('src')).toBe('/welcome.png');
    expect(within(cardOf(2)).getByText('From 2026-12-01, no end date')).toBeTruthy();
  });

  it('says so when there is no promotion, and offers a retry when the list does not come', async () => {
    serveList({ list: [], categories: [] });
    renderAt('/promotions', <PromotionList />);
    expect(await screen.findByText('No promotions right now. Check back soon.')).toBeTruthy();
    cleanup();
    fakeServer(() => ({ status: 503, errorCode: 'SYSTEM_MAINTENANCE' }));
    renderAt('/promotions', <PromotionList />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe("a promotion's button", () => {
  const paid = (promotion: PromotionCard, status: 'CLAIMED' | 'ISSUED', amount: string, streak = 0): ActionResult => ({
    promotion,
    reward: reward(9, { promotionId: promotion.id, status, amount, streak }),
  });
  const list: List = {
    list: [
      card(1, { title: 'Visitor', action: 'LOGIN' }),
      card(2, { title: 'Join me', action: 'JOIN' }),
      card(3, { title: 'Sign-up gift', kind: 'SIGNUP', status: 'CLAIM', action: 'CLAIM' }),
      card(4, { title: 'Check-in', kind: 'CHECKIN', category: 'DAILY', action: 'CHECKIN' }),
      card(5, { title: 'Joined', status: 'JOINED', action: 'DEPOSIT' }),
      card(6, { title: 'Paid already', status: 'ISSUED', action: null }),
      card(7, { title: 'Later', status: 'COMING_SOON', action: null }),
    ],
    categories: ['DEPOSIT', 'DAILY'],
  };
  const button = (id: number) => within(cardOf(id)).queryByRole('button');

  beforeEach(() => store.set(tokenAtom, 'member-token'));

  it('reads as its action, or is a label when there is nothing to press', async () => {
    serveList(list);
    renderAt('/promotions', <PromotionList />);
    await screen.findByTestId('promo-grid');
    expect([1, 2, 3, 4, 5].map((id) => button(id)?.textContent)).toEqual([
      'Log in to join',
      'Join now',
      'Claim',
      'Check in',
      'Deposit now',
    ]);
    expect(within(cardOf(5)).getByTestId('promo-status').textContent).toBe('Joined');
    expect(button(6)).toBeNull();
    expect(within(cardOf(6)).getByTestId('promo-status').textContent).toBe('Issued');
    expect(button(7)).toBeNull();
    expect(within(cardOf(7)).getByTestId('promo-status').textContent).toBe('Coming soon');
  });

  it('LOGIN opens the login, DEPOSIT the member centre on its deposit page, without a call', async () => {
    const server = serveList(list);
    renderAt('/promotions', <PromotionList />);
    await screen.findByTestId('promo-grid');
    fireEvent.click(button(1)!);
    expect(store.get(accountModalAtom)).toBe('login');
    fireEvent.click(button(5)!);
    expect(store.get(memberCentreAtom)).toBe('depositv2');
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('JOIN, CLAIM and CHECKIN call the server, say what came of it and show the card as it is now', async () => {
    const server = serveList(list, {
      join: () => ({ value: { promotion: card(2, { title: 'Join me', status: 'JOINED', action: 'DEPOSIT' }), reward: null } }),
      claim: () => ({ value: paid(card(3, { title: 'Sign-up gift', kind: 'SIGNUP', status: 'CLAIMED', action: null }), 'CLAIMED', '88.00') }),
      checkin: () => ({
        value: paid(card(4, { title: 'Check-in', kind: 'CHECKIN', category: 'DAILY', status: 'SIGNED', action: null }), 'ISSUED', '5.00', 3),
      }),
    });
    renderAt('/promotions', <PromotionList />);
    await screen.findByTestId('promo-grid');

    fireEvent.click(button(2)!);
    expect(await within(cardOf(2)).findByRole('status')).toHaveProperty('textContent', 'You have joined. Your bonus comes with a qualifying deposit.');
    expect(button(2)!.textContent).toBe('Deposit now');
    expect(within(cardOf(2)).getByTestId('promo-status').textContent).toBe('Joined');
    expect(server.calls('/wps/promotions/2/join', 'POST')[0]!.headers.Authorization).toBe('member-token');

    fireEvent.click(button(3)!);
    expect(await within(cardOf(3)).findByRole('status')).toHaveProperty('textContent', 'You received P 88.00.');
    expect(button(3)).toBeNull();
    expect(within(cardOf(3)).getByTestId('promo-status').textContent).toBe('Claimed');

    fireEvent.click(button(4)!);
    expect(await within(cardOf(4)).findByRole('status')).toHaveProperty('textContent', 'Day 3 checked in: you received P 5.00.');
    expect(within(cardOf(4)).getByTestId('promo-status').textContent).toBe('Checked in today');
    expect(server.calls('/wps/promotions/3/claim', 'POST')).toHaveLength(1);
    expect(server.calls('/wps/promotions/4/checkin', 'POST')).toHaveLength(1);
  });

  it.each([
    ['PROMOTION_NOT_ELIGIBLE', 'You are not eligible for this promotion.'],
    ['PROMOTION_ALREADY', 'You have already taken part in this promotion.'],
    ['PROMOTION_ADDRESS_USED', 'This promotion has already been taken from your network address.'],
    ['in_need_true_account', 'This is a free-play account. Please register a real account first.'],
  ])('shows the refusal %s in words, and keeps the button', async (code, text) => {
    serveList(list, { join: () => ({ status: 409, errorCode: code }) });
    renderAt('/promotions', <PromotionList />);
    await screen.findByTestId('promo-grid');
    fireEvent.click(button(2)!);
    expect((await within(cardOf(2)).findByRole('alert')).textContent).toBe(text);
    expect(button(2)!.textContent).toBe('Join now');
  });
});

describe('/promoDetail', () => {
  function serveDetail(value: unknown, after?: unknown) {
    let reads = 0;
    return fakeServer(({ method, path }) => {
      if (method === 'GET' && path === '/wps/promotions/7') return { value: reads++ > 0 && after ? after : value };
      if (method === 'POST' && path === '/wps/promotions/7/checkin') {
        return { value: { promotion: card(7, { kind: 'CHECKIN', status: 'SIGNED', action: null }), reward: reward(1, { status: 'ISSUED', amount: '2.00', streak: 2 }) } };
      }
      return undefined;
    });
  }

  it('shows the banner, title, period, the terms at a glance and the rules, sanitised', async () => {
    serveDetail(
      detail(7, {
        title: 'Double your first deposit',
        imageUrl: '/banner.png',
        content: '<p>Read <b>these</b> rules.</p><img src=x onerror="alert(1)"><script>alert(2)</script>',
      }),
    );
    renderAt('/promoDetail?id=7', <PromotionDetail />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Double your first deposit');
    expect(screen.getByTestId('promo-detail').querySelector('.promo-banner img')?.getAttribute('src')).toBe('/banner.png');
    expect(screen.getByText(/2026-12-01 07:00:00 GMT\+7 – 2026-12-31 07:00:00 GMT\+7/)).toBeTruthy();
    const terms = within(screen.getByTestId('promo-terms')).getAllByRole('listitem').map((li) => li.textContent);
    expect(terms).toEqual([
      '100% up to P 500.00 on a deposit of at least P 100.00',
      'On your first deposit only',
      'Join before you deposit: the bonus is paid with your deposit',
      'Wager 10× the bonus within 30 days',
      'Until the wagering is complete, nothing can be withdrawn from your wallet',
      'Max stake P 50.00 a bet until the wagering is complete',
      'One per network address',
    ]);
    const rules = screen.getByTestId('promo-rules');
    await waitFor(() => expect(rules.querySelector('b')?.textContent).toBe('these'));
    expect(rules.querySelector('script')).toBeNull();
    expect(rules.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(screen.getByRole('button', { name: 'Join now' })).toBeTruthy();
  });

  it("shows a check-in's streak with today's day marked, and checks in, then reads the page again", async () => {
    const rewards = ['1.00', '2.00', '3.00', '5.00'];
    const before = detail(7, { kind: 'CHECKIN', category: 'DAILY', status: 'JOIN', action: 'CHECKIN', streak: 2,
      params: { ...PARAMS, rewards, percent: null, cap: null, minDeposit: null, claimMode: null, wagerMultiple: 0, maxStake: null, onePerAddress: false } });
    const after = { ...before, status: 'SIGNED', action: null };
    const server = serveDetail(before, after);
    store.set(tokenAtom, 'member-token');
    renderAt('/promoDetail?id=7', <PromotionDetail />);
    const streak = await screen.findByTestId('promo-streak');
    const days = within(streak).getAllByRole('listitem');
    expect(days.map((d) => d.querySelector('.promo-day-reward')?.textContent)).toEqual(['P 1.00', 'P 2.00', 'P 3.00', 'P 5.00']);
    expect(days[1]!.getAttribute('aria-current')).toBe('date');
    expect(within(days[1]!).getByText('Today')).toBeTruthy();
    expect(days.map((d) => d.classList.contains('done'))).toEqual([true, false, false, false]);
    expect(within(screen.getByTestId('promo-terms')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Check in every day: each day of the 4-day streak has its reward, and a missed day starts the streak again',
      'No wagering requirement',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect((await screen.findByTestId('promo-outcome')).textContent).toBe('Day 2 checked in: you received P 2.00.');
    await waitFor(() => expect(server.calls('/wps/promotions/7')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('promo-status').textContent).toBe('Checked in today'));
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
    await waitFor(() =>
      expect(within(screen.getByTestId('promo-streak')).getAllByRole('listitem').map((d) => d.classList.contains('done'))).toEqual([
        true,
        true,
        false,
        false,
      ]),
    );
  });

  it("shows the reader's entry with its claim-by time", async () => {
    serveDetail(detail(7, { status: 'CLAIM', action: 'CLAIM', params: { ...PARAMS, claimMode: 'AFTER' },
      entry: reward(3, { promotionId: 7, kind: 'FIRST_DEPOSIT', amount: '150.00', depositAmount: '150.00' }) }));
    renderAt('/promoDetail?id=7', <PromotionDetail />);
    const entry = (await screen.findByRole('heading', { name: 'Your entry' })).closest('section')!;
    expect(within(entry).getByText('Ready to claim')).toBeTruthy();
    expect(within(entry).getAllByText('P 150.00')).toHaveLength(2);
    expect(within(entry).getByText('2026-12-31 07:00:00 GMT+7')).toBeTruthy();
    expect(screen.getByText('Deposit first, then claim the bonus within 7 days')).toBeTruthy();
  });

  it('says a promotion that does not exist does not, with the way back to the list', async () => {
    fakeServer(() => ({ status: 404, errorCode: 'PROMOTION_NOT_FOUND' }));
    renderAt('/promoDetail?id=404', <PromotionDetail />);
    expect((await screen.findByRole('alert')).textContent).toBe('This promotion does not exist or is no longer shown.');
    expect(screen.getByRole('link', { name: /All promotions/ }).getAttribute('href')).toBe('/promotions');
    cleanup();
    const server = fakeServer(() => undefined);
    renderAt('/promoDetail?id=abc', <PromotionDetail />);
    expect(screen.getByRole('alert').textContent).toBe('This promotion does not exist or is no longer shown.');
    await act(() => Promise.resolve());
    expect(server.requests).toEqual([]);
  });
});

describe('turnover rewards and loss rebates', () => {
  const TIERS = [
    { turnover: '1000.00', reward: '10.00' },
    { turnover: '5000.00', reward: '60.00' },
  ];
  const periodic = { percent: null, cap: null, minDeposit: null, claimMode: null, period: 'WEEKLY', maxStake: null, onePerAddress: false } as const;
  const tiers = (progress: PromotionProgress | null = null) =>
    detail(7, { kind: 'TURNOVER_TIERS', category: 'CASINO', period: 'WEEKLY', status: 'PROCESS', action: null, progress,
      params: { ...PARAMS, ...periodic, claimDays: 3, tiers: TIERS, wagerMultiple: 1 } });
  const rebate = (progress: PromotionProgress | null = null) =>
    detail(7, { kind: 'LOSS_REBATE', category: 'CASINO', period: 'WEEKLY', status: 'PROCESS', action: null, progress,
      params: { ...PARAMS, ...periodic, percent: 10, cap: '500.00', minLoss: '100.00', claimDays: 7, wagerMultiple: 0 } });
  // The week running now: 2026-12-06 16:00 UTC to 2026-12-13 16:00 UTC (Monday 00:00 in Manila).
  const progress = (figures: Partial<PromotionProgress>): PromotionProgress => ({
    startsAt: Date.UTC(2026, 11, 6, 16),
    endsAt: Date.UTC(2026, 11, 13, 16),
    turnover: '0.00',
    loss: '0.00',
    reward: '0.00',
    ...figures,
  });

  async function open(value: PromotionDetailValue) {
    fakeServer(({ method, path }) => (method === 'GET' && path === '/wps/promotions/7' ? { value } : undefined));
    renderAt('/promoDetail?id=7', <PromotionDetail />);
    await screen.findByRole('heading', { level: 1 });
  }
  const terms = () => within(screen.getByTestId('promo-terms')).getAllByRole('listitem').map((li) => li.textContent);
  // The progress block's facts, label to value.
  const facts = () => {
    const section = screen.getByTestId('promo-progress');
    const labels = [...section.querySelectorAll('dt')].map((dt) => dt.textContent);
    const values = [...section.querySelectorAll('dd')].map((dd) => dd.textContent);
    return Object.fromEntries(labels.map((label, i) => [label, values[i]]));
  };

  it('shows a counting promotion as a label with no button, on the list and on its page', async () => {
    store.set(tokenAtom, 'member-token');
    serveList({
      list: [
        card(8, { title: 'Weekly turnover', kind: 'TURNOVER_TIERS', category: 'CASINO', period: 'WEEKLY', status: 'PROCESS', action: null }),
        card(9, { title: 'Weekly rebate', kind: 'LOSS_REBATE', category: 'CASINO', period: 'WEEKLY', status: 'CLAIM', action: 'CLAIM' }),
      ],
      categories: ['CASINO'],
    });
    renderAt('/promotions', <PromotionList />);
    await screen.findByTestId('promo-grid');
    expect(within(cardOf(8)).queryByRole('button')).toBeNull();
    expect(within(cardOf(8)).getByTestId('promo-status').textContent).toBe('In progress');
    expect(within(cardOf(8)).getByText('Weekly')).toBeTruthy();
    // A closed period's reward waiting: claimed as any other.
    expect(within(cardOf(9)).getByRole('button').textContent).toBe('Claim');
    cleanup();

    await open(tiers(progress({})));
    expect(within(screen.getByTestId('promo-detail').querySelector('.promo-head')!).getByTestId('promo-status').textContent).toBe('In progress');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("sums a turnover reward's terms up: its tiers as a table, what counts, when it is claimed, its wagering", async () => {
    await open(tiers());
    const table = screen.getByTestId('promo-tiers');
    expect(table.querySelector('caption')?.textContent).toBe('The highest tier your turnover reaches each week pays its reward');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Turnover', 'Reward']);
    const rows = within(table).getAllByRole('row').slice(1).map((tr) => within(tr).getAllByRole('cell').map((td) => td.textContent));
    expect(rows).toEqual([
      ['P 1,000.00', 'P 10.00'],
      ['P 5,000.00', 'P 60.00'],
    ]);
    expect(terms()).toEqual([
      'Turnover is the stakes of your settled real-money bets',
      'Offered to claim when the period closes; claim within 3 days',
      'Wager 1× the bonus within 30 days',
      'Until the wagering is complete, nothing can be withdrawn from your wallet',
    ]);
    // A visitor has no figures.
    expect(screen.queryByTestId('promo-progress')).toBeNull();
  });

  it("sums a loss rebate's terms up: its percent, minimum and cap each period, what counts, when it is claimed", async () => {
    await open(rebate());
    expect(screen.queryByTestId('promo-tiers')).toBeNull();
    expect(terms()).toEqual([
      '10% of your net loss each week, for a loss of at least P 100.00, up to P 500.00',
      'Net loss is your stakes less your wins on settled real-money bets',
      'Offered to claim when the period closes; claim within 7 days',
      'No wagering requirement',
    ]);
  });

  it("shows a member's turnover this period, what it would pay now and the turnover the next tier still needs", async () => {
    await open(tiers(progress({ turnover: '1234.56', loss: '80.00', reward: '10.00' })));
    expect(screen.getByRole('heading', { name: 'Your progress this period' })).toBeTruthy();
    expect(facts()).toEqual({
      // Manila's Monday 00:00 is 23:00 the day before in the tests' Ho Chi Minh City.
      Period: '2026-12-06 23:00:00 GMT+7 – 2026-12-13 23:00:00 GMT+7',
      'Your turnover': 'P 1,234.56',
      'If the period closed now': 'P 10.00',
      'Next tier': 'P 3,765.44 more turnover reaches P 5,000.00: P 60.00',
    });
    expect(screen.getByTestId('promo-tiers').querySelector('.promo-tier-reached')?.textContent).toBe('P 1,000.00P 10.00');
    cleanup();

    // Cents exactly (5000.00 - 4999.70 as floats is 0.3000000000001819), and the top tier.
    await open(tiers(progress({ turnover: '4999.70', reward: '10.00' })));
    expect(facts()['Next tier']).toBe('P 0.30 more turnover reaches P 5,000.00: P 60.00');
    cleanup();
    await open(tiers(progress({ turnover: '12000.00', reward: '60.00' })));
    expect(facts()['Next tier']).toBe('You have reached the top tier');
  });

  it("shows a member's net loss this period and the rebate it would pay now, and why a small loss pays none", async () => {
    await open(rebate(progress({ turnover: '900.00', loss: '250.00', reward: '25.00' })));
    expect(facts()).toEqual({
      Period: '2026-12-06 23:00:00 GMT+7 – 2026-12-13 23:00:00 GMT+7',
      'Your net loss': 'P 250.00',
      'If the period closed now': 'P 25.00',
    });
    expect(screen.queryByText(/ahead/)).toBeNull();
    expect(screen.queryByText(/No rebate/)).toBeNull();
    cleanup();

    await open(rebate(progress({ turnover: '100.00', loss: '40.00' })));
    expect(facts()['If the period closed now']).toBe('P 0.00');
    expect(screen.getByText('No rebate for a net loss under P 100.00.')).toBeTruthy();
  });

  it('says a member who is ahead this period gets no rebate', async () => {
    await open(rebate(progress({ turnover: '300.00', loss: '-75.50' })));
    expect(facts()).toEqual({
      Period: '2026-12-06 23:00:00 GMT+7 – 2026-12-13 23:00:00 GMT+7',
      'Your net win': 'P 75.50',
      'If the period closed now': 'P 0.00',
    });
    expect(screen.getByText('You are ahead this period, so there is no rebate.')).toBeTruthy();
    expect(screen.queryByText('Your net loss')).toBeNull();
  });
});

describe('tierStanding', () => {
  it('finds the tier reached and the next, in any order, in cents, leaving out what is not an amount', () => {
    const tiers = [
      { turnover: '5000.00', reward: '60.00' },
      { turnover: 'lots', reward: '1.00' },
      { turnover: '1000.00', reward: '10.00' },
    ];
    expect(tierStanding(tiers, '0.00')).toEqual({ reached: null, next: { turnover: '1000.00', reward: '10.00', more: '1000.00' } });
    expect(tierStanding(tiers, '1000.00')).toEqual({ reached: tiers[2], next: { turnover: '5000.00', reward: '60.00', more: '4000.00' } });
    expect(tierStanding(tiers, '4999.99').next?.more).toBe('0.01');
    expect(tierStanding(tiers, '5000.00')).toEqual({ reached: tiers[0], next: null });
  });
});
