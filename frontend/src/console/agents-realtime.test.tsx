import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AgentDetail, Contract, Settlement } from './agentsApi';
import type { SwitchNode } from './brandApi';
import { checkTiers, offeredKinds, type TierDraft, tiersOf, windowText } from './components/agents/rules';
import en from './locales/en.json';
import { answer, changes, click, fill, type Handlers, keptToken, mount, press, serve, staffMe, tearDown } from './testing';

vi.mock('socket.io-client', () => import('./testing').then((module) => module.fakeSocketModule));

// Real-time salaries: one tier with rates on the team's valid bets and on what its members lost and won,
// settled every 5 minutes and paid at once. The tests run in Asia/Ho_Chi_Minh (GMT+7, vite.config.ts).
const a = en.agents;
const o = a.offer;
const OPERATOR = staffMe('OPERATOR', ['agents.manage', 'agents.read', 'brand.read', 'members.read']);
const AT = Date.parse('2026-11-27T03:00:00Z'); // 10:00 GMT+7
const WINDOW = 5 * 60_000;
const TIER = { minValidBet: '0.00', minActiveMembers: 1, rateBps: 100, lossRateBps: 0, profitRateBps: 0 };
const REALTIME_TIER = { minValidBet: '0.00', minActiveMembers: 0, rateBps: 100, lossRateBps: 50, profitRateBps: 20 };

const contract = (id: number, kind: string, tiers = [TIER]): Contract => ({
  id, kind, cycle: null, status: 'ACTIVE', upline: null, downline: 'agent1', downlineId: 12, tiers,
  createdAt: AT, acceptedAt: AT, endedAt: null,
});
const settlement = (id: number, extra: Partial<Settlement> = {}): Settlement => ({
  id, contractId: 7, kind: 'DAILY_SALARY', periodStart: AT, periodEnd: AT + 86_400_000, validBet: '5000.00',
  activeMembers: 3, rateBps: 100, amount: '50.00', transferId: 5, status: 'PAID', netLoss: null, carryIn: null,
  lowerDividends: null, approvedAt: null, lost: null, won: null, lossRateBps: null, profitRateBps: null, ...extra,
});
// floor((1000.00 × 100 + 300.00 × 50 + 120.00 × 20) / 10000) = 11.74
const REALTIME_PAID = settlement(81, {
  contractId: 11, kind: 'REALTIME_SALARY', periodStart: AT, periodEnd: AT + WINDOW, validBet: '1000.00', activeMembers: 2,
  rateBps: 100, lost: '300.00', won: '120.00', lossRateBps: 50, profitRateBps: 20, amount: '11.74', transferId: 9,
});
const AGENT1 = {
  id: 12, username: 'agent1', nickname: null, type: 1, upline: null, directMembers: 0, status: 'ACTIVE',
  contract: null, contracts: [], createdAt: AT,
};
const DETAIL: AgentDetail = {
  agent: AGENT1, uplines: [], members: [],
  contracts: [contract(11, 'REALTIME_SALARY', [REALTIME_TIER]), contract(7, 'DAILY_SALARY')],
  settlements: [REALTIME_PAID, settlement(70)],
};
const node = (modId: string): SwitchNode => ({ modId, enabled: true, effective: true, children: [] });
const SWITCHES = [node('DAILYSALARY3'), node('REALTIMESALARY3'), node('DIVIDEND3')];

function agentsServer(extra: Handlers = {}) {
  return serve({
    'GET /wps/admin/session/me': () => answer(OPERATOR),
    'GET /wps/admin/agents': () => answer({ list: [AGENT1], pageNum: 1, totalPages: 1, total: 1 }),
    'GET /wps/admin/agents/*': () => answer(DETAIL),
    'GET /wps/admin/agents/dividends': () => answer({ list: [], totalPending: '0.00' }),
    'GET /wps/admin/brand': () => answer({ switches: SWITCHES }),
    'POST /wps/admin/agents/12/contracts': () => answer({ ...contract(12, 'REALTIME_SALARY', [REALTIME_TIER]), status: 'OFFERED' }),
    ...extra,
  });
}

const offerForm = () => screen.getByRole('form', { name: o.title });
const tiers = () => within(offerForm()).queryAllByRole('group', { name: /^Tier / });
const cells = (tr: HTMLElement) => within(tr).getAllByRole('cell').map((cell) => cell.textContent);
const row = (draft: Partial<TierDraft>): TierDraft => ({ key: 1, bet: '0', members: '0', rate: '100', loss: '', win: '', ...draft });

