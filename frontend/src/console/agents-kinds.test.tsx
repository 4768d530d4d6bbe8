import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AgentDetail, Contract } from './agentsApi';
import type { SwitchNode } from './brandApi';
import { offeredKinds } from './components/agents/rules';
import en from './locales/en.json';
import { answer, changes, click, fill, type Handlers, keptToken, mount, press, reads, serve, staffMe, tearDown } from './testing';

vi.mock('socket.io-client', () => import('./testing').then((module) => module.fakeSocketModule));

// The kind of the merchant's offer: among the kinds the brand's switches offer (read from the brand settings
// with brand.read), each contract row naming its kind.
const a = en.agents;
const PERMISSIONS = ['agents.manage', 'agents.read', 'members.read'];
const OPERATOR = staffMe('OPERATOR', [...PERMISSIONS, 'brand.read']);
const NO_BRAND = staffMe('OPERATOR', PERMISSIONS);
const AT = Date.parse('2026-11-27T03:00:00Z');
const TIER = { minValidBet: '0.00', minActiveMembers: 1, rateBps: 100, lossRateBps: 0, profitRateBps: 0 };

const contract = (id: number, kind: string): Contract => ({
  id, kind, status: 'ACTIVE', upline: null, downline: 'agent1', downlineId: 12, tiers: [TIER],
  createdAt: AT, acceptedAt: AT, endedAt: null, cycle: null,
});
const AGENT1 = {
  id: 12, username: 'agent1', nickname: null, type: 1, upline: null, directMembers: 0, status: 'ACTIVE',
  contract: null, contracts: [], createdAt: AT,
};
const DETAIL: AgentDetail = {
  agent: AGENT1, uplines: [], members: [], settlements: [],
  contracts: [contract(8, 'HOURLY_SALARY'), contract(7, 'DAILY_SALARY')],
};
const node = (modId: string, enabled: boolean, effective = enabled, children: SwitchNode[] = []): SwitchNode =>
  ({ modId, enabled, effective, children });

function agentsServer(me: unknown, switches: SwitchNode[] | null, extra: Handlers = {}) {
  return serve({
    'GET /wps/admin/session/me': () => answer(me),
    'GET /wps/admin/agents': () => answer({ list: [AGENT1], pageNum: 1, totalPages: 1, total: 1 }),
    'GET /wps/admin/agents/*': () => answer(DETAIL),
    'GET /wps/admin/agents/dividends': () => answer({ list: [], totalPending: '0.00' }),
    'GET /wps/admin/brand': () => (switches ? answer({ switches }) : answer(null, 503, 'SERVICE_UNAVAILABLE')),
    'POST /wps/admin/agents/12/contracts': () => answer({ ...contract(10, 'DAILY_SALARY'), status: 'OFFERED' }),
    ...extra,
  });
}

const offerForm = () => screen.getByRole('form', { name: a.offer.title });
const kindGroup = () => within(offerForm()).queryByRole('group', { name: a.offer.kind });
const foundKindGroup = () => within(offerForm()).findByRole('group', { name: a.offer.kind });
const kindOnly = (kind: string) => a.offer.kindOnly.replace('{{kind}}', kind);
async function offer() {
  fill(a.offer.rateBps, '50', offerForm());
  await click(a.offer.submit, offerForm());
}

beforeEach(keptToken);
afterEach(tearDown);

describe('the kinds the merchant may offer', () => {
  it("are the ones whose switch is in effect, a switch held off by the one above it being off", () => {
    expect(offeredKinds([node('DAILYSALARY3', true), node('HOURLYSALARY3', true)])).toEqual(['DAILY_SALARY', 'HOURLY_SALARY']);
    expect(offeredKinds([node('AGENTPOLICY3', false, false, [node('HOURLYSALARY3', true, false)]), node('DAILYSALARY3', true)]))
      .toEqual(['DAILY_SALARY']);
    expect(offeredKinds([node('HOURLYSALARY3', true), node('DAILYSALARY3', false)])).toEqual(['HOURLY_SALARY']);
    expect(offeredKinds([])).toEqual([]);
  });
});

