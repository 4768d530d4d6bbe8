import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AgentDetail, AgentRow, Contract } from './agentsApi';
import { normaliseBet, percent, serverProblems } from './components/agents/rules';
import en from './locales/en.json';
import {
  address,
  answer,
  changes,
  click,
  fill,
  type Handlers,
  keptToken,
  mount,
  params,
  press,
  reads,
  serve,
  staffMe,
  submit,
  tearDown,
} from './testing';
import { ConsoleError } from './transport';

vi.mock('socket.io-client', () => import('./testing').then((module) => module.fakeSocketModule));

const a = en.agents;
const OPERATOR = staffMe('OPERATOR', ['agents.manage', 'agents.read', 'chat.read', 'dashboard.read', 'members.read']);
const FINANCE = staffMe('FINANCE', ['agents.read', 'cashier.read', 'dashboard.read', 'members.read']);
const SUPPORT = staffMe('SUPPORT', ['chat.answer', 'chat.read', 'members.note', 'members.read']);

const AT = Date.parse('2026-11-27T03:00:00Z');
const TIERS = [
  { minValidBet: '0.00', minActiveMembers: 1, rateBps: 100, lossRateBps: 0, profitRateBps: 0 },
  { minValidBet: '1000.00', minActiveMembers: 2, rateBps: 150, lossRateBps: 0, profitRateBps: 0 },
];

const contract = (id: number, extra: Partial<Contract> = {}): Contract => ({
  id,
  kind: 'DAILY_SALARY',
  status: 'ACTIVE',
  upline: null,
  downline: 'agent1',
  downlineId: 12,
  tiers: TIERS,
  createdAt: AT,
  acceptedAt: AT + 60_000,
  endedAt: null,
  cycle: null,
  ...extra,
});

const row = (id: number, username: string, extra: Partial<AgentRow> = {}): AgentRow => ({
  id,
  username,
  nickname: `${username} nick`,
  type: 1,
  upline: null,
  directMembers: 2,
  status: 'ACTIVE',
  contract: null,
  contracts: extra.contract ? [extra.contract] : [],
  createdAt: AT,
  ...extra,
});

const AGENT1 = row(12, 'agent1', { nickname: 'Agent One', contract: contract(7) });
const SUB1 = row(13, 'sub1', { upline: 'agent1', directMembers: 0 });

const detail = (extra: Partial<AgentDetail> = {}): AgentDetail => ({
  agent: AGENT1,
  uplines: [],
  members: [
    { id: 21, username: 'player1', nickname: 'Player One', type: 0, level: 1, upline: 'agent1', status: 'ACTIVE', rankLevel: 2, createdAt: AT },
    { id: 13, username: 'sub1', nickname: null, type: 1, level: 1, upline: 'agent1', status: 'LOCKED', rankLevel: 1, createdAt: AT },
  ],
  contracts: [
    contract(9, { upline: 'agent1', downline: 'sub1', downlineId: 13, status: 'OFFERED', acceptedAt: null, tiers: [TIERS[0]!] }),
    contract(7),
    contract(3, { status: 'TERMINATED', endedAt: AT + 120_000 }),
  ],
  settlements: [
    {
      id: 70,
      contractId: 7,
      kind: 'DAILY_SALARY',
      periodStart: AT,
      periodEnd: AT + 86_400_000,
      validBet: '12345678901234.56',
      activeMembers: 2,
      rateBps: 150,
      amount: '185185183518.51',
      transferId: 5,
      status: 'PAID',
      netLoss: null,
      carryIn: null,
      lowerDividends: null,
      approvedAt: null,
      lost: null,
      won: null,
      lossRateBps: null,
      profitRateBps: null,
    },
  ],
  ...extra,
});

const page = (list: AgentRow[], totalPages = 1) => answer({ list, pageNum: 1, totalPages, total: list.length });

function agentsServer(me: unknown, extra: Handlers = {}, found: () => AgentDetail = () => detail()) {
  return serve({
    'GET /wps/admin/session/me': () => answer(me),
    'GET /wps/admin/agents': () => page([AGENT1, SUB1]),
    'GET /wps/admin/agents/*': () => answer(found()),
    'GET /wps/admin/agents/dividends': () => answer({ list: [], totalPending: '0.00' }),
    ...extra,
  });
}

const table = (key: string) => screen.getByRole('table', { name: key });
const cells = (tr: HTMLElement) => within(tr).getAllByRole('cell').map((cell) => cell.textContent);
const tier = (n: number) => screen.getByRole('group', { name: a.offer.tier.replace('{{n}}', String(n)) });
const offerForm = () => screen.getByRole('form', { name: a.offer.title });

beforeEach(keptToken);
afterEach(tearDown);

