import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import type { SettingNode, SystemStatus } from '../../api/system';
import { statusAtom } from '../../state/atoms';
import { store } from '../../state/store';
import type { Contract, TeamMember } from './api';
import { OfferContractForm } from './components/OfferContractForm';
import { offeredKinds, uplineLimit } from './offerForm';
import { fakeServer } from './testServer';

const t = vi.hoisted(() => (key: string, { defaultValue: _, ...values }: Record<string, unknown> = {}) =>
  Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key);
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));

const CONTRACTS = '/wps/agent/contracts';
const DAILY = 'agentCentre.contracts.kinds.DAILY_SALARY';
const HOURLY = 'agentCentre.contracts.kinds.HOURLY_SALARY';
const node = (modId: string, on: boolean, childrenNodes: SettingNode[] = []): SettingNode =>
  ({ modId, enabled: on ? '1' : '0', childrenNodes });
const sub = (id: number, username: string): TeamMember => ({
  id, username, nickname: null, type: 1, level: 1, upline: 'agent1', status: 'ACTIVE', rankLevel: 0, createdAt: 0,
});
// The agent's own contracts: a daily one in force (best 1.50 %), an hourly one only offered, an hourly one ended.
const own = (id: number, kind: string, status: string, rates: number[]): Contract => ({
  id, kind, status, upline: null, downline: 'agent1', downlineId: 5, createdAt: 0, acceptedAt: null, endedAt: null, cycle: null,
  tiers: rates.map((rateBps, n) => ({ minValidBet: `${n * 1000}.00`, minActiveMembers: n, rateBps, lossRateBps: 0, profitRateBps: 0 })),
});
const MINE = [
  own(1, 'DAILY_SALARY', 'ACTIVE', [100, 150]),
  own(2, 'HOURLY_SALARY', 'OFFERED', [900]),
  own(3, 'HOURLY_SALARY', 'TERMINATED', [800]),
];

let server: ReturnType<typeof fakeServer>;
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const brand = (...whitelabel: SettingNode[]) => store.set(statusAtom, { info: { whitelabel } } as unknown as SystemStatus);
const show = async (mine: Contract[] | null = MINE) => {
  render(<Provider store={store}><OfferContractForm onOffered={() => undefined} mine={mine} /></Provider>);
  await flush();
};
const chooser = () => screen.getByRole('group', { name: 'agentCentre.offer.kind' });
const limit = () => screen.getByTestId('agent-offer-limit').textContent;

