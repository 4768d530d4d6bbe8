import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, setRequestContext } from '../../api/client';
import type { SettingNode, SystemStatus } from '../../api/system';
import { statusAtom } from '../../state/atoms';
import { store } from '../../state/store';
import type { Contract, Income, TeamMember } from './api';
import { OfferContractForm } from './components/OfferContractForm';
import { offerRefusal } from './offerForm';
import { IncomePage } from './pages/IncomePage';
import { fakeServer } from './testServer';

const t = vi.hoisted(() => (key: string, { defaultValue: _, ...values }: Record<string, unknown> = {}) =>
  Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key);
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));

const CONTRACTS = '/wps/agent/contracts';
const REALTIME = 'agentCentre.contracts.kinds.REALTIME_SALARY';
const own: Contract = {
  id: 1, kind: 'REALTIME_SALARY', status: 'ACTIVE', upline: null, downline: 'agent1', downlineId: 5, createdAt: 0, acceptedAt: 0,
  endedAt: null, cycle: null, tiers: [{ minValidBet: '0.00', minActiveMembers: 0, rateBps: 50, lossRateBps: 100, profitRateBps: 20 }],
};
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

describe('a real-time salary', () => {
  it('is offered with one tier of three rates, the others sending none', async () => {
    store.set(statusAtom, { info: { whitelabel: [node('DAILYSALARY3'), node('REALTIMESALARY3')] } } as unknown as SystemStatus);
    server.always('GET', '/wps/agent/team/members', { value: { pageNum: 1, total: 1, totalPages: 1, list: [sub] } });
    server.always('POST', CONTRACTS, { value: { ...own, status: 'OFFERED', downline: 'sub1' } });
    render(<Provider store={store}><OfferContractForm onOffered={() => undefined} mine={[own]} /></Provider>);
    await flush();
    expect(screen.queryByLabelText('agentCentre.offer.lossRateBps')).toBeNull(); // the daily salary first
    fireEvent.click(within(screen.getByRole('group', { name: 'agentCentre.offer.kind' })).getByRole('button', { name: REALTIME }));
    expect(screen.getByText('agentCentre.offer.realtimeHint')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'agentCentre.offer.addTier' })).toBeNull();
    fireEvent.change(screen.getByLabelText('agentCentre.offer.member'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('agentCentre.contracts.minValidBet'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('agentCentre.contracts.minActiveMembers'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('agentCentre.offer.rateBps'), { target: { value: '40' } });
    fireEvent.change(screen.getByLabelText('agentCentre.offer.lossRateBps'), { target: { value: '10001' } });
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.offer.submit' }));
    await flush();
    expect(server.calls('POST', CONTRACTS)).toEqual([]); // out of range: said, not sent
    expect(screen.getByText('agentCentre.offer.errors.extraRate {"max":10000}')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('agentCentre.offer.lossRateBps'), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.offer.submit' }));
    await flush();
    expect(server.calls('POST', CONTRACTS).map((c) => c.body)).toEqual([{
      memberId: 7, kind: 'REALTIME_SALARY',
      tiers: [{ minValidBet: '0', minActiveMembers: 0, rateBps: 40, lossRateBps: 80, profitRateBps: 0 }],
    }]);
  });

  it("is refused above the upline's three rates, in words naming them", () => {
    const refused = new ApiError('AGENT_RATE_ABOVE_UPLINE', 'x', 422, { uplineRateBps: 50, uplineLossRateBps: 100, uplineProfitRateBps: 20 });
    expect(offerRefusal(refused)).toEqual({
      form: { key: 'agentCentre.offer.errors.ratesAboveUpline', values: { rate: '0.50', loss: '1.00', profit: '0.20' } },
    });
  });

  it("shows each five minutes paid in the viewer's time, worked out from the stakes, losses and wins", async () => {
    const income: Income = { pageNum: 1, totalPages: 1, total: 1, totalPaid: '1.23', totalPending: '0.00', list: [{
      id: 3, contractId: 1, kind: 'REALTIME_SALARY', periodStart: Date.UTC(2025, 2, 3, 7, 5), periodEnd: Date.UTC(2025, 2, 3, 7, 10),
      validBet: '200.00', activeMembers: 2, rateBps: 50, amount: '1.23', transferId: 8, status: 'PAID', netLoss: null, carryIn: null,
      lowerDividends: null, approvedAt: null, lost: '30.00', won: '12.00', lossRateBps: 100, profitRateBps: 20,
    }] };
    server.always('GET', '/wps/agent/income', { value: income });
    render(<Provider store={store}><IncomePage /></Provider>);
    await flush();
    const cells = within(screen.getByTestId('agent-income-row')).getAllByRole('cell').map((c) => c.textContent);
    // 07:05–07:10 UTC is 14:05–14:10 for this viewer (the tests run at GMT+7).
    expect(cells[0]).toBe('2025-03-03 14:05–14:10 GMT+7');
    expect(cells[6]).toBe('agentCentre.income.realtimeFormula {"validBet":"200.00","rate":"0.50","lost":"30.00","lossRate":"1.00",'
      + '"won":"12.00","profitRate":"0.20","amount":"1.23"}');
  });

  it('opens the bets a settlement used, with the figures they add up to, page by page', async () => {
    const row = {
      id: 3, contractId: 1, kind: 'REALTIME_SALARY', periodStart: Date.UTC(2025, 2, 3, 7, 5), periodEnd: Date.UTC(2025, 2, 3, 7, 10),
      validBet: '150.00', activeMembers: 2, rateBps: 50, amount: '1.81', transferId: 8, status: 'PAID', netLoss: null, carryIn: null,
      lowerDividends: null, approvedAt: null, lost: '100.00', won: '30.00', lossRateBps: 100, profitRateBps: 20,
    };
    server.always('GET', '/wps/agent/income', { value: { pageNum: 1, totalPages: 1, total: 1, totalPaid: '1.81', totalPending: '0.00', list: [row] } });
    const bet = (roundId: string, username: string, betAmount: string, winAmount: string) => ({
      roundId, gameName: 'Golden Dragon', vassalage: 'HOUSE', category: 'RNG', betAmount, winAmount, profit: '0.00', status: 'SETTLED',
      placedAt: '2025-03-03T07:06:00Z', settledAt: '2025-03-03T07:06:01Z', username, level: 1,
    });
    server.always('GET', '/wps/agent/income/3/bets', { value: {
      settlement: row, list: [bet('r1', 'player1', '100.00', '0.00'), bet('r2', 'deepone1', '50.00', '80.00')], pageNum: 1, totalPages: 2,
      total: 21, totals: { betAmount: '150.00', winAmount: '80.00', profit: '-70.00', count: 21 },
      validBet: '150.00', activeMembers: 2, netLoss: '70.00', lost: '100.00', won: '30.00',
    } });
    render(<Provider store={store}><IncomePage /></Provider>);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.explain.open {"id":3}' }));
    await flush();
    const panel = screen.getByTestId('agent-settlement-bets');
    expect(within(panel).getByTestId('agent-settlement-figures').textContent).toContain('P 150.00');
    expect(within(panel).getAllByTestId('agent-bet-row').map((r) => within(r).getAllByRole('cell')[0]!.textContent))
      .toEqual(['player1', 'deepone1']);
    expect(server.calls('GET', '/wps/agent/income/3/bets').map((c) => c.query)).toEqual([{ pageNo: '1', pageSize: '20' }]);
    fireEvent.click(within(panel).getByRole('button', { name: 'pagination.next' }));
    await flush();
    expect(server.calls('GET', '/wps/agent/income/3/bets').at(-1)?.query).toEqual({ pageNo: '2', pageSize: '20' });
    fireEvent.click(within(panel).getByRole('button', { name: 'common.close' }));
    expect(screen.queryByTestId('agent-settlement-bets')).toBeNull();
  });
});
