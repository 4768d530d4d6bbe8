import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import { store } from '../../state/store';
import type { Contract, Contracts, Income, Settlement } from './api';
import { bpsPercent } from './figures';
import { ContractsPage } from './pages/ContractsPage';
import { INCOME_PAGE_SIZE, IncomePage } from './pages/IncomePage';
import { fakeServer } from './testServer';

const t = vi.hoisted(() => (key: string, { defaultValue: _, ...values }: Record<string, unknown> = {}) =>
  Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key);
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));

const CONTRACTS = '/wps/agent/contracts';
// What a salary's settlement has of a dividend's fields: nothing, paid as it settled.
const SALARY_ROW = {
  status: 'PAID', netLoss: null, carryIn: null, lowerDividends: null, approvedAt: null, lost: null, won: null, lossRateBps: null,
  profitRateBps: null,
} as const;
const MEMBERS = '/wps/agent/team/members';
const contract = (id: number, status: string, extra: Partial<Contract> = {}): Contract => ({
  id, kind: 'DAILY_SALARY', status, upline: null, downline: 'agent1', downlineId: 5, createdAt: Date.UTC(2025, 2, 1, 12),
  acceptedAt: null, endedAt: null, cycle: null, tiers: [
    { minValidBet: '0.00', minActiveMembers: 1, rateBps: 100, lossRateBps: 0, profitRateBps: 0 },
    { minValidBet: '1000.00', minActiveMembers: 2, rateBps: 150, lossRateBps: 0, profitRateBps: 0 },
  ], ...extra,
});
const listed: { value: Contracts } = { value: {
  mine: [contract(1, 'ACTIVE'), contract(2, 'OFFERED', { upline: 'boss', kind: 'HOURLY_SALARY' })],
  offered: [
    contract(3, 'OFFERED', { upline: 'agent1', downline: 'sub1', downlineId: 7 }),
    contract(4, 'TERMINATION_REQUESTED', { upline: 'agent1', downline: 'sub2', downlineId: 8 }),
  ],
} };

let server: ReturnType<typeof fakeServer>;
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const card = (id: number) => document.querySelector(`[data-contract="${id}"]`) as HTMLElement;
const posted = () => server.sent.filter((s) => s.method === 'POST').map((s) => s.path);