beforeEach(() => {
  setRequestContext(() => ({ merchant: 'demo', token: 'agent-token', language: 'EN' }));
  server = fakeServer();
  server.always('GET', '/wps/agent/team/members', { value: { pageNum: 1, total: 1, totalPages: 1, list: [sub(7, 'sub1')] } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.set(statusAtom, null);
});

describe('the kinds an agent may offer', () => {
  it("follow the brand's switches, a switch under one switched off being off", () => {
    expect(offeredKinds([node('DAILYSALARY3', true), node('HOURLYSALARY3', true)])).toEqual(['DAILY_SALARY', 'HOURLY_SALARY']);
    expect(offeredKinds([node('HOURLYSALARY3', true), node('DAILYSALARY3', false)])).toEqual(['HOURLY_SALARY']);
    expect(offeredKinds([node('AGENTPOLICY3', false, [node('DAILYSALARY3', true)]), node('HOURLYSALARY3', true)]))
      .toEqual(['HOURLY_SALARY']);
    expect(offeredKinds([node('AGENTPOLICY3', true, [node('DAILYSALARY3', true)])])).toEqual(['DAILY_SALARY']);
    expect(offeredKinds([])).toEqual([]);
  });

  it("limit each kind to the agent's own contract of that kind in force, 0 without one", () => {
    expect(uplineLimit(MINE, 'DAILY_SALARY')).toBe(150);
    expect(uplineLimit(MINE, 'HOURLY_SALARY')).toBe(0);
    expect(uplineLimit([own(4, 'HOURLY_SALARY', 'TERMINATION_REQUESTED', [40, 70])], 'HOURLY_SALARY')).toBe(70);
  });
});

describe('the offer form with both kinds on', () => {
  beforeEach(() => brand(node('DAILYSALARY3', true), node('HOURLYSALARY3', true)));

  it('chooses the kind, the limit following it, and sends the kind chosen', async () => {
    await show();
    const kinds = within(chooser()).getAllByRole('button');
    expect(kinds.map((k) => [k.textContent, k.getAttribute('aria-pressed')])).toEqual([[DAILY, 'true'], [HOURLY, 'false']]);
    expect(limit()).toBe(`agentCentre.offer.limit {"kind":"${DAILY}","rate":"1.50"}`);

    fireEvent.click(within(chooser()).getByRole('button', { name: HOURLY }));
    expect(within(chooser()).getByRole('button', { name: HOURLY }).getAttribute('aria-pressed')).toBe('true');
    // An hourly contract only offered to the agent, or ended, is not one it may pass on.
    expect(limit()).toBe(`agentCentre.offer.limitNone {"kind":"${HOURLY}","rate":"0.00"}`);

    server.once('POST', CONTRACTS, { code: 'AGENT_RATE_ABOVE_UPLINE', status: 422, value: { uplineRateBps: 0 } });
    fireEvent.change(screen.getByLabelText('agentCentre.offer.member'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('agentCentre.contracts.minValidBet'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('agentCentre.contracts.minActiveMembers'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('agentCentre.offer.rateBps'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.offer.submit' }));
    await flush();
    expect(server.calls('POST', CONTRACTS).map((c) => c.body)).toEqual([
      { memberId: 7, kind: 'HOURLY_SALARY', tiers: [{ minValidBet: '0', minActiveMembers: 1, rateBps: 50, lossRateBps: 0, profitRateBps: 0 }] },
    ]);
    expect(screen.getByRole('alert').textContent).toBe('agentCentre.offer.errors.noOwnContract');

    // Back to the daily kind: its limit again, the refusal about the other kind gone.
    fireEvent.click(within(chooser()).getByRole('button', { name: DAILY }));
    expect(limit()).toBe(`agentCentre.offer.limit {"kind":"${DAILY}","rate":"1.50"}`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows no limit while the own contracts are being read', async () => {
    await show(null);
    expect(chooser()).toBeTruthy();
    expect(screen.queryByTestId('agent-offer-limit')).toBeNull();
  });

  it('drops a kind switched off meanwhile', async () => {
    await show();
    fireEvent.click(within(chooser()).getByRole('button', { name: HOURLY }));
    await act(async () => brand(node('DAILYSALARY3', true), node('HOURLYSALARY3', false)));
    expect(screen.queryByRole('group', { name: 'agentCentre.offer.kind' })).toBeNull();
    expect(screen.getByTestId('agent-offer-kind').textContent).toBe(`agentCentre.offer.kindOnly {"kind":"${DAILY}"}`);
    expect(limit()).toBe(`agentCentre.offer.limit {"kind":"${DAILY}","rate":"1.50"}`);
  });
});

describe('the offer form with one kind on', () => {
  it('names the hourly kind without a chooser, with its limit', async () => {
    brand(node('DAILYSALARY3', false), node('HOURLYSALARY3', true));
    await show([own(5, 'HOURLY_SALARY', 'ACTIVE', [30])]);
    expect(screen.queryByRole('group', { name: 'agentCentre.offer.kind' })).toBeNull();
    expect(screen.getByTestId('agent-offer-kind').textContent).toBe(`agentCentre.offer.kindOnly {"kind":"${HOURLY}"}`);
    expect(limit()).toBe(`agentCentre.offer.limit {"kind":"${HOURLY}","rate":"0.30"}`);
  });

  it('offers nothing when no kind is on', async () => {
    brand(node('DAILYSALARY3', false), node('HOURLYSALARY3', false));
    await show();
    expect(screen.getByText('agentCentre.offer.noKinds')).toBeTruthy();
    expect(screen.queryByTestId('agent-offer')).toBeNull();
  });
});
