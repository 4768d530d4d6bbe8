import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { expectedCost, promotionForm, promotionRequest, serverProblems, switchesFor, wagerExample } from './components/promotions/rules';
import en from './locales/en.json';
import type { PromotionAdmin } from './promotionsApi';
import {
  answer,
  changes,
  fill,
  type Handlers,
  keptToken,
  mount,
  params,
  press,
  reads,
  type Sent,
  serve,
  staffMe,
  submit,
  tearDown,
} from './testing';
import { ConsoleError } from './transport';

const p = en.promotions;

const OPERATOR = staffMe('OPERATOR', ['content.read', 'members.read', 'promotions.read', 'promotions.write']);
const AUDITOR = staffMe('AUDITOR', ['audit.read', 'members.read', 'promotions.read']);

const PARAMS = {
  amount: null,
  percent: null,
  cap: null,
  minDeposit: null,
  claimMode: null,
  claimDays: null,
  period: null,
  rewards: null,
  tiers: null,
  minLoss: null,
  wagerMultiple: 5,
  wagerBase: 'BONUS',
  maxStake: null,
  expiryDays: 30,
  onePerAddress: false,
} as const;

const promotion = (id: number, extra: Partial<PromotionAdmin> = {}): PromotionAdmin => ({
  id,
  kind: 'SIGNUP',
  category: 'NEW_MEMBER',
  state: 'RUNNING',
  startsAt: '2026-11-01T00:00:00Z',
  endsAt: null,
  paused: false,
  endedAt: null,
  sortOrder: 0,
  imageUrl: null,
  texts: { EN: { title: `Promo ${id}`, content: '<p>Rules</p>' } },
  params: { ...PARAMS, amount: '10.00' },
  mostPerMember: '10.00',
  stats: { entries: 0, paid: 0, paidAmount: '0.00', turnover: '0.00' },
  updatedAt: '2026-11-01T00:00:00Z',
  ...extra,
});

const PROMOTIONS = () => [
  promotion(1, { stats: { entries: 1234, paid: 1200, paidAmount: '12000.00', turnover: '360000.00' } }),
  promotion(2, {
    kind: 'RELOAD',
    category: 'DEPOSIT',
    state: 'PAUSED',
    paused: true,
    endsAt: '2026-12-31T00:00:00Z',
    params: { ...PARAMS, percent: 50, cap: '500.00', minDeposit: '100.00', claimMode: 'AFTER', claimDays: 7, period: 'WEEKLY' },
    mostPerMember: '500.00',
  }),
  promotion(3, {
    kind: 'CHECKIN',
    category: 'DAILY',
    state: 'SCHEDULED',
    startsAt: '2027-01-01T00:00:00Z',
    params: { ...PARAMS, rewards: ['1.00', '2.00', '3.00'] },
    mostPerMember: '6.00',
  }),
  promotion(4, { state: 'ENDED', endedAt: '2026-11-20T00:00:00Z' }),
];

const WEIGHTS = { RNG: 100, LIVE: 10, FISH: 100, PVP: 50, SPORTS: 100, ESPORTS: 100, LOTT: 0, ELOTT: 0 };

const entry = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  memberId: 100 + id,
  username: `player${id}`,
  status: 'ISSUED',
  periodKey: 'once',
  amount: '10.00',
  depositAmount: null,
  createdAt: '2026-11-02T10:00:00Z',
  paidAt: '2026-11-02T10:00:00Z',
  ...extra,
});

// The promotions calls over a list the changes edit, so that each re-read shows them.
function promotionsServer(me: object, list: PromotionAdmin[] = PROMOTIONS(), extra: Handlers = {}): Handlers {
  const one = (sent: Sent) => Number(sent.path.split('/')[4]);
  return {
    'GET /wps/admin/session/me': () => answer(me),
    'GET /wps/admin/promotions': () => answer({ list }),
    'POST /wps/admin/promotions': (sent: Sent) => {
      const body = sent.body as unknown as PromotionAdmin;
      const added = promotion(99, { ...body, params: { ...PARAMS, ...body.params }, state: 'SCHEDULED' });
      list.push(added);
      return answer(added);
    },
    'PUT /wps/admin/promotions/*': (sent: Sent) => {
      const index = list.findIndex((item) => item.id === one(sent));
      list[index] = { ...list[index]!, ...(sent.body as unknown as PromotionAdmin), params: list[index]!.params };
      return answer(list[index]);
    },
    'POST /wps/admin/promotions/1/pause': (sent: Sent) => {
      list[0] = { ...list[0]!, paused: true, state: 'PAUSED' };
      return answer(list[one(sent) - 1]);
    },
    'POST /wps/admin/promotions/2/resume': () => {
      list[1] = { ...list[1]!, paused: false, state: 'RUNNING' };
      return answer(list[1]);
    },
    'POST /wps/admin/promotions/2/end': () => {
      list[1] = { ...list[1]!, state: 'ENDED', endedAt: new Date().toISOString() };
      return answer(list[1]);
    },
    'GET /wps/admin/promotions/weights': () => answer({ weights: WEIGHTS }),
    'PUT /wps/admin/promotions/weights': (sent: Sent) => answer(sent.body),
    ...extra,
  };
}