async function openForm() {
  await mount('/agents?agent=12');
  await screen.findByRole('form', { name: o.title });
  return within(offerForm()).findByRole('group', { name: o.kind });
}
async function choose(kind: keyof typeof a.kinds) {
  await press(within(within(offerForm()).getByRole('group', { name: o.kind })).getByRole('radio', { name: a.kinds[kind] }));
}

beforeEach(keptToken);
afterEach(tearDown);

describe('the rules', () => {
  it('offer the real-time salary behind its own switch', () => {
    expect(offeredKinds([node('REALTIMESALARY3')])).toEqual(['REALTIME_SALARY']);
    expect(offeredKinds(SWITCHES)).toEqual(['DAILY_SALARY', 'REALTIME_SALARY', 'DIVIDEND']);
  });

  it("show a window as its day and its two clock times, in the viewer's zone", () => {
    expect(windowText(AT, AT + WINDOW)).toBe('2026-11-27 10:00–10:05 GMT+7');
    const lastOfDay = Date.parse('2026-11-27T16:55:00Z');
    expect(windowText(lastOfDay, lastOfDay + WINDOW)).toBe('2026-11-27 23:55–00:00 GMT+7');
  });

  it('send the rates on losses and wins for a real-time salary only, empty being 0', () => {
    expect(tiersOf([row({ loss: '50' })], true)).toEqual([
      { minValidBet: '0.00', minActiveMembers: 0, rateBps: 100, lossRateBps: 50, profitRateBps: 0 },
    ]);
    expect(tiersOf([row({ loss: '50', win: '20' })])).toEqual([{ minValidBet: '0.00', minActiveMembers: 0, rateBps: 100 }]);
  });

  it('check the rates on losses and wins: 0 to 10000, or empty', () => {
    expect(checkTiers([row({ loss: '0', win: '10000' })], true)).toEqual([{}]);
    expect(checkTiers([row({ loss: '10001', win: '1.5' })], true)).toEqual([{ loss: 'loss', win: 'win' }]);
    expect(checkTiers([row({ loss: 'x' })], false)).toEqual([{}]);
  });
});