beforeEach(async () => {
  setRequestContext(() => ({ merchant: 'demo', token: 'agent-token', language: 'EN' }));
  server = fakeServer();
  server.always('GET', CONTRACTS, listed);
  server.always('GET', MEMBERS, { value: { list: [], pageNum: 1, totalPages: 0, total: 0 } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = async () => {
  render(<Provider store={store}><ContractsPage /></Provider>);
  await flush();
};

describe('contracts', () => {
  it('shows rates from basis points with two decimals, without a float', () => {
    expect([150, 100, 5, 50, 10000, 1].map(bpsPercent)).toEqual(['1.50', '1.00', '0.05', '0.50', '100.00', '0.01']);
  });

  it('lists the contracts offered to me and by me, with their terms and the merchant named as the house', async () => {
    await show();
    expect(screen.getByText('agentCentre.contracts.explain')).toBeTruthy();
    const mine = card(1);
    expect(within(mine).getByText('agentCentre.contracts.from {"party":"agentCentre.contracts.merchant"}')).toBeTruthy();
    expect(within(mine).getByText('agentCentre.contracts.statuses.ACTIVE')).toBeTruthy();
    const tiers = within(within(mine).getByTestId('agent-tiers')).getAllByRole('row').slice(1);
    expect(tiers.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['P 0.00', '1', 'agentCentre.contracts.percent {"rate":"1.00"}'],
      ['P 1,000.00', '2', 'agentCentre.contracts.percent {"rate":"1.50"}'],
    ]);
    expect(within(card(2)).getByText('agentCentre.contracts.from {"party":"boss"}')).toBeTruthy();
    // Each card names its kind.
    expect(within(mine).getByText(/^agentCentre\.contracts\.kinds\.DAILY_SALARY · #1 · /)).toBeTruthy();
    expect(within(card(2)).getByText(/^agentCentre\.contracts\.kinds\.HOURLY_SALARY · #2 · /)).toBeTruthy();
    expect(within(card(3)).getByText('agentCentre.contracts.to {"party":"sub1"}')).toBeTruthy();
    // The downline's request to end waits for me: marked, and said in words.
    expect(card(4).className).toContain('attention');
    expect(within(card(4)).getByRole('status').textContent).toBe('agentCentre.contracts.waitingForYou {"party":"sub2"}');
    expect(card(3).className).not.toContain('attention');
  });

  it('accepts, rejects and asks to end the contracts offered to me, reading the list again after each', async () => {
    server.always('POST', `${CONTRACTS}/2/accept`, { value: contract(2, 'ACTIVE') });
    server.always('POST', `${CONTRACTS}/2/reject`, { value: contract(2, 'REJECTED') });
    server.always('POST', `${CONTRACTS}/1/termination-request`, { value: contract(1, 'TERMINATION_REQUESTED') });
    await show();
    expect(within(card(1)).queryByRole('button', { name: 'agentCentre.contracts.accept' })).toBeNull();
    fireEvent.click(within(card(2)).getByRole('button', { name: 'agentCentre.contracts.accept' }));
    await flush();
    fireEvent.click(within(card(2)).getByRole('button', { name: 'agentCentre.contracts.reject' }));
    await flush();
    fireEvent.click(within(card(1)).getByRole('button', { name: 'agentCentre.contracts.askToEnd' }));
    await flush();
    expect(posted()).toEqual([`${CONTRACTS}/2/accept`, `${CONTRACTS}/2/reject`, `${CONTRACTS}/1/termination-request`]);
    expect(server.sent.filter((s) => s.method === 'POST').every((s) => s.body === undefined)).toBe(true);
    expect(server.calls('GET', CONTRACTS)).toHaveLength(4);
  });

  it('asks to confirm before withdrawing an offer or ending a contract, and can be cancelled', async () => {
    server.always('POST', `${CONTRACTS}/4/terminate`, { value: contract(4, 'TERMINATED') });
    await show();
    fireEvent.click(within(card(3)).getByRole('button', { name: 'agentCentre.contracts.withdraw' }));
    expect(within(card(3)).getByText('agentCentre.contracts.confirmWithdraw {"party":"sub1"}')).toBeTruthy();
    fireEvent.click(within(card(3)).getByRole('button', { name: 'common.cancel' }));
    expect(within(card(3)).getByRole('button', { name: 'agentCentre.contracts.withdraw' })).toBeTruthy();

    fireEvent.click(within(card(4)).getByRole('button', { name: 'agentCentre.contracts.end' }));
    expect(posted()).toEqual([]);
    expect(within(card(4)).getByText('agentCentre.contracts.confirmEnd {"party":"sub2"}')).toBeTruthy();
    fireEvent.click(within(card(4)).getByRole('button', { name: 'common.confirm' }));
    await flush();
    expect(posted()).toEqual([`${CONTRACTS}/4/terminate`]);
  });

  it("says in words why a move was refused, and keeps it up while the list is read again", async () => {
    server.once('POST', `${CONTRACTS}/2/accept`, { code: 'AGENT_CONTRACT_STATE', status: 409 });
    await show();
    fireEvent.click(within(card(2)).getByRole('button', { name: 'agentCentre.contracts.accept' }));
    await flush();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('errors.AGENT_CONTRACT_STATE');
    expect(server.calls('GET', CONTRACTS)).toHaveLength(2);
  });
});

describe('accepting a lower rate than contracts below pay', () => {
  const ENDING = [
    { id: 31, downline: 'sub1', status: 'ACTIVE', rateBps: 120 },
    { id: 35, downline: 'deep2', status: 'OFFERED', rateBps: 95 },
  ];
  const asked = () => server.once('POST', `${CONTRACTS}/2/accept`, { code: 'AGENT_CONTRACT_CONFIRM', status: 409, value: { contracts: ENDING } });

  it('lists the contracts that would end, and accepts with confirm only when confirmed', async () => {
    asked();
    server.once('POST', `${CONTRACTS}/2/accept`, { value: contract(2, 'ACTIVE') });
    await show();
    fireEvent.click(within(card(2)).getByRole('button', { name: 'agentCentre.contracts.accept' }));
    await flush();
    const ending = within(card(2)).getByRole('group', { name: 'agentCentre.contracts.ending.title' });
    expect(within(ending).getByRole('status').textContent).toBe('agentCentre.contracts.ending.intro');
    const rows = within(within(ending).getByTestId('agent-ending-list')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['sub1', 'agentCentre.contracts.statuses.ACTIVE', 'agentCentre.contracts.percent {"rate":"1.20"}'],
      ['deep2', 'agentCentre.contracts.statuses.OFFERED', 'agentCentre.contracts.percent {"rate":"0.95"}'],
    ]);
    // Asked, not refused: no error, the list not read again, Accept and Reject out of the way meanwhile.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.calls('GET', CONTRACTS)).toHaveLength(1);
    expect(within(card(2)).queryByRole('button', { name: 'agentCentre.contracts.reject' })).toBeNull();

    fireEvent.click(within(ending).getByRole('button', { name: 'common.confirm' }));
    await flush();
    expect(server.calls('POST', `${CONTRACTS}/2/accept`).map((c) => c.body)).toEqual([undefined, { confirm: true }]);
    expect(within(card(2)).queryByRole('group', { name: 'agentCentre.contracts.ending.title' })).toBeNull();
    expect(server.calls('GET', CONTRACTS)).toHaveLength(2);
  });

  it('leaves everything as it was when cancelled', async () => {
    asked();
    await show();
    fireEvent.click(within(card(2)).getByRole('button', { name: 'agentCentre.contracts.accept' }));
    await flush();
    fireEvent.click(within(card(2)).getByRole('button', { name: 'common.cancel' }));
    await flush();
    expect(posted()).toEqual([`${CONTRACTS}/2/accept`]);
    expect(server.calls('GET', CONTRACTS)).toHaveLength(1);
    expect(within(card(2)).queryByTestId('agent-ending')).toBeNull();
    expect(within(card(2)).getByRole('button', { name: 'agentCentre.contracts.accept' })).toBeTruthy();
    expect(within(card(2)).getByRole('button', { name: 'agentCentre.contracts.reject' })).toBeTruthy();
  });

  it('says in words when the confirmed acceptance is refused after all', async () => {
    asked();
    server.once('POST', `${CONTRACTS}/2/accept`, { code: 'AGENT_CONTRACT_STATE', status: 409 });
    await show();
    fireEvent.click(within(card(2)).getByRole('button', { name: 'agentCentre.contracts.accept' }));
    await flush();
    fireEvent.click(within(card(2)).getByRole('button', { name: 'common.confirm' }));
    await flush();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('errors.AGENT_CONTRACT_STATE');
    expect(within(card(2)).queryByTestId('agent-ending')).toBeNull();
    expect(server.calls('GET', CONTRACTS)).toHaveLength(2);
  });
});

describe('my income', () => {
  it('shows the total paid and each day with the figures it was worked out from, as sent', async () => {
    const income: Income = { pageNum: 1, totalPages: 1, total: 1, totalPaid: '1234.56', totalPending: '0.00', list: [
      // 2025-03-04 00:00 in Manila, the merchant's books.
      { id: 1, contractId: 9, kind: 'DAILY_SALARY', periodStart: Date.UTC(2025, 2, 3, 16), periodEnd: Date.UTC(2025, 2, 4, 16),
        validBet: '600.00', activeMembers: 3, rateBps: 50, amount: '3.00', transferId: 77, ...SALARY_ROW },
    ] };
    server.always('GET', '/wps/agent/income', { value: income });
    render(<Provider store={store}><IncomePage /></Provider>);
    await flush();
    expect(server.calls('GET', '/wps/agent/income').map((c) => c.query)).toEqual([{ pageNum: '1', pageSize: String(INCOME_PAGE_SIZE) }]);
    expect(screen.getByTestId('agent-income-total').textContent).toContain('P 1,234.56');
    const cells = within(screen.getByTestId('agent-income-row')).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual([
      '2025-03-04', 'agentCentre.contracts.kinds.DAILY_SALARY', 'P 600.00', '3', 'agentCentre.contracts.percent {"rate":"0.50"}', 'P 3.00',
      'agentCentre.income.formula {"validBet":"600.00","rate":"0.50","amount":"3.00"}', '#9', 'agentCentre.explain.column',
    ]);
  });

  it("shows an hourly settlement's hour in the viewer's time, with its zone, beside a day of the books", async () => {
    const settled = (id: number, kind: string, periodStart: number, periodEnd: number): Settlement => ({
      id, contractId: 9, kind, periodStart, periodEnd, validBet: '100.00', activeMembers: 1, rateBps: 10, amount: '0.10', transferId: null,
      ...SALARY_ROW,
    });
    server.always('GET', '/wps/agent/income', { value: { pageNum: 1, totalPages: 1, total: 3, totalPaid: '0.30', totalPending: '0.00', list: [
      // 07:00–08:00 UTC: 14:00–15:00 for this viewer (the tests run at GMT+7).
      settled(3, 'HOURLY_SALARY', Date.UTC(2026, 10, 26, 7), Date.UTC(2026, 10, 26, 8)),
      // An hour that starts on one day and ends on the next is named by its start.
      settled(2, 'HOURLY_SALARY', Date.UTC(2026, 10, 26, 16), Date.UTC(2026, 10, 26, 17)),
      settled(1, 'DAILY_SALARY', Date.UTC(2026, 10, 25, 16), Date.UTC(2026, 10, 26, 16)),
    ] } });
    render(<Provider store={store}><IncomePage /></Provider>);
    await flush();
    const rows = screen.getAllByTestId('agent-income-row').map((r) => within(r).getAllByRole('cell').slice(0, 2).map((c) => c.textContent));
    expect(rows).toEqual([
      ['2026-11-26 14:00–15:00 GMT+7', 'agentCentre.contracts.kinds.HOURLY_SALARY'],
      ['2026-11-26 23:00–00:00 GMT+7', 'agentCentre.contracts.kinds.HOURLY_SALARY'],
      ['2026-11-26', 'agentCentre.contracts.kinds.DAILY_SALARY'],
    ]);
    expect(screen.getAllByRole('columnheader').slice(0, 2).map((h) => h.textContent)).toEqual([
      'agentCentre.income.period', 'agentCentre.income.kind',
    ]);
  });

  it('says so when nothing was paid yet', async () => {
    server.always('GET', '/wps/agent/income', { value: { pageNum: 1, totalPages: 0, total: 0, totalPaid: '0.00', totalPending: '0.00', list: [] } });
    render(<Provider store={store}><IncomePage /></Provider>);
    await flush();
    expect(screen.getByText('agentCentre.income.empty')).toBeTruthy();
  });
});
