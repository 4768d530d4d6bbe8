import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import { previousDays } from '../../lib/dates';
import { store } from '../../state/store';
import type { TeamBet, TeamBets, TeamProfit, TeamRecords } from './api';
import { DownlineTransactionsPage, RECORDS_PAGE_SIZE } from './pages/DownlineTransactionsPage';
import { BETS_PAGE_SIZE, TeamBetsPage } from './pages/TeamBetsPage';
import { UserProfitPage } from './pages/UserProfitPage';
import { fakeServer } from './testServer';

const t = vi.hoisted(() => (key: string, { defaultValue: _, ...values }: Record<string, unknown> = {}) =>
  Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key);
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));

const BETS = '/wps/agent/team/bets';
const PROFIT = '/wps/agent/team/profit';
const RECORDS = '/wps/agent/team/transactions';
const week = previousDays(7);

const bet = (roundId: string, extra: Partial<TeamBet> = {}): TeamBet => ({
  roundId, gameName: 'Lucky 7', vassalage: 'HOUSE', category: 'RNG', betAmount: '100.00', winAmount: '250.50',
  profit: '150.50', status: 'SETTLED', placedAt: '2025-03-04T05:06:07Z', settledAt: '2025-03-04T05:06:08Z',
  username: 'player1', level: 1, ...extra,
});
const bets = (list: TeamBet[], total = list.length): { value: TeamBets } => ({
  value: { list, pageNum: 1, total, totalPages: Math.ceil(total / BETS_PAGE_SIZE), totals: {
    betAmount: '12345.60', winAmount: '10000.00', profit: '-2345.60', count: total } },
});

let server: ReturnType<typeof fakeServer>;
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const queries = (path: string) => server.calls('GET', path).map((c) => c.query);
const search = async (username: string) => {
  fireEvent.change(screen.getByLabelText('agentCentre.reports.member'), { target: { value: username } });
  fireEvent.submit(screen.getByRole('search'));
  await flush();
};

beforeEach(() => {
  setRequestContext(() => ({ merchant: 'demo', token: 'agent-token', language: 'EN' }));
  server = fakeServer();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('team betting', () => {
  it("asks for the last week's first page and shows the rounds and the server's totals", async () => {
    server.always('GET', BETS, bets([bet('r-1'), bet('r-2', { username: 'sub41', level: 2, profit: '-100.00', status: 'OPEN' })], 45));
    render(<Provider store={store}><TeamBetsPage /></Provider>);
    await flush();
    expect(queries(BETS)).toEqual([{ ...week, pageNo: '1', pageSize: String(BETS_PAGE_SIZE) }]);
    const rows = within(screen.getByTestId('agent-bet-table')).getAllByTestId('agent-bet-row');
    const cells = within(rows[1]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 9)).toEqual([
      // The game's name, the round a short reference beneath it.
      'sub41', '2', 'Lucky 7records.roundRef {"round":"r-2"}', 'categories.RNG', 'HOUSE', 'P 100.00', 'P 250.50', '-P 100.00',
      'records.statuses.OPEN',
    ]);
    const totals = screen.getByTestId('agent-bet-totals');
    expect(totals.textContent).toContain('records.totals {"rounds":45}');
    expect(within(totals).getByText('P 12,345.60')).toBeTruthy();
    expect(within(totals).getByText('-P 2,345.60').className).toContain('negative');
  });

  it('filters by member, category and days, pages, and refuses a range over 92 days', async () => {
    server.always('GET', BETS, bets([bet('r-1')], 45));
    render(<Provider store={store}><TeamBetsPage /></Provider>);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'pagination.page {"page":2}' }));
    await flush();
    expect(queries(BETS).at(-1)).toMatchObject({ pageNo: '2' });
    await search(' player1 ');
    fireEvent.change(screen.getByLabelText('records.category'), { target: { value: 'LIVE' } });
    await flush();
    fireEvent.change(screen.getByTestId('range-start'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByTestId('range-end'), { target: { value: '2025-01-31' } });
    await flush();
    expect(queries(BETS).at(-1)).toEqual({
      username: 'player1', category: 'LIVE', startDate: '2025-01-01', endDate: '2025-01-31', pageNo: '1', pageSize: String(BETS_PAGE_SIZE),
    });
    const asked = server.calls('GET', BETS).length;
    fireEvent.change(screen.getByTestId('range-end'), { target: { value: '2025-04-04' } });
    await flush();
    expect(server.calls('GET', BETS)).toHaveLength(asked);
    expect(screen.getByRole('alert').textContent).toBe('agentCentre.reports.rangeTooLong {"days":92}');
  });

  it('says when the member is not in the team', async () => {
    server.once('GET', BETS, bets([]));
    server.once('GET', BETS, { code: 'AGENT_DOWNLINE_NOT_FOUND', status: 404 });
    render(<Provider store={store}><TeamBetsPage /></Provider>);
    await flush();
    expect(screen.getByText('records.empty')).toBeTruthy();
    await search('stranger');
    expect(screen.getByRole('alert').textContent).toBe('errors.AGENT_DOWNLINE_NOT_FOUND');
  });
});