describe('the offer form', () => {
  it('shows one tier only for a real-time salary, with its two rates more and the hint', async () => {
    agentsServer();
    await openForm();
    expect(within(offerForm()).getByRole('button', { name: o.add })).toBeTruthy();
    expect(within(offerForm()).queryByLabelText(o.lossRateBps)).toBeNull();
    expect(within(offerForm()).queryByTestId('realtime-hint')).toBeNull();
    await click(o.add, offerForm());
    expect(tiers()).toHaveLength(2);

    await choose('REALTIME_SALARY');
    expect(tiers()).toHaveLength(1);
    expect(within(offerForm()).queryByRole('button', { name: o.add })).toBeNull();
    expect(within(offerForm()).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(offerForm()).getByTestId('realtime-hint').textContent).toBe(o.realtimeHint);
    expect(within(offerForm()).getByText(o.realtimeTierHint)).toBeTruthy();
    const tier = tiers()[0]!;
    expect(within(tier).getByLabelText(o.rateOnBets)).toBeTruthy();
    expect(within(tier).getByLabelText(o.lossRateBps)).toBeTruthy();
    expect(within(tier).getByLabelText(o.profitRateBps)).toBeTruthy();
    fill(o.lossRateBps, '50', tier);
    fill(o.profitRateBps, '2500', tier);
    expect(within(tier).getAllByTestId('tier-percent').map((span) => span.textContent)).toEqual(['', '= 0.50 %', '= 25.00 %']);
  });

  it('sends a real-time offer as one tier with its three rates', async () => {
    const sent = agentsServer();
    await openForm();
    await choose('REALTIME_SALARY');
    fill(o.minActiveMembers, '0', offerForm());
    fill(o.rateOnBets, '100', offerForm());
    fill(o.lossRateBps, '50', offerForm());
    fill(o.profitRateBps, '20', offerForm());
    await click(o.submit, offerForm());
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    expect(changes(sent)[0]!.body).toEqual({ kind: 'REALTIME_SALARY', tiers: [REALTIME_TIER] });
  });

  it('sends 0 for a rate left empty, and refuses one out of range before sending', async () => {
    const sent = agentsServer();
    await openForm();
    await choose('REALTIME_SALARY');
    fill(o.rateOnBets, '100', offerForm());
    fill(o.lossRateBps, '10001', offerForm());
    await click(o.submit, offerForm());
    expect(changes(sent)).toEqual([]);
    const loss = within(offerForm()).getByLabelText(o.lossRateBps);
    expect(loss.getAttribute('aria-invalid')).toBe('true');
    expect(within(offerForm()).getByText(o.problems.extraRate.replace('{{max}}', '10000'))).toBeTruthy();
    expect(document.activeElement).toBe(loss);

    fill(o.lossRateBps, '', offerForm());
    await click(o.submit, offerForm());
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    expect(changes(sent)[0]!.body).toEqual({
      kind: 'REALTIME_SALARY',
      tiers: [{ minValidBet: '0.00', minActiveMembers: 1, rateBps: 100, lossRateBps: 0, profitRateBps: 0 }],
    });
  });

  it("drops the rates on losses and wins on leaving the real-time salary: other kinds don't send them", async () => {
    const sent = agentsServer({
      'POST /wps/admin/agents/12/contracts': () => answer({ ...contract(12, 'DAILY_SALARY'), status: 'OFFERED' }),
    });
    await openForm();
    await choose('REALTIME_SALARY');
    fill(o.lossRateBps, '50', offerForm());
    fill(o.profitRateBps, '20', offerForm());
    await choose('DAILY_SALARY');
    expect(within(offerForm()).queryByLabelText(o.lossRateBps)).toBeNull();
    await choose('REALTIME_SALARY');
    expect((within(offerForm()).getByLabelText(o.lossRateBps) as HTMLInputElement).value).toBe('');
    expect((within(offerForm()).getByLabelText(o.profitRateBps) as HTMLInputElement).value).toBe('');
    fill(o.lossRateBps, '50', offerForm());
    await choose('DAILY_SALARY');
    fill(o.rateBps, '100', offerForm());
    await click(o.submit, offerForm());
    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    expect(changes(sent)[0]!.body).toEqual({ kind: 'DAILY_SALARY', tiers: [{ minValidBet: '0.00', minActiveMembers: 1, rateBps: 100 }] });
  });

  it("puts the server's refusals where they belong: a rate on its field, the count for the form", async () => {
    let refusal = answer({ fields: [{ field: 'tiers.0.profitRateBps', type: 'less_than_equal' }] }, 422, 'VALIDATION_ERROR');
    agentsServer({ 'POST /wps/admin/agents/12/contracts': () => refusal });
    await openForm();
    await choose('REALTIME_SALARY');
    fill(o.rateOnBets, '100', offerForm());
    await click(o.submit, offerForm());
    const win = within(offerForm()).getByLabelText(o.profitRateBps);
    await waitFor(() => expect(win.getAttribute('aria-invalid')).toBe('true'));

    refusal = answer({ fields: [{ field: 'tiers', type: 'count' }] }, 422, 'VALIDATION_ERROR');
    await click(o.submit, offerForm());
    expect(await within(offerForm()).findByText(o.formProblems.countOne)).toBeTruthy();
    expect(within(offerForm()).queryByText(o.formProblems.count)).toBeNull();
  });
});

describe("an agent's detail", () => {
  it("shows a real-time contract's rates on losses and wins", async () => {
    agentsServer();
    await mount('/agents?agent=12');
    const table = await screen.findByRole('table', { name: a.contracts });
    const lines = (id: number) =>
      within(table.querySelector(`tr[data-contract="${id}"]`) as HTMLElement).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines(11)).toEqual([
      "From 0.00 valid bet and 0 active members in a 5-minute window: 1.00 % of valid bets, 0.50 % of members' losses, 0.20 % of members' wins",
    ]);
    expect(lines(7)).toEqual(['From 0.00 valid bet and 1 active members: 1.00 %']);
  });

  it("shows a real-time settlement's window and inputs, and other rows as they were", async () => {
    agentsServer();
    await mount('/agents?agent=12');
    const table = await screen.findByRole('table', { name: a.settlements });
    const s = a.settlementColumns;
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      s.period, s.contract, s.kind, s.validBet, s.activeMembers, s.rate, s.lost, s.lossRate, s.won, s.profitRate, s.amount, s.bets,
    ]);
    const [, realtime, daily] = within(table).getAllByRole('row');
    // Money exactly as the server wrote it.
    expect(cells(realtime!)).toEqual([
      '2026-11-27 10:00–10:05 GMT+7', '11', a.kinds.REALTIME_SALARY, '1000.00', '2', '1.00 %', '300.00', '0.50 %', '120.00', '0.20 %', '11.74', a.bets.open,
    ]);
    expect(cells(daily!).slice(1)).toEqual(['7', a.kinds.DAILY_SALARY, '5000.00', '3', '1.00 %', '—', '—', '—', '—', '50.00', a.bets.open]);
    expect(cells(daily!)[0]).toBe('2026-11-27 10:00:00 GMT+7 – 2026-11-28 10:00:00 GMT+7');
  });
});