describe('the rules', () => {
  it('shows basis points as % and a typed bet as the wire decimal, without floats', () => {
    expect([percent(100), percent(150), percent(1), percent(10_000)]).toEqual(['1.00', '1.50', '0.01', '100.00']);
    expect([normaliseBet('0'), normaliseBet('007.5'), normaliseBet(' 1000 '), normaliseBet('123456789012.99')]).toEqual([
      '0.00',
      '7.50',
      '1000.00',
      '123456789012.99',
    ]);
  });

  it('places the server field errors on their rows, and the others on the form', () => {
    const refused = new ConsoleError('VALIDATION_ERROR', '', 422, {
      fields: [{ field: 'tiers.1.rateBps' }, { field: 'tiers', type: 'order' }, { field: 'minValidBet', type: 'amount' }],
    });
    expect(serverProblems(refused, 2)).toEqual({ rows: [{}, { rate: 'rate' }], form: ['order', 'bet'] });
    expect(serverProblems(new ConsoleError('CONFLICT', '', 409), 1)).toEqual({ rows: [{}], form: [] });
  });
});

describe('the navigation', () => {
  it('shows Agents right after Members and Support with agents.read', async () => {
    agentsServer(OPERATOR);
    await mount('/agents');
    const nav = await screen.findByRole('navigation', { name: en.shell.nav });
    const links = within(nav).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/dashboard', '/members', '/support', '/agents']);
    expect(within(nav).getByRole('link', { name: a.nav })).toBeTruthy();
  });

  it('leaves it out for SUPPORT, whose address shows the refusal', async () => {
    agentsServer(SUPPORT);
    await mount('/agents');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', en.shell.noPermission);
    const nav = screen.getByRole('navigation', { name: en.shell.nav });
    expect(within(nav).queryByRole('link', { name: a.nav })).toBeNull();
  });
});

describe('the list', () => {
  it('shows each agent with upline, members, best rate and tiers; searches and pages through the address', async () => {
    const sent = agentsServer(OPERATOR, { 'GET /wps/admin/agents': () => page([AGENT1, SUB1], 3) });
    await mount('/agents');
    const list = await screen.findByRole('table', { name: a.title });
    expect(params(reads(sent, '/wps/admin/agents')[0]!)).toEqual({ pageNum: '1', pageSize: '20' });
    const [, first, second] = within(list).getAllByRole('row');
    expect(cells(first!)).toEqual(['agent1', 'Agent One', a.merchant, '2', '1.50 %', '2', en.members.status.ACTIVE]);
    expect(cells(second!)).toEqual(['sub1', 'sub1 nick', 'agent1', '0', a.noContract, '—', en.members.status.ACTIVE]);

    fill(a.query, '  sub ');
    await submit(screen.getByRole('search', { name: a.search }));
    await waitFor(() => expect(reads(sent, '/wps/admin/agents')).toHaveLength(2));
    expect(params(reads(sent, '/wps/admin/agents')[1]!)).toEqual({ search: 'sub', pageNum: '1', pageSize: '20' });
    expect(address()).toBe('/agents?q=sub');

    await click(en.content.next);
    await waitFor(() => expect(reads(sent, '/wps/admin/agents')).toHaveLength(3));
    expect(params(reads(sent, '/wps/admin/agents')[2]!)).toEqual({ search: 'sub', pageNum: '2', pageSize: '20' });
    expect(address()).toBe('/agents?q=sub&page=2');
  });

  it('goes back to the last page there is from an address past the end', async () => {
    const sent = agentsServer(OPERATOR, {
      'GET /wps/admin/agents': (request) => (params(request).pageNum === '5' ? page([], 2) : page([AGENT1], 2)),
    });
    await mount('/agents?page=5');
    await waitFor(() => expect(address()).toBe('/agents?page=2'));
    await screen.findByRole('link', { name: 'agent1' });
    expect(reads(sent, '/wps/admin/agents').map((request) => params(request).pageNum)).toEqual(['5', '2']);
  });
});

