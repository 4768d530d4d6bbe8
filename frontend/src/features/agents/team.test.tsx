import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import { store } from '../../state/store';
import type { TeamMember, TeamPage } from './api';
import { TEAM_PAGE_SIZE, TeamManagementPage } from './pages/TeamManagementPage';
import { fakeServer } from './testServer';

const t = vi.hoisted(() => (key: string, { defaultValue: _, ...values }: Record<string, unknown> = {}) =>
  Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key);
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));

const MEMBERS = '/wps/agent/team/members';
const member = (id: number, username: string, extra: Partial<TeamMember> = {}): TeamMember => ({
  id, username, nickname: `Nick ${id}`, type: 0, level: 1, upline: 'agent1', status: 'ACTIVE', rankLevel: 2,
  createdAt: Date.UTC(2025, 2, 4, 12), ...extra,
});
const page = (list: TeamMember[], pageNum = 1, total = 25): { value: TeamPage } => ({
  value: { list, pageNum, total, totalPages: Math.ceil(total / TEAM_PAGE_SIZE) },
});

let server: ReturnType<typeof fakeServer>;
const onPay = vi.fn();
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const queries = () => server.calls('GET', MEMBERS).map((c) => c.query);

beforeEach(async () => {
  setRequestContext(() => ({ merchant: 'demo', token: 'agent-token', language: 'EN' }));
  server = fakeServer();
  server.always('GET', MEMBERS, page([member(3, 'player1'), member(9, 'sub41', { type: 41, level: 2, upline: 'player9', status: 'DISABLED' })]));
  onPay.mockReset();
  render(<Provider store={store}><TeamManagementPage onPay={onPay} /></Provider>);
  await flush();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('team management', () => {
  it('lists the first page with every column of a member', () => {
    expect(queries()).toEqual([{ pageNum: '1', pageSize: String(TEAM_PAGE_SIZE) }]);
    const rows = within(screen.getByTestId('agent-members')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const cells = within(rows[2]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 8)).toEqual([
      'sub41', 'Nick 9', 'agentCentre.types.subAgent', '2', 'player9', 'agentCentre.statuses.DISABLED', '2', '2025-03-04',
    ]);
    expect(within(rows[1]!).getAllByRole('cell')[2]!.textContent).toBe('agentCentre.types.player');
    expect(screen.getByText('agentCentre.team.total {"total":25}')).toBeTruthy();
  });

  it('pages, searches and filters with the parameters the server reads, back on page 1 for new criteria', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'pagination.page {"page":2}' }));
    await flush();
    expect(queries().at(-1)).toEqual({ pageNum: '2', pageSize: String(TEAM_PAGE_SIZE) });

    fireEvent.change(screen.getByLabelText('agentCentre.team.search'), { target: { value: '  bob ' } });
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.team.searchButton' }));
    await flush();
    expect(queries().at(-1)).toEqual({ pageNum: '1', pageSize: String(TEAM_PAGE_SIZE), search: 'bob' });

    fireEvent.change(screen.getByLabelText('agentCentre.team.columns.status'), { target: { value: 'DISABLED' } });
    await flush();
    fireEvent.change(screen.getByLabelText('agentCentre.team.columns.level'), { target: { value: '2' } });
    await flush();
    expect(queries().at(-1)).toEqual({ pageNum: '1', pageSize: String(TEAM_PAGE_SIZE), search: 'bob', status: 'DISABLED', level: '2' });

    fireEvent.change(screen.getByLabelText('agentCentre.team.columns.status'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('agentCentre.team.search'), { target: { value: '' } });
    fireEvent.submit(screen.getByRole('search'));
    await flush();
    expect(queries().at(-1)).toEqual({ pageNum: '1', pageSize: String(TEAM_PAGE_SIZE), level: '2' });
  });

  it("hands a row's member to the pay page", () => {
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.team.payMember {"username":"sub41"}' }));
    expect(onPay).toHaveBeenCalledWith(expect.objectContaining({ id: 9, username: 'sub41' }));
  });

  it('says so when no one matches', async () => {
    server.once('GET', MEMBERS, page([], 1, 0));
    fireEvent.change(screen.getByLabelText('agentCentre.team.search'), { target: { value: 'nobody' } });
    fireEvent.submit(screen.getByRole('search'));
    await flush();
    expect(screen.getByText('agentCentre.team.empty')).toBeTruthy();
  });
});