describe('the offer form', () => {
  it('chooses between the kinds the brand offers, and sends the one chosen', async () => {
    const sent = agentsServer(OPERATOR, [node('DAILYSALARY3', true), node('HOURLYSALARY3', true)]);
    await mount('/agents?agent=12');
    await screen.findByRole('form', { name: a.offer.title });
    const group = await foundKindGroup();
    const daily = within(group).getByRole('radio', { name: a.kinds.DAILY_SALARY });
    const hourly = within(group).getByRole('radio', { name: a.kinds.HOURLY_SALARY });
    expect([daily, hourly].map((r) => (r as HTMLInputElement).checked)).toEqual([true, false]);
    await press(hourly);
    expect((hourly as HTMLInputElement).checked).toBe(true);
    await offer();
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    expect(changes(sent)[0]!.body).toEqual({ kind: 'HOURLY_SALARY', tiers: [{ minValidBet: '0.00', minActiveMembers: 1, rateBps: 50 }] });
    expect(reads(sent, '/wps/admin/brand')).toHaveLength(1);
  });

  it('names the only kind on without a chooser, a switch held off by its parent counting as off', async () => {
    const held = node('AGENTPOLICY3', false, false, [node('HOURLYSALARY3', true, false)]);
    const sent = agentsServer(OPERATOR, [held, node('DAILYSALARY3', true)]);
    await mount('/agents?agent=12');
    await screen.findByRole('form', { name: a.offer.title });
    expect(await within(offerForm()).findByText(kindOnly(a.kinds.DAILY_SALARY))).toBeTruthy();
    expect(kindGroup()).toBeNull();
    await offer();
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    expect(changes(sent)[0]!.body).toMatchObject({ kind: 'DAILY_SALARY' });
  });

  it('says so, and sends nothing, when the brand offers no kind', async () => {
    const sent = agentsServer(OPERATOR, [node('DAILYSALARY3', false), node('HOURLYSALARY3', false)]);
    await mount('/agents?agent=12');
    await screen.findByRole('form', { name: a.offer.title });
    expect(await screen.findByText(a.offer.noKinds)).toBeTruthy();
    expect(within(offerForm()).getByRole('button', { name: a.offer.submit })).toHaveProperty('disabled', true);
    expect(changes(sent)).toEqual([]);
  });

  it("offers every kind without brand.read, or when the brand cannot be read: the server has the last word", async () => {
    const sent = agentsServer(NO_BRAND, null, {
      'POST /wps/admin/agents/12/contracts': () => answer({ modId: 'HOURLYSALARY3' }, 403, 'MODULE_DISABLED'),
    });
    await mount('/agents?agent=12');
    await screen.findByRole('form', { name: a.offer.title });
    expect(reads(sent, '/wps/admin/brand')).toEqual([]);
    await press(within(await foundKindGroup()).getByRole('radio', { name: a.kinds.HOURLY_SALARY }));
    await offer();
    expect(await within(offerForm()).findByText(a.errors.MODULE_DISABLED)).toBeTruthy();

    tearDown();
    keptToken();
    agentsServer(OPERATOR, null);
    await mount('/agents?agent=12');
    await screen.findByRole('form', { name: a.offer.title });
    const group = await foundKindGroup();
    expect(within(group).getAllByRole('radio')).toHaveLength(4);
  });

  it('says an offer of the chosen kind waits, and not of the other kind', async () => {
    const waiting = { ...DETAIL, contracts: [...DETAIL.contracts, { ...contract(9, 'DAILY_SALARY'), status: 'OFFERED' }] };
    agentsServer(OPERATOR, [node('DAILYSALARY3', true), node('HOURLYSALARY3', true)], {
      'GET /wps/admin/agents/*': () => answer(waiting),
    });
    await mount('/agents?agent=12');
    await screen.findByRole('form', { name: a.offer.title });
    const group = await foundKindGroup();
    const notice = a.offer.pending.replace('{{username}}', 'agent1');
    expect(within(offerForm().parentElement!).getByText(notice)).toBeTruthy();
    await press(within(group).getByRole('radio', { name: a.kinds.HOURLY_SALARY }));
    expect(within(offerForm().parentElement!).queryByText(notice)).toBeNull();
  });
});

describe('the contracts', () => {
  it('name their kind', async () => {
    agentsServer(OPERATOR, [node('DAILYSALARY3', true)]);
    await mount('/agents?agent=12');
    const table = await screen.findByRole('table', { name: a.contracts });
    const kindOf = (id: number) => within(table.querySelector(`tr[data-contract="${id}"]`) as HTMLElement).getAllByRole('cell')[1]!.textContent;
    expect([kindOf(8), kindOf(7)]).toEqual([a.kinds.HOURLY_SALARY, a.kinds.DAILY_SALARY]);
  });
});