const rowOf = (id: number) => document.querySelector<HTMLElement>(`tr[data-promotion="${id}"]`)!;
// (Forms and buttons found by their label or text: a role query over the whole page is slow.)
const formNamed = (name: string) => document.querySelector<HTMLElement>(`form[aria-label="${name}"]`)!;
const editor = () => formNamed(p.list.add);
const tap = (text: string, inside: HTMLElement = document.body) => press(within(inside).getByText(text, { selector: 'button' }));
const tapLabelled = (label: string) => press(screen.getByLabelText(label, { selector: 'button' }));
const problemAt = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

async function openList(me: object, list?: PromotionAdmin[], extra?: Handlers) {
  const sent = serve(promotionsServer(me, list, extra));
  await mount('/promotions');
  await waitFor(() => expect(rowOf(1)).toBeTruthy());
  return sent;
}

// A new first-deposit bonus, filled in whole (the tests change what they need after).
async function fillFirstDeposit(form: HTMLElement) {
  fill(p.form.kind, 'FIRST_DEPOSIT', form);
  fill(p.form.start, '2026-12-01T10:00', form);
  fill(p.form.sortOrder, '5', form);
  fill(p.form.imageUrl, '/img/first.png', form);
  fill(p.form.percent, '100', form);
  fill(p.form.cap, '100', form);
  fill(p.form.minDeposit, '50.50', form);
  fill(p.form.claimMode, 'BEFORE', form);
  fill(p.form.claimDays, '14', form);
  await press(within(form).getByLabelText(p.form.onePerAddress));
  fill(p.form.wagerMultiple, '10', form);
  fill('Title (English)', '  Double your first deposit ', form);
  fill('Text as HTML (English)', '<p>Up to 100.00</p>', form);
}

const tierLabel = (label: string, tier: number) => label.replace('{{tier}}', String(tier));
const tierRow = (form: HTMLElement, row: number) => form.querySelector<HTMLElement>(`li[data-tier="${row}"]`)!;

// A new turnover-tier promotion with these tiers ([turnover, reward], the first row given, more added).
async function fillTiers(form: HTMLElement, tiers: [string, string][]) {
  fill(p.form.kind, 'TURNOVER_TIERS', form);
  fill(p.form.start, '2026-12-01T00:00', form);
  fill(p.form.countPeriod, 'WEEKLY', form);
  for (const [row, [turnover, reward]] of tiers.entries()) {
    if (row > 0) await tap(p.form.addTier, form);
    fill(tierLabel(p.form.tierTurnover, row + 1), turnover, form);
    fill(tierLabel(p.form.tierReward, row + 1), reward, form);
  }
  fill(p.form.claimDays, '3', form);
  fill(p.form.wagerMultiple, '5', form);
  fill('Title (English)', 'Weekly turnover', form);
}

// A new loss rebate, filled in whole (its period left unchosen when told).
function fillRebate(form: HTMLElement, period: string | null = 'MONTHLY') {
  fill(p.form.kind, 'LOSS_REBATE', form);
  fill(p.form.start, '2026-12-01T00:00', form);
  if (period) fill(p.form.countPeriod, period, form);
  fill(p.form.rebatePercent, '10', form);
  fill(p.form.rebateCap, '200', form);
  fill(p.form.minLoss, '50.50', form);
  fill(p.form.wagerMultiple, '1', form);
  fill('Title (English)', 'Monthly rebate', form);
}

beforeEach(keptToken);
afterEach(tearDown);

