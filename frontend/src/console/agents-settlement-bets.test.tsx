import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AgentDetail, Settlement, SettlementBets, TeamBet } from './agentsApi';
import en from './locales/en.json';
import { answer, click, keptToken, mount, params, reads, serve, staffMe, tearDown } from './testing';

vi.mock('socket.io-client', () => import('./testing').then((module) => module.fakeSocketModule));

// The bets a settlement was worked out from, opened from a row of the agent's settlements or of the dividends.
const b = en.agents.bets;
const FINANCE = staffMe('FINANCE', ['agents.read', 'members.read']);
const AT = Date.parse('2026-11-27T03:00:00Z');
const BETS = '/wps/admin/agents/settlements/70/bets';

const settlement = (id: number, extra: Partial<Settlement> = {}): Settlement => ({
  id, contractId: 7, kind: 'DAILY_SALARY', periodStart: AT, periodEnd: AT + 86_400_000, validBet: '5000.00',
  activeMembers: 2, rateBps: 100, amount: '50.00', transferId: 5, status: 'PAID', netLoss: null, carryIn: null,
  lowerDividends: null, approvedAt: null, lost: null, won: null, lossRateBps: null, profitRateBps: null, ...extra,
});
const bet = (roundId: string, username: string, level: number, betAmount: string, winAmount: string, profit: string): TeamBet => ({
  roundId, gameName: 'Lucky 7', vassalage: 'HOUSE', category: 'RNG', betAmount, winAmount, profit, status: 'SETTLED',
  placedAt: '2026-11-27T02:59:00Z', settledAt: '2026-11-27T03:00:00Z', username, level,
});
const page = (pageNum: number): SettlementBets => ({
  settlement: settlement(70),
  list: pageNum === 1 ? [bet('r-1', 'member1', 1, '3000.00', '0.00', '-3000.00')] : [bet('r-2', 'member2', 2, '2000.00', '2500.50', '500.50')],
  pageNum, totalPages: 2, total: 2,
  totals: { betAmount: '5000.00', winAmount: '2500.50', profit: '-2499.50', count: 2 },
  validBet: '5000.00', activeMembers: 2, netLoss: '2499.50', lost: '3000.00', won: '500.50',
});
const DETAIL: AgentDetail = {
  agent: {
    id: 12, username: 'agent1', nickname: null, type: 1, upline: null, directMembers: 0, status: 'ACTIVE',
    contract: null, contracts: [], createdAt: AT,
  },
  uplines: [], members: [], contracts: [], settlements: [settlement(70)],
};
const cells = (tr: HTMLElement) => within(tr).getAllByRole('cell').map((cell) => cell.textContent);
const fillIn = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((out, [key, value]) => out.replaceAll(`{{${key}}}`, value), text);

beforeEach(keptToken);
afterEach(tearDown);

describe("a settlement's bets", () => {
  it('are read when opened, with their figures, rows and totals, and page 2 on Next', async () => {
    const sent = serve({
      'GET /wps/admin/session/me': () => answer(FINANCE),
      'GET /wps/admin/agents': () => answer({ list: [DETAIL.agent], pageNum: 1, totalPages: 1, total: 1 }),
      'GET /wps/admin/agents/dividends': () => answer({ list: [], totalPending: '0.00' }),
      'GET /wps/admin/agents/*': () => answer(DETAIL),
      [`GET ${BETS}`]: (request) => answer(page(Number(params(request).pageNo))),
    });
    await mount('/agents?agent=12');
    const settlements = await screen.findByRole('table', { name: en.agents.settlements });
    expect(reads(sent, BETS)).toEqual([]);
    await click(fillIn(b.openLabel, { id: '70' }), settlements);

    const panel = await screen.findByRole('region', { name: fillIn(b.title, { id: '70' }) });
    await waitFor(() => expect(reads(sent, BETS)).toHaveLength(1));
    expect(params(reads(sent, BETS)[0]!)).toEqual({ pageNo: '1', pageSize: '20' });
    const figures = await within(panel).findByTestId('settlement-bets-figures');
    const f = b.figures;
    expect([...figures.querySelectorAll('div')].map((fact) => fact.textContent)).toEqual([
      `${f.validBet}5000.00`, `${f.netLoss}2499.50`, `${f.lost}3000.00`, `${f.won}500.50`, `${f.activeMembers}2`,
    ]);
    const table = within(panel).getByRole('table');
    const c = b.columns;
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      c.username, c.level, c.round, c.game, c.stake, c.win, c.profit, c.settled,
    ]);
    const row = () => table.querySelector('tbody tr') as HTMLElement;
    expect(cells(row())).toEqual(['member1', '1', 'r-1', 'Lucky 7', '3000.00', '0.00', '-3000.00', '2026-11-27 10:00:00 GMT+7']);
    expect(within(panel).getByTestId('settlement-bets-totals').textContent).toBe(
      `${fillIn(b.totals, { n: '2' })}5000.002500.50-2499.50`,
    );

    await click(en.content.next, panel);
    await waitFor(() => expect(reads(sent, BETS)).toHaveLength(2));
    expect(params(reads(sent, BETS)[1]!)).toEqual({ pageNo: '2', pageSize: '20' });
    await waitFor(() => expect(cells(row())[0]).toBe('member2'));

    await click(b.close, panel);
    expect(screen.queryByRole('region', { name: fillIn(b.title, { id: '70' }) })).toBeNull();
  });
});