describe("an agent's detail", () => {
  it('shows the upline chain, members, contracts and settlements as the server sent them', async () => {
    const sent = agentsServer(OPERATOR, {}, () => detail({ agent: SUB1, uplines: ['agent1'] }));
    await mount('/agents?q=a');
    await press(await screen.findByRole('link', { name: 'sub1' }));
    await screen.findByRole('heading', { name: a.agentTitle.replace('{{username}}', 'sub1') });
    expect(reads(sent, '/wps/admin/agents/13')).toHaveLength(1);
    expect(address()).toBe('/agents?q=a&agent=13');
    expect(screen.getByRole('heading', { name: a.agentTitle.replace('{{username}}', 'sub1') })).toBe(document.activeElement);
    const chain = within(screen.getByTestId('agent-chain')).getAllByRole('listitem');
    expect(chain.map((li) => li.textContent)).toEqual([a.merchant, 'agent1', 'sub1']);

    const members = within(table(a.members.replace('{{n}}', '2'))).getAllByRole('row');
    expect(cells(members[1]!).slice(0, 5)).toEqual(['player1', 'Player One', a.memberTypes.player, '2', en.members.status.ACTIVE]);
    expect(within(members[1]!).getByRole('link', { name: 'player1' }).getAttribute('href')).toBe('/members/21');
    expect(cells(members[2]!).slice(0, 3)).toEqual(['sub1', '—', a.memberTypes.agent]);

    const contracts = within(table(a.contracts)).getAllByRole('row');
    expect(cells(contracts[1]!).slice(0, 5)).toEqual(['9', a.kinds.DAILY_SALARY, a.contractStatus.OFFERED, 'agent1', 'sub1']);
    expect(cells(contracts[2]!).slice(0, 5)).toEqual(['7', a.kinds.DAILY_SALARY, a.contractStatus.ACTIVE, a.merchant, 'agent1']);
    expect(within(contracts[2]!).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'From 0.00 valid bet and 1 active members: 1.00 %',
      'From 1000.00 valid bet and 2 active members: 1.50 %',
    ]);
    expect(cells(contracts[1]!)[7]).toBe('—'); // the offer not accepted yet
    expect(cells(contracts[3]!)[2]).toBe(a.contractStatus.TERMINATED);

    const [, paid] = within(table(a.settlements)).getAllByRole('row');
    // Money exactly as the server wrote it, even past what a float holds.
    expect(cells(paid!).slice(1)).toEqual(['7', '12345678901234.56', '2', '1.50 %', '185185183518.51', a.bets.open]);
    // A sub-agent gets its contracts from its upline, not the merchant: no offer form.
    expect(screen.queryByRole('form', { name: a.offer.title })).toBeNull();
  });
});

describe('the offer form', () => {
  it('sends the tiers as decimal strings and integers, then reads the agent again', async () => {
    const sent = agentsServer(OPERATOR, {
      'POST /wps/admin/agents/12/contracts': () => answer(contract(10, { status: 'OFFERED' })),
    });
    await mount('/agents?agent=12');
    await screen.findByRole('form', { name: a.offer.title });
    fill(a.offer.minValidBet, '0', tier(1));
    fill(a.offer.rateBps, '100', tier(1));
    expect(within(tier(1)).getByTestId('tier-percent').textContent).toBe('= 1.00 %');
    await click(a.offer.add);
    fill(a.offer.minValidBet, '1000', tier(2));
    fill(a.offer.minActiveMembers, '2', tier(2));
    fill(a.offer.rateBps, '150', tier(2));
    await click(a.offer.submit, offerForm());

    await waitFor(() => expect(changes(sent)).toHaveLength(1));
    expect(changes(sent)[0]).toEqual({
      method: 'POST',
      path: '/wps/admin/agents/12/contracts',
      body: {
        kind: 'DAILY_SALARY',
        tiers: [
          { minValidBet: '0.00', minActiveMembers: 1, rateBps: 100 },
          { minValidBet: '1000.00', minActiveMembers: 2, rateBps: 150 },
        ],
      },
    });
    await waitFor(() => expect(reads(sent, '/wps/admin/agents/12')).toHaveLength(2));
    expect(within(offerForm()).getByRole('status').textContent).toBe(a.offer.done.replace('{{username}}', 'agent1'));
    expect(screen.queryByRole('group', { name: a.offer.tier.replace('{{n}}', '2') })).toBeNull();
  });

  it('checks the rows before sending, and can remove one', async () => {
    const sent = agentsServer(OPERATOR);
    await mount('/agents?agent=12');
    await screen.findByRole('form', { name: a.offer.title });
    await click(a.offer.add);
    fill(a.offer.minValidBet, '1.234', tier(1));
    fill(a.offer.minActiveMembers, '-1', tier(1));
    fill(a.offer.rateBps, '10001', tier(1));
    await click(a.offer.submit, offerForm());
    expect(changes(sent)).toEqual([]);
    expect(within(tier(1)).getByLabelText(a.offer.minValidBet).getAttribute('aria-invalid')).toBe('true');
    expect(within(tier(1)).getByText(a.offer.problems.members)).toBeTruthy();
    expect(within(tier(1)).getByText(a.offer.problems.rate.replace('{{max}}', '10000'))).toBeTruthy();
    expect(document.activeElement).toBe(within(tier(1)).getByLabelText(a.offer.minValidBet));

    await click(a.offer.removeLabel.replace('{{n}}', '1'));
    expect(screen.queryByRole('group', { name: a.offer.tier.replace('{{n}}', '2') })).toBeNull();
    expect(within(tier(1)).getByLabelText(a.offer.rateBps)).toHaveProperty('value', '');
  });

  it("shows the server's field error on its row, and a waiting offer in words", async () => {
    let refusal = answer({ fields: [{ field: 'tiers.1.rateBps', type: 'less_than_equal' }] }, 422, 'VALIDATION_ERROR');
    const sent = agentsServer(OPERATOR, { 'POST /wps/admin/agents/12/contracts': () => refusal });
    await mount('/agents?agent=12');
    await screen.findByRole('form', { name: a.offer.title });
    fill(a.offer.rateBps, '100', tier(1));
    await click(a.offer.add);
    fill(a.offer.rateBps, '150', tier(2));
    await click(a.offer.submit, offerForm());

    const rate = await waitFor(() => {
      const input = within(tier(2)).getByLabelText(a.offer.rateBps);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      return input;
    });
    expect(within(tier(2)).getByText(a.offer.problems.rate.replace('{{max}}', '10000'))).toBeTruthy();
    expect(within(tier(1)).getByLabelText(a.offer.rateBps).getAttribute('aria-invalid')).toBeNull();
    expect(within(offerForm()).getByText(en.errors.VALIDATION_ERROR)).toBeTruthy();
    expect(document.activeElement).toBe(rate);

    refusal = answer(null, 409, 'AGENT_CONTRACT_PENDING');
    await click(a.offer.submit, offerForm());
    expect(await within(offerForm()).findByText(a.errors.AGENT_CONTRACT_PENDING)).toBeTruthy();
    // The offer waiting elsewhere is shown once the agent is read again.
    await waitFor(() => expect(reads(sent, '/wps/admin/agents/12')).toHaveLength(2));
    expect(changes(sent)).toHaveLength(2);
  });
});