describe('the promotion rules', () => {
  it('costs what the server counts: the amount, the cap, or the streak of rewards', () => {
    const form = promotionForm('SIGNUP');
    expect(expectedCost({ ...form, amount: '100' })).toBe('100.00');
    expect(expectedCost({ ...form, amount: '' })).toBeNull();
    expect(expectedCost({ ...form, kind: 'RELOAD', cap: '250.5' })).toBe('250.50');
    expect(expectedCost({ ...form, kind: 'CHECKIN', rewards: ['1', '2.50', '10'] })).toBe('13.50');
    expect(expectedCost({ ...form, kind: 'CHECKIN', rewards: ['1', 'x'] })).toBeNull();
  });

  it('gives a wagering example of the kind own bonus, with the deposit when it counts', () => {
    const form = { ...promotionForm('FIRST_DEPOSIT'), kind: 'FIRST_DEPOSIT' as const, cap: '100', percent: '50' };
    expect(wagerExample({ ...form, wagerMultiple: '' })).toBeNull();
    expect(wagerExample({ ...form, wagerMultiple: '0' })).toBe('none');
    expect(wagerExample({ ...form, wagerMultiple: '10' })).toEqual({ bonus: '100.00', deposit: null, turnover: '1,000.00' });
    // 50% of a 200.00 deposit earns the whole 100.00 cap: 300.00 × 10.
    expect(wagerExample({ ...form, wagerMultiple: '10', wagerBase: 'DEPOSIT_PLUS_BONUS' })).toEqual({
      bonus: '100.00',
      deposit: '200.00',
      turnover: '3,000.00',
    });
    // Without an amount of its own yet: a 100.00 bonus.
    expect(wagerExample({ ...promotionForm('SIGNUP'), wagerMultiple: '3' })).toEqual({
      bonus: '100.00',
      deposit: null,
      turnover: '300.00',
    });
  });

  it('sends a check-in with its rewards only, and names every wrong reward', () => {
    const form = {
      ...promotionForm('CHECKIN'),
      start: '2026-12-01T00:00',
      wagerMultiple: '1',
      texts: { EN: { title: 'Check in', content: '' } },
    };
    const sent = promotionRequest({ ...form, rewards: ['1', '2.5'], maxStake: '50' });
    expect('body' in sent && sent.body.params).toEqual({ rewards: ['1', '2.5'], wagerMultiple: 1, maxStake: '50', expiryDays: 30 });
    const wrong = promotionRequest({ ...form, rewards: ['1', '0', '1.234'] });
    expect('problems' in wrong && wrong.problems).toEqual({
      'params.rewards.1': 'promotions.form.badAmount',
      'params.rewards.2': 'promotions.form.badAmount',
    });
    expect(switchesFor('RUNNING')).toEqual(['pause', 'end']);
    expect(switchesFor('PAUSED')).toEqual(['resume', 'end']);
    expect(switchesFor('ENDED')).toEqual([]);
  });

  it('counts a turnover promotion by its highest tier and a loss rebate by its cap, per period', () => {
    const form = promotionForm('TURNOVER_TIERS');
    expect(form.period).toBe('');
    expect(form.category).toBe('CASINO');
    const tiers = [
      { turnover: '1000', reward: '10' },
      { turnover: '5000', reward: '60.5' },
    ];
    expect(expectedCost({ ...form, tiers })).toBe('60.50');
    expect(expectedCost({ ...form, tiers: [...tiers, { turnover: '9000', reward: '' }] })).toBeNull();
    expect(wagerExample({ ...form, tiers, wagerMultiple: '2' })).toEqual({ bonus: '60.50', deposit: null, turnover: '121.00' });
    const rebate = { ...promotionForm('LOSS_REBATE'), cap: '200', wagerMultiple: '3' };
    expect(expectedCost(rebate)).toBe('200.00');
    expect(wagerExample(rebate)).toEqual({ bonus: '200.00', deposit: null, turnover: '600.00' });
  });

  it('sends a turnover promotion with rising tiers only, and names a tier out of order', () => {
    const form = {
      ...promotionForm('TURNOVER_TIERS'),
      start: '2026-12-01T00:00',
      period: 'DAILY' as const,
      wagerMultiple: '1',
      texts: { EN: { title: 'Tiers', content: '' } },
    };
    const tiers = [
      { turnover: '100', reward: '1' },
      { turnover: '200', reward: '3' },
      { turnover: '300', reward: '3' },
      { turnover: '300', reward: '5' },
      { turnover: 'x', reward: '9' },
    ];
    expect(promotionRequest({ ...form, tiers: tiers.slice(0, 2) })).toMatchObject({
      body: { params: { period: 'DAILY', tiers: tiers.slice(0, 2), claimDays: 7, wagerMultiple: 1, expiryDays: 30 } },
    });
    const wrong = promotionRequest({ ...form, tiers });
    expect('problems' in wrong && wrong.problems).toEqual({
      'params.tiers.2': 'promotions.form.tierOrder', // the reward does not rise
      'params.tiers.3': 'promotions.form.tierOrder', // the turnover does not rise
      'params.tiers.4.turnover': 'promotions.form.badAmount',
    });
    const unchosen = promotionRequest({ ...form, period: '', tiers: [...tiers.slice(0, 2), ...tiers.slice(0, 4)] });
    expect('problems' in unchosen && unchosen.problems).toMatchObject({
      'params.period': 'promotions.form.periodRequired',
      'params.tiers': 'promotions.form.tiersCount',
    });
  });

  it("reads the server's refusals as problems at their fields", () => {
    const refusal = new ConsoleError('VALIDATION_ERROR', '', 422, {
      fields: [{ field: 'params.cap' }, { field: 'params.rewards.2' }, { field: 'texts.CN.title' }, { field: null }],
    });
    expect(serverProblems(refusal)).toEqual({
      problems: { 'params.cap': 'promotions.form.badAmount', 'params.rewards.2': 'promotions.form.badAmount' },
      textProblems: [{ language: 'CN', field: 'title', key: 'promotions.form.textRefused' }],
    });
    expect(serverProblems(new ConsoleError('LANGUAGE_UNSUPPORTED', '', 422, { languages: ['KO'] }))).toEqual({
      problems: {},
      textProblems: [{ language: 'KO', field: 'title', key: 'promotions.form.languageRefused' }],
    });
    expect(serverProblems(new ConsoleError('PROMOTION_KIND_FIXED', '', 422))).toBeNull();
    const periodic = new ConsoleError('VALIDATION_ERROR', '', 422, {
      fields: [
        { field: 'params.tiers.1', type: 'order' },
        { field: 'params.tiers.0.reward', type: 'amount' },
        { field: 'params.percent', type: 'range' },
        { field: 'params.minLoss', type: 'amount' },
      ],
    });
    expect(serverProblems(periodic, 'LOSS_REBATE')!.problems).toEqual({
      'params.tiers.1': 'promotions.form.tierOrder',
      'params.tiers.0.reward': 'promotions.form.badAmount',
      'params.percent': 'promotions.form.badRebatePercent',
      'params.minLoss': 'promotions.form.badAmount',
    });
  });
});