describe('user profit and loss', () => {
  const row = (memberId: number, username: string, profit: string) => ({
    memberId, username, level: 1, betAmount: '500.00', validBet: '480.00', winAmount: '300.00', profit, count: 7,
  });
  const answer: { value: TeamProfit } = { value: {
    rows: [row(4, 'player2', '-200.00'), row(3, 'player1', '35.25')],
    total: { ...row(0, '', '-164.75'), betAmount: '1000.00', count: 14 },
  } };

  it("lists the members in the server's order with the team's total, for the days and member asked", async () => {
    server.always('GET', PROFIT, answer);
    render(<Provider store={store}><UserProfitPage /></Provider>);
    await flush();
    expect(queries(PROFIT)).toEqual([week]);
    const rows = screen.getAllByTestId('agent-profit-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['player2', 'player1']);
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'player2', '1', '7', 'P 500.00', 'P 480.00', 'P 300.00', '-P 200.00',
    ]);
    const total = screen.getByTestId('agent-profit-total');
    expect(within(total).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'records.total', '14', 'P 1,000.00', 'P 480.00', 'P 300.00', '-P 164.75',
    ]);
    await search('player1');
    expect(queries(PROFIT).at(-1)).toEqual({ ...week, username: 'player1' });
  });
});

describe('downline transactions', () => {
  const records: { value: TeamRecords } = { value: { pageNum: 1, totalPages: 3, total: 41, list: [
    { id: 9, kind: 'DOWNLINE_TRANSFER', type: 'TRANSFER', wallet: '', amount: '50.00', balanceAfter: '150.00',
      reference: 'downline:5', createdAt: '2025-03-04T05:06:07Z', username: 'player1', level: 1 },
    { id: 8, kind: 'AGENT_SALARY', type: 'SALARY', wallet: '', amount: '-3.00', balanceAfter: '1003.00',
      reference: 'agent-settlement:1', createdAt: '2025-03-03T05:06:07Z', username: 'sub41', level: 2 },
  ] } };

  it("asks for the week's instants and shows each movement with its member", async () => {
    server.always('GET', RECORDS, records);
    render(<Provider store={store}><DownlineTransactionsPage /></Provider>);
    await flush();
    const [y, m, d] = week.startDate.split('-').map(Number) as [number, number, number];
    const [ey, em, ed] = week.endDate.split('-').map(Number) as [number, number, number];
    expect(queries(RECORDS)).toEqual([{
      from: new Date(y, m - 1, d).toISOString(), to: new Date(ey, em - 1, ed + 1).toISOString(), page: '1', pageSize: String(RECORDS_PAGE_SIZE),
    }]);
    const rows = screen.getAllByTestId('agent-record-row');
    const cells = within(rows[1]!).getAllByRole('cell').map((c) => c.textContent);
    // The type with the ledger kind beneath it, and the reference in words, never its code.
    expect([cells[0], cells[1], cells[3], cells[4], cells[5], cells[6]]).toEqual([
      'sub41', '2', 'wallet.records.types.SALARYwallet.records.kinds.AGENT_SALARY', '-P 3.00', 'P 1,003.00',
      'wallet.records.refs.settlement',
    ]);
    expect(within(rows[0]!).getAllByRole('cell')[6]!.textContent).toBe('wallet.records.refs.fromUpline');
  });

  it('filters by type (SALARY among them) and member, back on page 1', async () => {
    server.always('GET', RECORDS, records);
    render(<Provider store={store}><DownlineTransactionsPage /></Provider>);
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'pagination.page {"page":3}' }));
    await flush();
    expect(queries(RECORDS).at(-1)).toMatchObject({ page: '3' });
    const types = within(screen.getByLabelText('wallet.records.type')).getAllByRole('option').map((o) => (o as HTMLOptionElement).value);
    expect(types).toEqual(['', 'DEPOSIT', 'WITHDRAW', 'TRANSFER', 'BONUS', 'SALARY', 'GAME', 'TRIAL', 'ADJUSTMENT']);
    fireEvent.change(screen.getByLabelText('wallet.records.type'), { target: { value: 'SALARY' } });
    await search('sub41');
    expect(queries(RECORDS).at(-1)).toMatchObject({ type: 'SALARY', username: 'sub41', page: '1' });
  });
});
