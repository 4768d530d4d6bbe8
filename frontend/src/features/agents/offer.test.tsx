import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import type { SystemStatus } from '../../api/system';
import { statusAtom } from '../../state/atoms';
import { store } from '../../state/store';
import type { TeamMember } from './api';
import { OfferContractForm } from './components/OfferContractForm';
import { fakeServer } from './testServer';

const t = vi.hoisted(() => (key: string, { defaultValue: _, ...values }: Record<string, unknown> = {}) =>
  Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key);
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));

const CONTRACTS = '/wps/agent/contracts';
const MEMBERS = '/wps/agent/team/members';
const member = (id: number, username: string, type: number): TeamMember => ({
  id, username, nickname: null, type, level: 1, upline: 'agent1', status: 'ACTIVE', rankLevel: 0, createdAt: 0,
});

let server: ReturnType<typeof fakeServer>;
const onOffered = vi.fn();
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const tier = (n: number) => screen.getAllByTestId('agent-tier')[n - 1]!;
const fill = (n: number, minValidBet: string, minActiveMembers: string, rateBps: string) => {
  const row = within(tier(n));
  fireEvent.change(row.getByLabelText('agentCentre.contracts.minValidBet'), { target: { value: minValidBet } });
  fireEvent.change(row.getByLabelText('agentCentre.contracts.minActiveMembers'), { target: { value: minActiveMembers } });
  fireEvent.change(row.getByLabelText('agentCentre.offer.rateBps'), { target: { value: rateBps } });
};
const submit = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'agentCentre.offer.submit' }));
  await flush();
};

beforeEach(async () => {
  setRequestContext(() => ({ merchant: 'demo', token: 'agent-token', language: 'EN' }));
  server = fakeServer();
  server.always('GET', MEMBERS, { value: { pageNum: 1, total: 3, totalPages: 1, list: [
    member(3, 'player1', 0), member(7, 'sub1', 1), member(8, 'sub2', 1),
  ] } });
  onOffered.mockReset();
  // The brand offers the daily salary only (kinds.test.tsx chooses among several).
  const daily = { modId: 'DAILYSALARY3', enabled: '1', childrenNodes: [] };
  store.set(statusAtom, { info: { whitelabel: [daily] } } as unknown as SystemStatus);
  render(<Provider store={store}><OfferContractForm onOffered={onOffered} mine={null} /></Provider>);
  await flush();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.set(statusAtom, null);
});