describe('the promotions list', () => {
  it('shows each promotion with its state, window, cost per member and results', async () => {
    const sent = await openList(OPERATOR);
    expect(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: p.nav })).toBeTruthy();
    expect(screen.getByText(p.intro)).toBeTruthy();
    expect(reads(sent, '/wps/admin/promotions')).toHaveLength(1);

    const first = within(rowOf(1));
    expect(first.getByText(p.kinds.SIGNUP)).toBeTruthy();
    expect(first.getByText('Promo 1')).toBeTruthy();
    expect(first.getByText(p.categories.NEW_MEMBER)).toBeTruthy();
    expect(rowOf(1).querySelector('[data-state]')!.textContent).toBe(p.states.RUNNING);
    expect(rowOf(1).textContent).toContain(p.list.open);
    expect(first.getByTestId('promotion-cost-cell').textContent).toBe('At most 10.00 per member.');
    const stat = (id: number, name: string) => rowOf(id).querySelector(`[data-stat="${name}"]`)!.textContent;
    expect(['entries', 'paid', 'paidAmount', 'turnover'].map((name) => stat(1, name))).toEqual([
      '1234',
      '1200',
      '12,000.00',
      '360,000.00',
    ]);

    expect(rowOf(2).querySelector('[data-state]')!.textContent).toBe(p.states.PAUSED);
    expect(within(rowOf(2)).getByTestId('promotion-cost-cell').textContent).toBe('At most 500.00 per member per week.');
    expect(within(rowOf(3)).getByTestId('promotion-cost-cell').textContent).toBe(
      'At most 6.00 per member per streak (streak days: 3).',
    );
    expect(rowOf(3).querySelector('[data-state]')!.textContent).toBe(p.states.SCHEDULED);

    // Running: pause or end; paused: resume or end; ended: neither.
    const names = (id: number) => within(rowOf(id)).getAllByRole('button').map((button) => button.textContent);
    expect(names(1)).toEqual([p.list.entries, p.list.edit, p.list.pause, p.list.end]);
    expect(names(2)).toEqual([p.list.entries, p.list.edit, p.list.resume, p.list.end]);
    expect(names(4)).toEqual([p.list.entries, p.list.edit]);
    expect(screen.getByRole('button', { name: p.list.add })).toBeTruthy();
  });

  it('names the turnover-tier and loss-rebate kinds, with their cost per member and period', async () => {
    const periodic = [
      promotion(5, {
        kind: 'TURNOVER_TIERS',
        category: 'CASINO',
        params: {
          ...PARAMS,
          period: 'WEEKLY',
          claimDays: 3,
          tiers: [
            { turnover: '1000.00', reward: '10.00' },
            { turnover: '5000.00', reward: '60.00' },
          ],
        },
        mostPerMember: '60.00',
      }),
      promotion(6, {
        kind: 'LOSS_REBATE',
        category: 'CASINO',
        params: { ...PARAMS, period: 'MONTHLY', percent: 10, cap: '200.00', minLoss: '50.00', claimDays: 7 },
        mostPerMember: '200.00',
      }),
    ];
    await openList(OPERATOR, [...PROMOTIONS(), ...periodic], {
      'GET /wps/admin/promotions/5/entries': () =>
        answer({
          list: [entry(7, { status: 'CLAIMABLE', periodKey: '2026-W48', amount: '60.00', paidAt: null })],
          pageNum: 1,
          totalPages: 1,
          total: 1,
        }),
    });
    expect(within(rowOf(5)).getByText(p.kinds.TURNOVER_TIERS)).toBeTruthy();
    expect(within(rowOf(5)).getByTestId('promotion-cost-cell').textContent).toBe(
      "At most 60.00 per member per week: the highest tier's reward.",
    );
    expect(within(rowOf(6)).getByText(p.kinds.LOSS_REBATE)).toBeTruthy();
    expect(within(rowOf(6)).getByTestId('promotion-cost-cell').textContent).toBe(
      "At most 200.00 per member per month: the rebate's cap.",
    );

    await tapLabelled('Entries of Promo 5');
    const panel = await screen.findByTestId('promotion-entries');
    await waitFor(() => expect(panel.querySelectorAll('tr[data-entry]')).toHaveLength(1));
    expect(within(panel).getByTestId('promotion-entries-kind').textContent).toBe(p.kinds.TURNOVER_TIERS);
    expect(within(panel).getByText(p.entries.columns.offered)).toBeTruthy();
    expect(panel.querySelector('tr[data-entry="7"]')!.textContent).toContain(p.entryStatuses.CLAIMABLE);
  });

  it('shows an auditor the same list and weights without a button that changes them', async () => {
    await openList(AUDITOR);
    expect(screen.getByText(p.readOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: p.list.add })).toBeNull();
    for (const id of [1, 2, 3, 4]) {
      expect(within(rowOf(id)).getAllByRole('button').map((button) => button.textContent)).toEqual([p.list.entries]);
    }
    expect(screen.queryByRole('button', { name: /^(Edit|Pause|Resume|End) / })).toBeNull();

    await press(screen.getByRole('tab', { name: p.tabs.weights }));
    const weights = await screen.findByTestId('weights');
    expect(weights.querySelector('[data-category="LIVE"] dd')!.textContent).toBe('10%');
    expect(screen.queryByRole('button', { name: p.weights.save })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('pauses, resumes and, once confirmed, ends a promotion', async () => {
    const sent = await openList(OPERATOR);
    await tapLabelled('Pause Promo 1');
    expect(await screen.findByText(p.list.done.pause.replace('{{name}}', 'Promo 1'))).toBeTruthy();
    await waitFor(() => expect(rowOf(1).querySelector('[data-state]')!.textContent).toBe(p.states.PAUSED));

    await tapLabelled('Resume Promo 2');
    await tapLabelled('End Promo 2');
    // Asked first: nothing is sent until it is confirmed.
    expect(screen.getByText(p.list.confirmEnd.replace('{{name}}', 'Promo 2'))).toBeTruthy();
    expect(changes(sent)).toHaveLength(2);
    await tap(en.confirm.yes);
    expect(await screen.findByText(p.list.done.end.replace('{{name}}', 'Promo 2'))).toBeTruthy();
    expect(changes(sent)).toEqual([
      { method: 'POST', path: '/wps/admin/promotions/1/pause', body: null },
      { method: 'POST', path: '/wps/admin/promotions/2/resume', body: null },
      { method: 'POST', path: '/wps/admin/promotions/2/end', body: null },
    ]);
    // The list is read again after each change.
    expect(reads(sent, '/wps/admin/promotions')).toHaveLength(4);
    await waitFor(() => expect(rowOf(2).querySelector('[data-state]')!.textContent).toBe(p.states.ENDED));
  });

  it('says why a change was refused', async () => {
    await openList(OPERATOR, undefined, {
      'POST /wps/admin/promotions/1/pause': () => answer(null, 409, 'PROMOTION_CLOSED'),
    });
    await tapLabelled('Pause Promo 1');
    expect(await screen.findByText(p.errors.PROMOTION_CLOSED)).toBeTruthy();
  });

  it('lists who joined a promotion, a page at a time', async () => {
    const sent = await openList(OPERATOR, undefined, {
      'GET /wps/admin/promotions/2/entries': (request: Sent) =>
        answer({
          list:
            params(request).page === '1'
              ? [
                  entry(1, { status: 'JOINED', periodKey: '2026-W48', amount: '0.00', paidAt: null }),
                  entry(2, { status: 'ISSUED', periodKey: '2026-W47', amount: '250.00', depositAmount: '500.00' }),
                ]
              : [entry(3, { status: 'EXPIRED', periodKey: '2026-W40' })],
          pageNum: Number(params(request).page),
          totalPages: 2,
          total: 3,
        }),
    });
    await tapLabelled('Entries of Promo 2');
    const panel = await screen.findByTestId('promotion-entries');
    await waitFor(() => expect(panel.querySelectorAll('tr[data-entry]')).toHaveLength(2));
    expect(params(reads(sent, '/wps/admin/promotions/2/entries')[0]!)).toEqual({ page: '1', pageSize: '20' });
    const paid = panel.querySelector<HTMLElement>('tr[data-entry="2"]')!;
    expect(paid.textContent).toContain('player2');
    expect(paid.textContent).toContain(p.entryStatuses.ISSUED);
    expect(paid.textContent).toContain('2026-W47');
    expect(paid.textContent).toContain('250.00');
    expect(paid.textContent).toContain('500.00');
    expect(panel.querySelector('tr[data-entry="1"]')!.textContent).toContain(p.entryStatuses.JOINED);
    expect(within(panel).getByText('3 entries in all.')).toBeTruthy();

    await tap(en.content.next, panel);
    await waitFor(() => expect(panel.querySelectorAll('tr[data-entry]')).toHaveLength(1));
    expect(params(reads(sent, '/wps/admin/promotions/2/entries').at(-1)!)).toEqual({ page: '2', pageSize: '20' });
    expect(panel.textContent).toContain(p.entryStatuses.EXPIRED);
  });
});

