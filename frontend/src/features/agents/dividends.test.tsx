import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, setRequestContext } from '../../api/client';
import type { SettingNode, SystemStatus } from '../../api/system';
import { statusAtom } from '../../state/atoms';
import { store } from '../../state/store';
import type { Contract, Dividend, Dividends, Income, TeamMember } from './api';
import { OfferContractForm } from './components/OfferContractForm';
import { offerBody, offerRefusal, ownCycle } from './offerForm';
import { DividendPage } from './pages/DividendPage';
import { IncomePage } from './pages/IncomePage';
import { fakeServer } from './testServer';

const t = vi.hoisted(() => (key: string, { defaultValue: _, ...values }: Record<string, unknown> = {}) =>
  Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key);
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));

const DIVIDENDS = '/wps/agent/dividends';
const CONTRACTS = '/wps/agent/contracts';
// A week of the books: Monday 2025-03-03 00:00 to Monday 2025-03-10 00:00 in Manila.
const WEEK = { periodStart: Date.UTC(2025, 2, 2, 16), periodEnd: Date.UTC(2025, 2, 9, 16) };
const dividend = (id: number, status: string, amount: string, extra: Partial<Dividend> = {}): Dividend => ({
  id, contractId: 4, kind: 'DIVIDEND', ...WEEK, validBet: '1700.00', activeMembers: 3, rateBps: 1000, amount, transferId: null,
  status, netLoss: '150.00', carryIn: '0.00', lowerDividends: '0.00', approvedAt: null, member: 'sub1',
  lost: null, won: null, lossRateBps: null, profitRateBps: null, ...extra,
});
const own = (kind: string, cycle: string | null, status = 'ACTIVE'): Contract => ({
  id: 1, kind, status, upline: null, downline: 'agent1', downlineId: 5, createdAt: 0, acceptedAt: 0, endedAt: null, cycle,
  tiers: [{ minValidBet: '0.00', minActiveMembers: 1, rateBps: 3000, lossRateBps: 0, profitRateBps: 0 }],
});
const sub: TeamMember = {
  id: 7, username: 'sub1', nickname: null, type: 1, level: 1, upline: 'agent1', status: 'ACTIVE', rankLevel: 0, createdAt: 0,
};

let server: ReturnType<typeof fakeServer>;
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const node = (modId: string): SettingNode => ({ modId, enabled: '1', childrenNodes: [] });

beforeEach(() => {
  setRequestContext(() => ({ merchant: 'demo', token: 'agent-token', language: 'EN' }));
  server = fakeServer();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.set(statusAtom, null);
});

