// A mission in the promotion editor (issue 31): its period (or the whole run), up to five tasks with their
// targets, categories and rewards (bonus money and/or tickets of a raffle picked from the brand's raffles),
// and an optional leaderboard with prizes by rank; the server's checks (kinds._tasks, _prizes) repeated at
// each field; the cost per member (every task's reward and the first prize); a stored mission read back.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { missionForm } from './components/promotions/missionRules';
import { expectedCost, promotionForm, promotionRequest, serverProblems, wagerExample } from './components/promotions/rules';
import en from './locales/en.json';
import type { PromotionAdmin } from './promotionsApi';
import { answer, changes, fill, type Handlers, keptToken, mount, press, serve, type Sent, staffMe, submit, tearDown } from './testing';
import { ConsoleError } from './transport';

const p = en.promotions;
const m = p.missions;
const OPERATOR = staffMe('OPERATOR', ['content.read', 'members.read', 'promotions.read', 'promotions.write']);

const PARAMS = {
  amount: null,
  percent: null,
  cap: null,
  minDeposit: null,
  claimMode: null,
  claimDays: 7,
  period: null,
  rewards: null,
  tiers: null,
  minLoss: null,
  wagerMultiple: 1,
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

// A raffle (the kind helper B adds) the tasks' tickets can be for.
const RAFFLE = promotion(5, {
  kind: 'RAFFLE' as PromotionAdmin['kind'],
  category: 'OTHER',
  texts: { EN: { title: 'Christmas raffle', content: '' } },
});

const STORED_MISSION = promotion(6, {
  kind: 'MISSION',
  category: 'DAILY',
  texts: { EN: { title: 'Weekly missions', content: '' } },
  params: {
    ...PARAMS,
    period: 'WEEKLY',
    claimDays: 3,
    tasks: [
      { type: 'TURNOVER', target: '1000.00', category: 'LIVE', reward: '20.00', tickets: null, raffleId: null },
      { type: 'LOGIN_DAYS', target: '5', category: null, reward: null, tickets: 2, raffleId: 5 },
    ],
    leaderboard: { prizes: ['300.00', '100.00'], category: 'RNG', size: 20 },
  },
  mostPerMember: '320.00',
});

function server(list: PromotionAdmin[]): Handlers {
  return {
    'GET /wps/admin/session/me': () => answer(OPERATOR),
    'GET /wps/admin/promotions': () => answer({ list }),
    'POST /wps/admin/promotions': (sent: Sent) => {
      const body = sent.body as unknown as PromotionAdmin;
      const added = promotion(99, { ...body, params: { ...PARAMS, ...body.params }, state: 'SCHEDULED' });
      list.push(added);
      return answer(added);
    },
  };
}

const rowOf = (id: number) => document.querySelector<HTMLElement>(`tr[data-promotion="${id}"]`)!;
const formNamed = (name: string) => document.querySelector<HTMLElement>(`form[aria-label="${name}"]`)!;
const tap = (text: string, inside: HTMLElement = document.body) => press(within(inside).getByText(text, { selector: 'button' }));
const label = (text: string, key: string, value: number) => text.replace(`{{${key}}}`, String(value));
const problemAt = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

async function openEditor(list: PromotionAdmin[] = [promotion(1), RAFFLE]) {
  const sent = serve(server(list));
  await mount('/promotions');
  await waitFor(() => expect(rowOf(1)).toBeTruthy());
  await tap(p.list.add);
  return { sent, form: formNamed(p.list.add) };
}

beforeEach(keptToken);
afterEach(tearDown);

const base = () => ({
  ...promotionForm('MISSION'),
  start: '2026-12-01T00:00',
  wagerMultiple: '1',
  texts: { EN: { title: 'Missions', content: '' } },
});
const task = (extra: object) => ({ type: 'BET_COUNT' as const, target: '5', category: '' as const, reward: '', tickets: '', raffleId: '', ...extra });

describe('the mission rules', () => {
  it('sends the period, the tasks and the board as the server takes them', () => {
    const form = base();
    expect(form.category).toBe('DAILY');
    expect(form.mission.period).toBe('DAILY');
    const sent = promotionRequest({
      ...form,
      mission: {
        ...form.mission,
        tasks: [
          task({ category: 'LIVE', reward: '10' }),
          task({ type: 'DEPOSIT', target: '100.50', category: 'LIVE', tickets: '3', raffleId: '5' }),
        ],
        board: true,
        prizes: ['100', '50'],
        boardCategory: 'RNG',
        size: 20,
      },
    });
    expect('body' in sent && sent.body.params).toEqual({
      period: 'DAILY',
      tasks: [
        { type: 'BET_COUNT', target: '5', category: 'LIVE', reward: '10' },
        // A deposit task counts every category.
        { type: 'DEPOSIT', target: '100.50', tickets: 3, raffleId: 5 },
      ],
      leaderboard: { prizes: ['100', '50'], size: 20, category: 'RNG' },
      wagerMultiple: 1,
      expiryDays: 30,
    });
    const whole = promotionRequest({ ...form, mission: { ...form.mission, period: '', tasks: [task({ reward: '1' })] } });
    expect('body' in whole && whole.body.params).toEqual({ tasks: [{ type: 'BET_COUNT', target: '5', reward: '1' }], wagerMultiple: 1, expiryDays: 30 });
  });

  it('names every wrong task and prize at its field', () => {
    const form = base();
    const wrong = promotionRequest({
      ...form,
      mission: {
        ...form.mission,
        tasks: [
          task({ target: '2.5', reward: '1' }), // a count must be whole
          task({ type: 'TURNOVER', target: '0', reward: '1' }),
          task({ target: '100001' }), // no reward at all
          task({ tickets: '3' }), // tickets of no raffle
          task({ raffleId: '5', reward: 'x' }), // a raffle but no tickets; a wrong reward
          task({ tickets: '1001', raffleId: '5' }),
        ],
        board: true,
        prizes: ['50', '100', '0'],
      },
    });
    expect('problems' in wrong && wrong.problems).toEqual({
      'params.tasks': 'promotions.missions.tasksCount',
      'params.tasks.0.target': 'promotions.missions.badCount',
      'params.tasks.1.target': 'promotions.form.badAmount',
      'params.tasks.2.target': 'promotions.missions.badCount',
      'params.tasks.2.reward': 'promotions.missions.rewardRequired',
      'params.tasks.3.raffleId': 'promotions.missions.raffleRequired',
      'params.tasks.4.reward': 'promotions.form.badAmount',
      'params.tasks.4.tickets': 'promotions.missions.ticketsRequired',
      'params.tasks.5.tickets': 'promotions.missions.badTickets',
      'params.leaderboard.prizes.1': 'promotions.missions.prizeOrder',
      'params.leaderboard.prizes.2': 'promotions.form.badAmount',
    });
    const none = promotionRequest({ ...form, mission: { ...form.mission, tasks: [] } });
    expect('problems' in none && none.problems).toEqual({ 'params.tasks': 'promotions.missions.tasksCount' });
  });

  it("costs every task's reward and the first prize, and reads the server's refusals at their fields", () => {
    const form = base();
    const mission = { ...form.mission, tasks: [task({ reward: '10' }), task({ tickets: '2', raffleId: '5' }), task({ reward: '5.50' })] };
    expect(expectedCost({ ...form, mission })).toBe('15.50');
    expect(expectedCost({ ...form, mission: { ...mission, board: true, prizes: ['100', '50'] } })).toBe('115.50');
    expect(expectedCost({ ...form, mission: { ...mission, board: true, prizes: [''] } })).toBeNull();
    expect(wagerExample({ ...form, mission, wagerMultiple: '2' })).toEqual({ bonus: '10.00', deposit: null, turnover: '20.00' });
    const refusal = new ConsoleError('VALIDATION_ERROR', '', 422, {
      fields: [{ field: 'params.tasks.1.target' }, { field: 'params.tasks.0.raffleId' }, { field: 'params.leaderboard.prizes.2' }],
    });
    expect(serverProblems(refusal, 'MISSION')!.problems).toEqual({
      'params.tasks.1.target': 'promotions.missions.badTarget',
      'params.tasks.0.raffleId': 'promotions.missions.raffleRequired',
      'params.leaderboard.prizes.2': 'promotions.missions.badPrize',
    });
  });

  it('reads a stored mission back into the form', () => {
    const form = missionForm(STORED_MISSION.params);
    expect(form).toEqual({
      period: 'WEEKLY',
      tasks: [
        { type: 'TURNOVER', target: '1000.00', category: 'LIVE', reward: '20.00', tickets: '', raffleId: '' },
        { type: 'LOGIN_DAYS', target: '5', category: '', reward: '', tickets: '2', raffleId: '5' },
      ],
      board: true,
      prizes: ['300.00', '100.00'],
      boardCategory: 'RNG',
      size: 20,
    });
    expect(missionForm({ ...STORED_MISSION.params, period: null, tasks: null, leaderboard: null }).period).toBe('');
  });
});

// The editor's tests type into many fields of a large form: more than the default 5 seconds on a busy machine.
describe('the mission editor', { timeout: 30_000 }, () => {
  it('creates a mission with its tasks, a raffle picked for tickets, and a leaderboard', async () => {
    const { sent, form } = await openEditor();
    fill(p.form.kind, 'MISSION', form);
    expect(within(form).getByText(p.kindHints.MISSION)).toBeTruthy();
    expect(within(form).getByTestId('mission-fields')).toBeTruthy();
    fill(p.form.start, '2026-12-01T00:00', form);
    fill(m.period, 'WEEKLY', form);
    fill(label(m.taskType, 'task', 1), 'TURNOVER', form);
    fill(label(m.targetAmount, 'task', 1), '1000', form);
    fill(label(m.category, 'task', 1), 'LIVE', form);
    fill(label(m.reward, 'task', 1), '20', form);
    await tap(m.addTask, form);
    fill(label(m.taskType, 'task', 2), 'LOGIN_DAYS', form);
    expect(within(form).queryByLabelText(label(m.category, 'task', 2))).toBeNull();
    fill(label(m.targetCount, 'task', 2), '5', form);
    fill(label(m.tickets, 'task', 2), '2', form);
    // The raffle picker offers the brand's raffles.
    const raffle = within(form).getByLabelText(label(m.raffle, 'task', 2)) as HTMLSelectElement;
    await waitFor(() => expect([...raffle.options].map((o) => o.textContent)).toEqual([m.noRaffle, 'Christmas raffle (#5)']));
    fill(label(m.raffle, 'task', 2), '5', form);

    await press(within(form).getByLabelText(m.withBoard));
    fill(label(m.prize, 'rank', 1), '300', form);
    await tap(m.addPrize, form);
    fill(label(m.prize, 'rank', 2), '100', form);
    fill(m.size, '20', form);
    fill(p.form.wagerMultiple, '1', form);
    fill('Title (English)', 'Weekly missions', form);
    expect(within(form).getByTestId('promotion-cost').textContent).toBe(
      `${p.form.costTitle} ${p.cost.MISSION.replace('{{amount}}', '320.00').replace('{{period}}', p.periodUnits.WEEKLY)}`,
    );

    await submit(form);
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    expect(changes(sent)[0]).toMatchObject({
      method: 'POST',
      path: '/wps/admin/promotions',
      body: {
        kind: 'MISSION',
        category: 'DAILY',
        params: {
          period: 'WEEKLY',
          tasks: [
            { type: 'TURNOVER', target: '1000', category: 'LIVE', reward: '20' },
            { type: 'LOGIN_DAYS', target: '5', tickets: 2, raffleId: 5 },
          ],
          leaderboard: { prizes: ['300', '100'], size: 20 },
          wagerMultiple: 1,
          expiryDays: 30,
        },
      },
    });
    await waitFor(() => expect(rowOf(99)).toBeTruthy());
    expect(within(rowOf(99)).getByText(p.kinds.MISSION)).toBeTruthy();
  });

  it('marks a wrong task and a prize out of order at their fields, and sends nothing', async () => {
    const { sent, form } = await openEditor([promotion(1)]);
    fill(p.form.kind, 'MISSION', form);
    fill(p.form.start, '2026-12-01T00:00', form);
    fill(label(m.targetCount, 'task', 1), '0', form);
    // No raffle to give tickets of: the picker says so.
    await waitFor(() => expect(within(form).getByText(m.noRaffles)).toBeTruthy());
    await press(within(form).getByLabelText(m.withBoard));
    fill(label(m.prize, 'rank', 1), '10', form);
    await tap(m.addPrize, form);
    fill(label(m.prize, 'rank', 2), '20', form);
    fill(p.form.wagerMultiple, '0', form);
    fill('Title (English)', 'Missions', form);
    await submit(form);
    const target = within(form).getByLabelText(label(m.targetCount, 'task', 1));
    expect(target.getAttribute('aria-invalid')).toBe('true');
    expect(problemAt(target)).toBe(m.badCount);
    expect(problemAt(within(form).getByLabelText(label(m.reward, 'task', 1)))).toBe(m.rewardRequired);
    expect(problemAt(within(form).getByLabelText(label(m.prize, 'rank', 2)))).toBe(m.prizeOrder);
    expect(changes(sent)).toHaveLength(0);
    // Mending a field clears its mark.
    fill(label(m.targetCount, 'task', 1), '3', form);
    expect(target.getAttribute('aria-invalid')).toBeNull();
    await tap(label(m.removePrize, 'rank', 2), form);
    expect(within(form).queryByLabelText(label(m.prize, 'rank', 2))).toBeNull();
    expect(screen.queryByText(m.prizeOrder)).toBeNull();
  });
});