// A whole form filled in field by field takes a few seconds on a busy machine (CI's two cores).
describe('the promotion form', { timeout: 15_000 }, () => {
  it('creates a first-deposit bonus with only its own parameters, amounts as strings', async () => {
    const sent = await openList(OPERATOR);
    await tap(p.list.add);
    const form = editor();
    await fillFirstDeposit(form);
    // Only the kind's own fields: no sign-up amount, no streak.
    expect(within(form).queryByLabelText(p.form.amount)).toBeNull();
    expect(within(form).queryByText(p.form.rewards)).toBeNull();
    // What it costs and what its wagering asks, as it is filled in.
    expect(within(form).getByTestId('promotion-cost').textContent).toBe('Expected cost: At most 100.00 per member.');
    expect(within(form).getByTestId('promotion-wagering').textContent).toBe('Wagering: A 100.00 bonus needs 1,000.00 turnover.');
    fill(p.form.wagerBase, 'DEPOSIT_PLUS_BONUS', form);
    expect(within(form).getByTestId('promotion-wagering').textContent).toBe(
      'Wagering: A 100.00 bonus on a 100.00 deposit needs 2,000.00 turnover.',
    );
    fill(p.form.wagerBase, 'BONUS', form);

    await submit(form);
    expect(await screen.findByText(p.list.saved.replace('{{name}}', 'Double your first deposit'))).toBeTruthy();
    const posted = changes(sent);
    expect(posted).toEqual([
      {
        method: 'POST',
        path: '/wps/admin/promotions',
        body: {
          kind: 'FIRST_DEPOSIT',
          category: 'DEPOSIT',
          startsAt: new Date('2026-12-01T10:00').toISOString(),
          endsAt: null,
          sortOrder: 5,
          imageUrl: '/img/first.png',
          texts: { EN: { title: 'Double your first deposit', content: '<p>Up to 100.00</p>' } },
          params: {
            percent: 100,
            cap: '100',
            minDeposit: '50.50',
            claimMode: 'BEFORE',
            claimDays: 14,
            onePerAddress: true,
            wagerMultiple: 10,
            wagerBase: 'BONUS',
            expiryDays: 30,
          },
        },
      },
    ]);
    expect(Object.keys((posted[0]!.body as { params: object }).params).sort()).toEqual([
      'cap',
      'claimDays',
      'claimMode',
      'expiryDays',
      'minDeposit',
      'onePerAddress',
      'percent',
      'wagerBase',
      'wagerMultiple',
    ]);
    // The list is read again and shows it; the form is closed.
    await waitFor(() => expect(rowOf(99)).toBeTruthy());
    expect(screen.queryByRole('form', { name: p.list.add })).toBeNull();
  });

  it('checks the form before sending and sends nothing while something is missing', async () => {
    const sent = await openList(OPERATOR);
    await tap(p.list.add);
    const form = editor();
    await submit(form);
    expect(within(form).getByText(p.form.startRequired)).toBeTruthy();
    expect(problemAt(within(form).getByLabelText(p.form.amount))).toBe(p.form.amountRequired);
    expect(problemAt(within(form).getByLabelText(p.form.wagerMultiple))).toBe(p.form.badWagerMultiple);
    expect(within(form).getByText(en.content.texts.noneWritten)).toBeTruthy();
    expect(within(form).getByTestId('promotion-cost').textContent).toBe(`Expected cost: ${p.cost.unknown}`);
    expect(within(form).getByTestId('promotion-wagering').textContent).toBe(`Wagering: ${p.wager.unknown}`);
    expect(changes(sent)).toEqual([]);
  });

  it('names each value out of range at its field, and sends nothing', async () => {
    const sent = await openList(OPERATOR);
    await tap(p.list.add);
    const form = editor();
    fill(p.form.kind, 'RELOAD', form);
    fill(p.form.start, '2026-12-01T10:00', form);
    const wrong: [string, string, string][] = [
      [p.form.end, '2026-12-01T09:00', p.form.endBeforeStart],
      [p.form.sortOrder, '5000', p.form.badSortOrder],
      [p.form.imageUrl, 'javascript:alert(1)', p.form.badUrl],
      [p.form.percent, '600', p.form.badPercent],
      [p.form.cap, '100.505', p.form.badAmount],
      [p.form.minDeposit, '0', p.form.badAmount],
      [p.form.claimDays, '91', p.form.badClaimDays],
      [p.form.wagerMultiple, '101', p.form.badWagerMultiple],
      [p.form.maxStake, '1,000', p.form.badAmount],
      [p.form.expiryDays, '0', p.form.badExpiryDays],
    ];
    for (const [label, value] of wrong) fill(label, value, form);
    fill('Title (English)', 'Reload', form);
    await submit(form);
    for (const [label, , problem] of wrong) expect(problemAt(within(form).getByLabelText(label)), label).toBe(problem);
    expect(within(form).getByLabelText(p.form.start).getAttribute('aria-invalid')).toBeNull();
    expect(changes(sent)).toEqual([]);
  });

  it('keeps a check-in streak of one to seven days, each with its reward', async () => {
    const sent = await openList(OPERATOR);
    await tap(p.list.add);
    const form = editor();
    fill(p.form.kind, 'CHECKIN', form);
    expect((within(form).getByLabelText(p.form.category) as HTMLSelectElement).value).toBe('DAILY');
    expect(within(form).queryByLabelText(p.form.wagerBase)).toBeNull();
    for (let day = 2; day <= 7; day += 1) await tap(p.form.addDay, form);
    expect(within(form).queryByText(p.form.addDay, { selector: 'button' })).toBeNull();
    for (const day of [7, 6, 5, 4]) await tap(`Remove day ${day}`, form);
    ['1', '2', '5'].forEach((amount, day) => fill(`Day ${day + 1}`, amount, form));
    expect(within(form).getByTestId('promotion-cost').textContent).toBe(
      'Expected cost: At most 8.00 per member per streak (streak days: 3).',
    );
    fill(p.form.start, '2026-12-01T00:00', form);
    fill(p.form.wagerMultiple, '1', form);
    fill('Title (English)', 'Daily check-in', form);
    await submit(form);
    await screen.findByText(p.list.saved.replace('{{name}}', 'Daily check-in'));
    expect(changes(sent)[0]!.body).toMatchObject({
      kind: 'CHECKIN',
      category: 'DAILY',
      params: { rewards: ['1', '2', '5'], wagerMultiple: 1, expiryDays: 30 },
    });
    expect(Object.keys((changes(sent)[0]!.body as { params: object }).params).sort()).toEqual([
      'expiryDays',
      'rewards',
      'wagerMultiple',
    ]);
  });

  it("shows the server's refusal of a field at that field", async () => {
    const sent = await openList(OPERATOR, undefined, {
      'POST /wps/admin/promotions': () =>
        answer(
          { fields: [{ field: 'params.cap', type: 'amount' }, { field: 'texts.EN.title', type: 'value_error' }] },
          422,
          'VALIDATION_ERROR',
        ),
    });
    await tap(p.list.add);
    const form = editor();
    await fillFirstDeposit(form);
    await submit(form);
    const cap = within(form).getByLabelText(p.form.cap);
    await waitFor(() => expect(cap.getAttribute('aria-invalid')).toBe('true'));
    expect(problemAt(cap)).toBe(p.form.badAmount);
    expect(within(form).getByText('The server refused the English text.')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe(p.errors.VALIDATION_ERROR);
    expect(changes(sent)).toHaveLength(1);
    // Changing the field clears its mark; the form stays open with what was typed.
    fill(p.form.cap, '150', form);
    expect(cap.getAttribute('aria-invalid')).toBeNull();
    expect((within(form).getByLabelText(p.form.percent) as HTMLInputElement).value).toBe('100');
  });

  it('creates a turnover-tier promotion with its period, tiers and claim days only', async () => {
    const sent = await openList(OPERATOR);
    await tap(p.list.add);
    const form = editor();
    fill(p.form.kind, 'TURNOVER_TIERS', form);
    expect(within(form).getByText(p.kindHints.TURNOVER_TIERS)).toBeTruthy();
    expect((within(form).getByLabelText(p.form.category) as HTMLSelectElement).value).toBe('CASINO');
    // The period is chosen, not assumed.
    expect((within(form).getByLabelText(p.form.countPeriod) as HTMLSelectElement).value).toBe('');
    await fillTiers(form, [
      ['1000', '10'],
      ['5000', '60.50'],
      ['20000', '300'],
    ]);
    await tap(tierLabel(p.form.removeTier, 3), form);
    fill(p.form.maxStake, '20', form);
    for (const absent of [p.form.wagerBase, p.form.onePerAddress, p.form.percent, p.form.amount, p.form.minLoss]) {
      expect(within(form).queryByLabelText(absent), absent).toBeNull();
    }
    expect(within(form).getByTestId('promotion-cost').textContent).toBe(
      "Expected cost: At most 60.50 per member per week: the highest tier's reward.",
    );
    expect(within(form).getByTestId('promotion-wagering').textContent).toBe('Wagering: A 60.50 bonus needs 302.50 turnover.');

    await submit(form);
    await screen.findByText(p.list.saved.replace('{{name}}', 'Weekly turnover'));
    expect(changes(sent)).toEqual([
      {
        method: 'POST',
        path: '/wps/admin/promotions',
        body: {
          kind: 'TURNOVER_TIERS',
          category: 'CASINO',
          startsAt: new Date('2026-12-01T00:00').toISOString(),
          endsAt: null,
          sortOrder: 0,
          imageUrl: null,
          texts: { EN: { title: 'Weekly turnover', content: '' } },
          params: {
            period: 'WEEKLY',
            tiers: [
              { turnover: '1000', reward: '10' },
              { turnover: '5000', reward: '60.50' },
            ],
            claimDays: 3,
            wagerMultiple: 5,
            maxStake: '20',
            expiryDays: 30,
          },
        },
      },
    ]);
    await waitFor(() => expect(rowOf(99)).toBeTruthy());
    expect(within(rowOf(99)).getByText(p.kinds.TURNOVER_TIERS)).toBeTruthy();
  });

  it('sends no tiers whose turnover and reward do not both rise', async () => {
    const sent = await openList(OPERATOR);
    await tap(p.list.add);
    const form = editor();
    await fillTiers(form, [
      ['1000', '10'],
      ['5000', '10'],
      ['5000', '20'],
    ]);
    await submit(form);
    expect(within(tierRow(form, 1)).getByText(p.form.tierOrder)).toBeTruthy();
    expect(within(tierRow(form, 2)).getByText(p.form.tierOrder)).toBeTruthy();
    expect(within(tierRow(form, 0)).queryByText(p.form.tierOrder)).toBeNull();
    expect(changes(sent)).toEqual([]);

    // Raising the second tier's reward clears its mark and the next one's (compared with it).
    fill(tierLabel(p.form.tierReward, 2), '15', form);
    expect(within(tierRow(form, 1)).queryByText(p.form.tierOrder)).toBeNull();
    expect(within(tierRow(form, 2)).queryByText(p.form.tierOrder)).toBeNull();
    fill(tierLabel(p.form.tierTurnover, 3), '9000', form);
    await submit(form);
    await screen.findByText(p.list.saved.replace('{{name}}', 'Weekly turnover'));
    expect((changes(sent)[0]!.body as { params: { tiers: unknown } }).params.tiers).toEqual([
      { turnover: '1000', reward: '10' },
      { turnover: '5000', reward: '15' },
      { turnover: '9000', reward: '20' },
    ]);
  });

  it("shows the server's refusal of a tier's order at that tier", async () => {
    const sent = await openList(OPERATOR, undefined, {
      'POST /wps/admin/promotions': () =>
        answer(
          {
            fields: [
              { field: 'params.tiers.1', type: 'order' },
              { field: 'params.tiers.0.reward', type: 'amount' },
            ],
          },
          422,
          'VALIDATION_ERROR',
        ),
    });
    await tap(p.list.add);
    const form = editor();
    await fillTiers(form, [
      ['1000', '10'],
      ['5000', '60'],
    ]);
    await submit(form);
    await waitFor(() => expect(within(tierRow(form, 1)).getByText(p.form.tierOrder)).toBeTruthy());
    expect(within(tierRow(form, 0)).queryByText(p.form.tierOrder)).toBeNull();
    const reward = within(form).getByLabelText(tierLabel(p.form.tierReward, 1));
    expect(reward.getAttribute('aria-invalid')).toBe('true');
    expect(problemAt(reward)).toBe(p.form.badAmount);
    // Every field named is marked in the form: the section's words.
    expect(within(form).getByRole('alert').textContent).toBe(p.errors.VALIDATION_ERROR);
    expect(changes(sent)).toHaveLength(1);
  });

  it('creates a loss rebate with its period, percentage, cap and smallest loss', async () => {
    const sent = await openList(OPERATOR);
    await tap(p.list.add);
    const form = editor();
    fillRebate(form);
    expect(within(form).getByText(p.kindHints.LOSS_REBATE)).toBeTruthy();
    expect(within(form).queryByLabelText(p.form.wagerBase)).toBeNull();
    expect(within(form).queryByText(p.form.tiers)).toBeNull();
    expect(within(form).getByTestId('promotion-cost').textContent).toBe(
      "Expected cost: At most 200.00 per member per month: the rebate's cap.",
    );
    expect(within(form).getByTestId('promotion-wagering').textContent).toBe('Wagering: A 200.00 bonus needs 200.00 turnover.');
    await submit(form);
    await screen.findByText(p.list.saved.replace('{{name}}', 'Monthly rebate'));
    expect(changes(sent)[0]!.body).toMatchObject({ kind: 'LOSS_REBATE', category: 'CASINO' });
    expect((changes(sent)[0]!.body as { params: object }).params).toEqual({
      period: 'MONTHLY',
      percent: 10,
      cap: '200',
      minLoss: '50.50',
      claimDays: 7,
      wagerMultiple: 1,
      expiryDays: 30,
    });
  });

  it('refuses a rebate of more than 100 percent, or without a period, before sending', async () => {
    const sent = await openList(OPERATOR);
    await tap(p.list.add);
    const form = editor();
    fillRebate(form, null);
    fill(p.form.rebatePercent, '150', form);
    await submit(form);
    expect(problemAt(within(form).getByLabelText(p.form.rebatePercent))).toBe(p.form.badRebatePercent);
    expect(problemAt(within(form).getByLabelText(p.form.countPeriod))).toBe(p.form.periodRequired);
    expect(changes(sent)).toEqual([]);
  });

  it('changes a promotion without its kind, which stays fixed', async () => {
    const sent = await openList(OPERATOR);
    await tapLabelled('Edit Promo 1');
    const form = formNamed(p.form.editTitle.replace('{{title}}', 'Promo 1'));
    const kind = within(form).getByLabelText(p.form.kind) as HTMLSelectElement;
    expect(kind.disabled).toBe(true);
    expect(within(form).getByText(p.form.kindFixed)).toBeTruthy();
    expect((within(form).getByLabelText(p.form.amount) as HTMLInputElement).value).toBe('10.00');
    fill(p.form.amount, '20', form);
    expect(within(form).getByTestId('promotion-cost').textContent).toBe('Expected cost: At most 20.00 per member.');
    expect(within(form).getByTestId('promotion-wagering').textContent).toBe('Wagering: A 20.00 bonus needs 100.00 turnover.');
    await submit(form);
    await screen.findByText(p.list.saved.replace('{{name}}', 'Promo 1'));
    expect(changes(sent)).toEqual([
      {
        method: 'PUT',
        path: '/wps/admin/promotions/1',
        body: {
          kind: 'SIGNUP',
          category: 'NEW_MEMBER',
          startsAt: '2026-11-01T00:00:00.000Z',
          endsAt: null,
          sortOrder: 0,
          imageUrl: null,
          texts: { EN: { title: 'Promo 1', content: '<p>Rules</p>' } },
          params: { amount: '20', wagerMultiple: 5, expiryDays: 30 },
        },
      },
    ]);
  });
});

describe('the wagering weights', () => {
  it('are saved all at once, each a whole percent', async () => {
    const sent = serve(promotionsServer(OPERATOR));
    await mount('/promotions?tab=weights');
    await waitFor(() => expect(formNamed(p.weights.title)).toBeTruthy());
    const form = formNamed(p.weights.title);
    expect((within(form).getByLabelText(en.records.categories.LIVE) as HTMLInputElement).value).toBe('10');
    fill(en.records.categories.LIVE, '101', form);
    await tap(p.weights.save, form);
    expect(problemAt(within(form).getByLabelText(en.records.categories.LIVE))).toBe(p.weights.bad);
    expect(changes(sent)).toEqual([]);

    fill(en.records.categories.LIVE, '15', form);
    fill(en.records.categories.LOTT, '5', form);
    await tap(p.weights.save, form);
    expect(await screen.findByText(p.weights.saved)).toBeTruthy();
    expect(changes(sent)).toEqual([
      {
        method: 'PUT',
        path: '/wps/admin/promotions/weights',
        body: { weights: { ...WEIGHTS, LIVE: 15, LOTT: 5 } },
      },
    ]);
  });
});
