import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AgentDetail, Contract, Dividend, Settlement } from './agentsApi';
import type { SwitchNode } from './brandApi';
import { booksDays, serverProblems } from './components/agents/rules';
import en from './locales/en.json';
import { answer, changes, click, fill, type Handlers, keptToken, mount, params, press, reads, serve, staffMe, tearDown } from './testing';
import { ConsoleError } from './transport';

vi.mock('socket.io-client', () => import('./testing').then((module) => module.fakeSocketModule));

// Dividend contracts (a share of the team's net loss per period of a cycle) and the dividends the merchant
// approves for its first-level agents.
const a = en.agents;
const d = a.dividends;
const OPERATOR = staffMe('OPERATOR', ['agents.manage', 'agents.read', 'brand.read', 'members.read']);
const FINANCE = staffMe('FINANCE', ['agents.read', 'members.read']);
const AT = Date.parse('2026-11-27T03:00:00Z');
const TIER = { minValidBet: '0.00', minActiveMembers: 1, rateBps: 100, lossRateBps: 0, profitRateBps: 0 };
// A week of the merchant's books: Monday 2026-11-23 00:00 in Manila up to the next Monday.
const WEEK_START = Date.parse('2026-11-22T16:00:00Z');
const WEEK_END = Date.parse('2026-11-29T16:00:00Z');
const DIVIDENDS = '/wps/admin/agents/dividends';

const contract = (id: number, kind: string, cycle: string | null = null): Contract => ({
  id, kind, cycle, status: 'ACTIVE', upline: null, downline: 'agent1', downlineId: 12, tiers: [TIER],
  createdAt: AT, acceptedAt: AT, endedAt: null,
});
const settlement = (id: number, extra: Partial<Settlement> = {}): Settlement => ({
  id, contractId: 7, kind: 'DAILY_SALARY', periodStart: AT, periodEnd: AT + 86_400_000, validBet: '5000.00',
  activeMembers: 3, rateBps: 100, amount: '50.00', transferId: 5, status: 'PAID', netLoss: null, carryIn: null,
  lowerDividends: null, approvedAt: null, lost: null, won: null, lossRateBps: null, profitRateBps: null, ...extra,
});
const dividend = (id: number, member: string, extra: Partial<Dividend> = {}): Dividend => ({
  ...settlement(id, {
    contractId: 8, kind: 'DIVIDEND', periodStart: WEEK_START, periodEnd: WEEK_END, validBet: '90000.00',
    rateBps: 2500, netLoss: '12345678901234.57', carryIn: '-300.00', lowerDividends: '400.10',
    amount: '3086419725233.46', transferId: null, status: 'PENDING',
  }),
  member,
  ...extra,
});
const AGENT1 = {
  id: 12, username: 'agent1', nickname: null, type: 1, upline: null, directMembers: 0, status: 'ACTIVE',
  contract: null, contracts: [], createdAt: AT,
};
const DETAIL: AgentDetail = {
  agent: AGENT1, uplines: [], members: [],
  contracts: [contract(8, 'DIVIDEND', 'WEEKLY'), contract(7, 'DAILY_SALARY')],
  settlements: [{ ...dividend(71, 'agent1', { status: 'PAID', transferId: 9, approvedAt: AT }) }, settlement(70)],
};
const PENDING = [dividend(71, 'agent1'), dividend(72, 'agent2', { netLoss: '80.00', carryIn: '0.00', lowerDividends: '0.00', amount: '20.00', rateBps: 2500 })];
const node = (modId: string, enabled = true): SwitchNode => ({ modId, enabled, effective: enabled, children: [] });

function agentsServer(me: unknown, extra: Handlers = {}) {
  return serve({
    'GET /wps/admin/session/me': () => answer(me),
    'GET /wps/admin/agents': () => answer({ list: [AGENT1], pageNum: 1, totalPages: 1, total: 1 }),
    'GET /wps/admin/agents/*': () => answer(DETAIL),
    'GET /wps/admin/brand': () => answer({ switches: [node('DAILYSALARY3'), node('DIVIDEND3')] }),
    'POST /wps/admin/agents/12/contracts': () => answer({ ...contract(10, 'DIVIDEND', 'WEEKLY'), status: 'OFFERED' }),
    [`GET ${DIVIDENDS}`]: (sent) =>
      answer(
        params(sent).status === 'ALL'
          ? { list: [...PENDING, dividend(60, 'agent1', { status: 'PAID', approvedAt: AT, amount: '5.00' })], totalPending: '3086419725253.46' }
          : { list: PENDING, totalPending: '3086419725253.46' },
      ),
    ...extra,
  });
}