describe("a dividend's terms", () => {
  it("take the agent's own dividend's cycle, and send a cycle with a dividend only", () => {
    expect(ownCycle([own('DAILY_SALARY', null), own('DIVIDEND', 'MONTHLY')])).toBe('MONTHLY');
    expect(ownCycle([own('DIVIDEND', 'MONTHLY', 'TERMINATED')])).toBeNull();
    const tier = { minValidBet: '0', minActiveMembers: '1', rateBps: '500', lossRateBps: '', profitRateBps: '' };
    expect(offerBody(7, 'DIVIDEND', [tier], 'WEEKLY').cycle).toBe('WEEKLY');
    expect('cycle' in offerBody(7, 'DAILY_SALARY', [tier], 'WEEKLY')).toBe(false);
    const refused = new ApiError('AGENT_DIVIDEND_CYCLE', 'x', 422, { cycle: 'WEEKLY' });
    expect(offerRefusal(refused)).toEqual({ form: { key: 'agentCentre.offer.errors.cycle' } });
  });

  it('are offered with the cycle shown, not chosen, when the agent holds a dividend', async () => {
    store.set(statusAtom, { info: { whitelabel: [node('DIVIDEND3')] } } as unknown as SystemStatus);
    server.always('GET', '/wps/agent/team/members', { value: { pageNum: 1, total: 1, totalPages: 1, list: [sub] } });
    server.always('POST', CONTRACTS, { value: { ...own('DIVIDEND', 'WEEKLY', 'OFFERED'), downline: 'sub1' } });
    render(<Provider store={store}><OfferContractForm onOffered={() => undefined} mine={[own('DIVIDEND', 'WEEKLY')]} /></Provider>);
    await flush();
    expect(screen.getByTestId('agent-offer-cycle').textContent)
      .toBe('agentCentre.offer.cycleOwn {"cycle":"agentCentre.contracts.cycles.WEEKLY"}');
    expect(screen.getByText('agentCentre.offer.dividendHint')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('agentCentre.offer.member'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('agentCentre.contracts.minValidBet'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('agentCentre.contracts.minActiveMembers'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('agentCentre.offer.rateBps'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.offer.submit' }));
    await flush();
    expect(server.calls('POST', CONTRACTS).map((c) => c.body)).toEqual([
      { memberId: 7, kind: 'DIVIDEND', cycle: 'WEEKLY', tiers: [{ minValidBet: '0', minActiveMembers: 1, rateBps: 1000, lossRateBps: 0, profitRateBps: 0 }] },
    ]);
  });
});

describe('my income', () => {
  it("shows a dividend's week, how it was worked out, and that it waits for approval", async () => {
    const income: Income = { pageNum: 1, totalPages: 1, total: 1, totalPaid: '0.00', totalPending: '360.00', list: [
      dividend(9, 'PENDING', '360.00', { rateBps: 3000, netLoss: '1450.00', carryIn: '-200.00', lowerDividends: '15.00' }),
    ] };
    server.always('GET', '/wps/agent/income', { value: income });
    render(<Provider store={store}><IncomePage /></Provider>);
    await flush();
    expect(screen.getByTestId('agent-income-pending').textContent).toContain('P 360.00');
    const cells = within(screen.getByTestId('agent-income-row')).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual([
      '2025-03-03 – 2025-03-09', 'agentCentre.contracts.kinds.DIVIDEND', 'P 1,700.00', '3', 'agentCentre.contracts.percent {"rate":"30.00"}',
      'P 360.00agentCentre.income.pending',
      'agentCentre.income.dividendFormula {"netLoss":"1450.00","carryIn":"-200.00","rate":"30.00","lower":"15.00","amount":"360.00"}',
      '#4', 'agentCentre.explain.column',
    ]);
  });
});

describe('the dividends to approve', () => {
  const waiting: Dividends = { totalPending: '25.00', list: [dividend(21, 'PENDING', '15.00'), dividend(20, 'PENDING', '10.00')] };

  it('lists them with their figures, and pays one only once confirmed', async () => {
    server.always('GET', DIVIDENDS, { value: waiting });
    server.always('POST', `${DIVIDENDS}/21/process`, { value: dividend(21, 'PAID', '15.00') });
    render(<Provider store={store}><DividendPage /></Provider>);
    await flush();
    expect(server.calls('GET', DIVIDENDS).map((c) => c.query)).toEqual([{ status: 'PENDING' }]);
    expect(screen.getByTestId('agent-dividends-pending').textContent).toContain('P 25.00');
    const rows = screen.getAllByTestId('agent-dividend-row');
    expect(within(rows[0]!).getAllByRole('cell').slice(0, 5).map((c) => c.textContent)).toEqual([
      'sub1', '2025-03-03 – 2025-03-09', 'P 150.00', 'agentCentre.contracts.percent {"rate":"10.00"}', 'P 15.00',
    ]);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'agentCentre.dividend.approve' }));
    expect(server.calls('POST', `${DIVIDENDS}/21/process`)).toEqual([]);
    expect(within(rows[0]!).getByText('agentCentre.dividend.confirm {"amount":"15.00","agent":"sub1"}')).toBeTruthy();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'common.confirm' }));
    await flush();
    expect(server.calls('POST', `${DIVIDENDS}/21/process`)).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('agentCentre.dividend.done {"amount":"15.00","agent":"sub1"}');
    expect(server.calls('GET', DIVIDENDS)).toHaveLength(2); // read again

    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.dividend.statuses.ALL' }));
    await flush();
    expect(server.calls('GET', DIVIDENDS).at(-1)?.query).toEqual({ status: 'ALL' });
  });

  it('says so when another tab paid it first, and reads the list again', async () => {
    server.always('GET', DIVIDENDS, { value: waiting });
    server.once('POST', `${DIVIDENDS}/20/process`, { code: 'AGENT_SETTLEMENT_STATE', status: 409 });
    render(<Provider store={store}><DividendPage /></Provider>);
    await flush();
    const row = screen.getAllByTestId('agent-dividend-row')[1]!;
    fireEvent.click(within(row).getByRole('button', { name: 'agentCentre.dividend.approve' }));
    fireEvent.click(within(row).getByRole('button', { name: 'common.confirm' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('errors.AGENT_SETTLEMENT_STATE');
    expect(server.calls('GET', DIVIDENDS)).toHaveLength(2);
  });

  it('says when none waits', async () => {
    server.always('GET', DIVIDENDS, { value: { totalPending: '0.00', list: [] } });
    render(<Provider store={store}><DividendPage /></Provider>);
    await flush();
    expect(screen.getByText('agentCentre.dividend.empty.PENDING')).toBeTruthy();
  });
});