describe('terminating a contract', () => {
  it("is offered on the merchant's own contracts that are not over, asks to confirm, then posts", async () => {
    const sent = agentsServer(OPERATOR, {
      'POST /wps/admin/agents/contracts/7/terminate': () => answer(contract(7, { status: 'TERMINATED' })),
    });
    await mount('/agents?agent=12');
    const contracts = await screen.findByRole('table', { name: a.contracts });
    const label = (id: number) => a.terminateLabel.replace('{{id}}', String(id)).replace('{{username}}', 'agent1');
    // Only contract 7: 9 is agent1's own offer to sub1, 3 has ended.
    expect(within(contracts).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([label(7)]);

    await click(label(7));
    expect(changes(sent)).toEqual([]);
    expect(screen.getByText(a.confirmTerminate.replace('{{id}}', '7').replace('{{username}}', 'agent1'))).toBeTruthy();
    await click(en.confirm.yes);
    await waitFor(() => expect(changes(sent)).toEqual([{ method: 'POST', path: '/wps/admin/agents/contracts/7/terminate', body: null }]));
    await waitFor(() => expect(reads(sent, '/wps/admin/agents/12')).toHaveLength(2));
    expect(await screen.findByText(a.terminated.replace('{{id}}', '7').replace('{{username}}', 'agent1'))).toBeTruthy();
    // The list's contract column is read again too.
    expect(reads(sent, '/wps/admin/agents')).toHaveLength(2);
  });

  it('says so when the contract had already ended', async () => {
    agentsServer(OPERATOR, {
      'POST /wps/admin/agents/contracts/7/terminate': () => answer(null, 409, 'AGENT_CONTRACT_STATE'),
    });
    await mount('/agents?agent=12');
    await click(a.terminateLabel.replace('{{id}}', '7').replace('{{username}}', 'agent1'), await screen.findByRole('table', { name: a.contracts }));
    await click(en.confirm.yes);
    expect(await screen.findByText(a.errors.AGENT_CONTRACT_STATE)).toBeTruthy();
  });
});

describe('FINANCE (agents.read without agents.manage)', () => {
  it('reads the agent but sees no offer form and no terminate button', async () => {
    agentsServer(FINANCE);
    await mount('/agents?agent=12');
    const contracts = await screen.findByRole('table', { name: a.contracts });
    expect(screen.getByText(a.readOnly)).toBeTruthy();
    expect(within(contracts).queryAllByRole('button')).toEqual([]);
    expect(within(contracts).queryByRole('columnheader', { name: a.contractColumns.actions })).toBeNull();
    expect(screen.queryByRole('form', { name: a.offer.title })).toBeNull();
    expect(screen.queryByRole('button', { name: a.offer.submit })).toBeNull();
  });
});