const offerForm = () => screen.getByRole('form', { name: a.offer.title });
const section = () => screen.getByRole('region', { name: d.title });
const dividendsTable = async () => within(await screen.findByRole('region', { name: d.title })).findByRole('table', { name: d.title });
const rowOf = (table: HTMLElement, id: number) => table.querySelector(`tr[data-dividend="${id}"]`) as HTMLElement;
const cells = (tr: HTMLElement) => within(tr).getAllByRole('cell').map((cell) => cell.textContent);
const fillIn = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((out, [key, value]) => out.replaceAll(`{{${key}}}`, value), text);
const PERIOD = '2026-11-23 – 2026-11-29';
const words = { amount: '3086419725233.46', username: 'agent1', period: PERIOD };

beforeEach(keptToken);
afterEach(tearDown);

describe('the rules', () => {
  it("show a dividend's period as days of the merchant's books, its end the next period's start", () => {
    expect(booksDays(WEEK_START, WEEK_END)).toBe(PERIOD);
    expect(booksDays(WEEK_START, WEEK_START + 86_400_000)).toBe('2026-11-23');
  });

  it("place the server's word on the cycle apart from the tiers", () => {
    const refused = new ConsoleError('VALIDATION_ERROR', '', 422, { fields: [{ field: 'cycle', type: 'required' }] });
    expect(serverProblems(refused, 1)).toEqual({ rows: [{}], form: ['cycle'] });
  });
});