describe('offering a daily-salary contract', () => {
  it('offers only the direct sub-agents, the one kind the brand offers named without a chooser', () => {
    expect(screen.getByTestId('agent-offer-kind').textContent).toBe(
      'agentCentre.offer.kindOnly {"kind":"agentCentre.contracts.kinds.DAILY_SALARY"}');
    expect(screen.queryByRole('group', { name: 'agentCentre.offer.kind' })).toBeNull();
    expect(server.calls('GET', MEMBERS).map((c) => c.query)).toEqual([{ level: '1', pageNum: '1', pageSize: '100' }]);
    const options = within(screen.getByLabelText('agentCentre.offer.member')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['agentCentre.offer.chooseMember', 'sub1', 'sub2']);
  });

  it('sends the exact body, the rate shown as a percentage beside its field', async () => {
    server.once('POST', CONTRACTS, { value: { id: 11, kind: 'DAILY_SALARY', status: 'OFFERED', upline: 'agent1', downline: 'sub2',
      downlineId: 8, tiers: [], createdAt: 0, acceptedAt: null, endedAt: null } });
    fireEvent.change(screen.getByLabelText('agentCentre.offer.member'), { target: { value: '8' } });
    fill(1, '500.00', '2', '100');
    expect(within(tier(1)).getByTestId('agent-rate-percent').textContent).toBe('agentCentre.contracts.percent {"rate":"1.00"}');
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.offer.addTier' }));
    fill(2, ' 1000.5 ', '3', '125');
    expect(within(tier(2)).getByTestId('agent-rate-percent').textContent).toBe('agentCentre.contracts.percent {"rate":"1.25"}');
    await submit();
    expect(server.calls('POST', CONTRACTS).map((c) => c.body)).toEqual([{
      memberId: 8, kind: 'DAILY_SALARY', tiers: [
        { minValidBet: '500.00', minActiveMembers: 2, rateBps: 100, lossRateBps: 0, profitRateBps: 0 },
        { minValidBet: '1000.5', minActiveMembers: 3, rateBps: 125, lossRateBps: 0, profitRateBps: 0 },
      ],
    }]);
    expect(screen.getByRole('status').textContent).toBe('agentCentre.offer.done {"username":"sub2"}');
    expect(onOffered).toHaveBeenCalledTimes(1);
    expect(screen.getAllByTestId('agent-tier')).toHaveLength(1);
  });

  it('says the most the agent may offer when the rate is above its own contract', async () => {
    server.once('POST', CONTRACTS, { code: 'AGENT_RATE_ABOVE_UPLINE', status: 422, value: { uplineRateBps: 150 } });
    fireEvent.change(screen.getByLabelText('agentCentre.offer.member'), { target: { value: '7' } });
    fill(1, '0', '1', '200');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('agentCentre.offer.errors.rateAboveUpline {"rate":"1.50"}');
    expect(onOffered).not.toHaveBeenCalled();
  });

  it('checks each tier before sending, and places the server’s field errors on their tier', async () => {
    fill(1, '12.345', '-1', '10001');
    await submit();
    expect(server.calls('POST', CONTRACTS)).toHaveLength(0);
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([
      'account.errors.required', 'agentCentre.offer.errors.minValidBet', 'agentCentre.offer.errors.minActiveMembers',
      'agentCentre.offer.errors.rate {"max":10000}',
    ]);

    server.once('POST', CONTRACTS, { code: 'VALIDATION_ERROR', status: 422, value: { fields: [{ field: 'tiers.1.rateBps', type: 'less_than_equal' }] } });
    fireEvent.change(screen.getByLabelText('agentCentre.offer.member'), { target: { value: '7' } });
    fill(1, '0', '1', '50');
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.offer.addTier' }));
    fill(2, '100', '2', '60');
    await submit();
    expect(within(tier(1)).queryByRole('alert')).toBeNull();
    expect(within(tier(2)).getByRole('alert').textContent).toBe('agentCentre.offer.errors.rate {"max":10000}');

    server.once('POST', CONTRACTS, { code: 'VALIDATION_ERROR', status: 422, value: { fields: [{ field: 'tiers', type: 'order' }] } });
    await submit();
    expect(screen.getByText('agentCentre.offer.errors.order')).toBeTruthy();
  });

  it('adds up to ten tiers and removes any but the last one left', () => {
    for (let n = 2; n <= 10; n += 1) fireEvent.click(screen.getByRole('button', { name: 'agentCentre.offer.addTier' }));
    expect(screen.getAllByTestId('agent-tier')).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'agentCentre.offer.addTier' })).toBeNull();
    fill(3, '300', '3', '30');
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.offer.removeTier {"n":2}' }));
    expect(screen.getAllByTestId('agent-tier')).toHaveLength(9);
    expect((within(tier(2)).getByLabelText('agentCentre.offer.rateBps') as HTMLInputElement).value).toBe('30');
    for (let n = 9; n > 1; n -= 1) fireEvent.click(screen.getByRole('button', { name: `agentCentre.offer.removeTier {"n":${n}}` }));
    expect(screen.queryByRole('button', { name: /removeTier/ })).toBeNull();
  });

  it('names a pending offer beside the member, and a switched-off feature in words', async () => {
    server.once('POST', CONTRACTS, { code: 'AGENT_CONTRACT_PENDING', status: 409 });
    fireEvent.change(screen.getByLabelText('agentCentre.offer.member'), { target: { value: '7' } });
    fill(1, '0', '0', '10');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('errors.AGENT_CONTRACT_PENDING');
    server.once('POST', CONTRACTS, { code: 'MODULE_DISABLED', status: 403, value: { modId: 'DAILYSALARY3' } });
    await submit();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('errors.MODULE_DISABLED');
  });
});