describe('offering a dividend', () => {
  it('asks for a cycle, says the rate is a share of the net loss, and sends the cycle', async () => {
    const sent = agentsServer(OPERATOR);
    await mount('/agents?agent=12');
    await screen.findByRole('form', { name: a.offer.title });
    const group = await within(offerForm()).findByRole('group', { name: a.offer.kind });
    expect(within(offerForm()).queryByRole('combobox', { name: a.offer.cycle })).toBeNull();
    await press(within(group).getByRole('radio', { name: a.kinds.DIVIDEND }));
    const cycle = within(offerForm()).getByRole('combobox', { name: a.offer.cycle }) as HTMLSelectElement;
    expect(cycle.value).toBe('');
    expect(within(offerForm()).getByTestId('dividend-hint').textContent).toBe(a.offer.dividendHint);
    fill(a.offer.rateBps, '2500', offerForm());
    expect(within(offerForm()).getByTestId('tier-percent').textContent).toBe('= 25.00 % of the net loss');

    // Nothing chosen: nothing sent, the select named wrong and focused.
    await click(a.offer.submit, offerForm());
    expect(changes(sent)).toEqual([]);
    expect(cycle.getAttribute('aria-invalid')).toBe('true');
    expect(within(offerForm()).getByText(a.offer.problems.cycle)).toBeTruthy();
    expect(document.activeElement).toBe(cycle);

    fill(a.offer.cycle, 'SEMIMONTHLY', offerForm());
    expect(cycle.getAttribute('aria-invalid')).toBeNull();
    await click(a.offer.submit, offerForm());
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    expect(changes(sent)[0]!.body).toEqual({
      kind: 'DIVIDEND',
      cycle: 'SEMIMONTHLY',
      tiers: [{ minValidBet: '0.00', minActiveMembers: 1, rateBps: 2500 }],
    });
    await waitFor(() => expect(cycle.value).toBe(''));
  });

  it('sends no cycle with a salary', async () => {
    const sent = agentsServer(OPERATOR);
    await mount('/agents?agent=12');
    await screen.findByRole('form', { name: a.offer.title });
    const group = await within(offerForm()).findByRole('group', { name: a.offer.kind });
    await press(within(group).getByRole('radio', { name: a.kinds.DIVIDEND }));
    fill(a.offer.cycle, 'WEEKLY', offerForm());
    await press(within(group).getByRole('radio', { name: a.kinds.DAILY_SALARY }));
    expect(within(offerForm()).queryByRole('combobox', { name: a.offer.cycle })).toBeNull();
    fill(a.offer.rateBps, '100', offerForm());
    expect(within(offerForm()).getByTestId('tier-percent').textContent).toBe('= 1.00 %');
    await click(a.offer.submit, offerForm());
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    expect(changes(sent)[0]!.body).toEqual({ kind: 'DAILY_SALARY', tiers: [{ minValidBet: '0.00', minActiveMembers: 1, rateBps: 100 }] });
  });

  it("puts the server's refusal of the cycle on the select", async () => {
    agentsServer(OPERATOR, {
      'POST /wps/admin/agents/12/contracts': () => answer({ fields: [{ field: 'cycle', type: 'required' }] }, 422, 'VALIDATION_ERROR'),
    });
    await mount('/agents?agent=12');
    await screen.findByRole('form', { name: a.offer.title });
    await press(within(await within(offerForm()).findByRole('group', { name: a.offer.kind })).getByRole('radio', { name: a.kinds.DIVIDEND }));
    fill(a.offer.cycle, 'MONTHLY', offerForm());
    fill(a.offer.rateBps, '100', offerForm());
    await click(a.offer.submit, offerForm());
    const cycle = within(offerForm()).getByRole('combobox', { name: a.offer.cycle });
    await waitFor(() => expect(cycle.getAttribute('aria-invalid')).toBe('true'));
    expect(within(offerForm()).getByText(a.offer.problems.cycle)).toBeTruthy();
    // The cycle is not left to a form-wide "invalid": the only alert is the code's own text.
    expect(within(offerForm()).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([en.errors.VALIDATION_ERROR]);
  });
});

describe("an agent's detail", () => {
  it("names a dividend contract's cycle, and shows a dividend's inputs and state beside a salary", async () => {
    agentsServer(FINANCE);
    await mount('/agents?agent=12');
    const contracts = await screen.findByRole('table', { name: a.contracts });
    const kindOf = (id: number) => cells(contracts.querySelector(`tr[data-contract="${id}"]`) as HTMLElement)[1];
    expect([kindOf(8), kindOf(7)]).toEqual([`${a.kinds.DIVIDEND} · ${a.cycles.WEEKLY}`, a.kinds.DAILY_SALARY]);

    const table = screen.getByRole('table', { name: a.settlements });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    const s = a.settlementColumns;
    expect(headers).toEqual([s.period, s.contract, s.kind, s.validBet, s.activeMembers, s.rate, s.netLoss, s.carryIn, s.lowerDividends, s.owed, s.status, s.bets]);
    const [, paid, salary] = within(table).getAllByRole('row');
    expect(cells(paid!).slice(0, 10)).toEqual([
      PERIOD, '8', a.kinds.DIVIDEND, '90000.00', '3', '25.00 %', '12345678901234.57', '-300.00', '400.10', '3086419725233.46',
    ]);
    expect(cells(paid!)[10]).toContain(a.settlementStatus.PAID);
    expect(cells(salary!).slice(1, 10)).toEqual(['7', a.kinds.DAILY_SALARY, '5000.00', '3', '1.00 %', '—', '—', '—', '50.00']);
  });
});

describe('the dividends to approve', () => {
  it('lists the waiting ones with their figures and the total waiting, and all of them on request', async () => {
    const sent = agentsServer(FINANCE);
    await mount('/agents');
    const table = await dividendsTable();
    expect(params(reads(sent, DIVIDENDS)[0]!)).toEqual({ status: 'PENDING' });
    expect(within(section()).getByTestId('dividends-total').textContent).toBe(`${d.totalPending} 3086419725253.46`);
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    const c = d.columns;
    expect(headers).toEqual([c.agent, c.period, c.netLoss, c.carryIn, c.lowerDividends, c.rate, c.amount, c.bets]);
    // Money exactly as the server wrote it, even past what a float holds.
    expect(cells(rowOf(table, 71))).toEqual(['agent1', PERIOD, '12345678901234.57', '-300.00', '400.10', '25.00 %', '3086419725233.46', a.bets.open]);
    expect(cells(rowOf(table, 72))).toEqual(['agent2', PERIOD, '80.00', '0.00', '0.00', '25.00 %', '20.00', a.bets.open]);

    const filter = within(section()).getByRole('group', { name: d.show });
    expect(within(filter).getByRole('button', { name: d.filters.PENDING }).getAttribute('aria-pressed')).toBe('true');
    await press(within(filter).getByRole('button', { name: d.filters.ALL }));
    await waitFor(() => expect(reads(sent, DIVIDENDS)).toHaveLength(2));
    expect(params(reads(sent, DIVIDENDS)[1]!)).toEqual({ status: 'ALL' });
    const all = await dividendsTable();
    await waitFor(() => expect(rowOf(all, 60)).toBeTruthy());
    expect(cells(rowOf(all, 60))[7]).toContain(a.settlementStatus.PAID);
    expect(cells(rowOf(all, 71))[7]).toBe(a.settlementStatus.PENDING);
  });

  it('says so when none waits', async () => {
    agentsServer(OPERATOR, { [`GET ${DIVIDENDS}`]: () => answer({ list: [], totalPending: '0.00' }) });
    await mount('/agents');
    expect(await within(await screen.findByRole('region', { name: d.title })).findByText(d.empty.PENDING)).toBeTruthy();
    expect(within(section()).queryByRole('table')).toBeNull();
  });

  it('approves one after a confirmation naming its amount, then reads the list and the agent again', async () => {
    const sent = agentsServer(OPERATOR, {
      'POST /wps/admin/agents/dividends/71/approve': () => answer(dividend(71, 'agent1', { status: 'PAID', approvedAt: AT })),
    });
    await mount('/agents?agent=12');
    await screen.findByTestId('agent-detail');
    const table = await dividendsTable();
    // Each Approve is named by what it pays.
    expect(within(table).getAllByRole('button', { name: /^Approve/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      fillIn(d.approveLabel, words),
      fillIn(d.approveLabel, { amount: '20.00', username: 'agent2', period: PERIOD }),
    ]);
    await click(fillIn(d.approveLabel, words), table);
    expect(changes(sent)).toEqual([]);
    expect(within(table).getByText(fillIn(d.confirmApprove, words))).toBeTruthy();
    await click(en.confirm.yes, table);
    await waitFor(() => expect(changes(sent)).toEqual([{ method: 'POST', path: '/wps/admin/agents/dividends/71/approve', body: null }]));
    await waitFor(() => expect(reads(sent, DIVIDENDS)).toHaveLength(2));
    expect(await within(section()).findByText(fillIn(d.paid, words))).toBeTruthy();
    await waitFor(() => expect(reads(sent, '/wps/admin/agents/12')).toHaveLength(2));
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const sent = agentsServer(OPERATOR);
    await mount('/agents');
    const table = await dividendsTable();
    await click(fillIn(d.approveLabel, words), table);
    await click(en.confirm.no, table);
    expect(changes(sent)).toEqual([]);
    expect(within(table).getByRole('button', { name: fillIn(d.approveLabel, words) })).toBeTruthy();
  });

  it('says so, and reads the list again, when someone else approved it first', async () => {
    const sent = agentsServer(OPERATOR, {
      'POST /wps/admin/agents/dividends/71/approve': () => answer(null, 409, 'AGENT_SETTLEMENT_STATE'),
    });
    await mount('/agents');
    const table = await dividendsTable();
    await click(fillIn(d.approveLabel, words), table);
    await click(en.confirm.yes, table);
    expect(await within(section()).findByText(a.errors.AGENT_SETTLEMENT_STATE)).toBeTruthy();
    await waitFor(() => expect(reads(sent, DIVIDENDS)).toHaveLength(2));
    expect(within(section()).queryByRole('status')).toBeNull();
  });

  it('offers no Approve to a reader without agents.manage', async () => {
    agentsServer(FINANCE);
    await mount('/agents');
    const table = await dividendsTable();
    expect(within(table).queryAllByRole('button', { name: /^Approve/ })).toEqual([]);
    expect(within(table).queryByRole('columnheader', { name: d.columns.actions })).toBeNull();
  });
});
