import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import { LoggedInPanel } from '../../features/account/components/LoggedInPanel';
import { fakeServer } from '../../features/agents/testServer';
import { isAgentAtom, type MemberInfo, memberAtom } from '../../state/account';
import { agentCentreAtom } from '../../state/agentCentre';
import type { SystemStatus } from '../../api/system';
import { statusAtom, tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import { AgentCentre } from './AgentCentre';

const t = vi.hoisted(() => (key: string, { defaultValue: _, ...values }: Record<string, unknown> = {}) =>
  Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key);
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));
// The panel's neighbours, which read the wallet, the inbox and the language: not what is tested here.
vi.mock('../../components/BalanceDisplay', () => ({ BalanceDisplay: () => null }));
vi.mock('../../components/UnreadBadge', () => ({ UnreadBadge: () => null, UnreadCount: () => null }));
vi.mock('../../state/memberLanguage', () => ({ watchMemberLanguage: () => undefined }));

const member = { id: 5, nickname: 'Agent One', userName: 'agent1', toUpline: false } as MemberInfo;
const overview = { period: 'TODAY', start: 0, end: 1, levels: [], total: {
  members: 2, newMembers: 0, activeMembers: 1, deposits: '0.00', withdrawals: '0.00', stakes: '0.00', profitLoss: '0.00',
} };
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

// The brand's switches as the status call brings them: the salaries and the dividend matter to this menu.
function salaries(daily: boolean, hourly = false, dividend = false) {
  const node = (modId: string, on: boolean) => ({ modId, enabled: on ? '1' : '0', childrenNodes: [] });
  const whitelabel = [node('DAILYSALARY3', daily), node('HOURLYSALARY3', hourly), node('DIVIDEND3', dividend)];
  store.set(statusAtom, { info: { whitelabel } } as unknown as SystemStatus);
}

function signIn(isAgent: number) {
  store.set(tokenAtom, 'token');
  store.set(memberAtom, { ...member, isAgent });
  store.set(isAgentAtom, isAgent);
}

let server: ReturnType<typeof fakeServer>;

beforeEach(() => {
  setRequestContext(() => ({ merchant: 'demo', token: 'token', language: 'EN' }));
  server = fakeServer();
  server.always('GET', '/wps/agent/team/overview', { value: overview });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.set(tokenAtom, null);
  store.set(memberAtom, null);
  store.set(isAgentAtom, null);
  store.set(agentCentreAtom, null);
  store.set(statusAtom, null);
});

describe('the agent-centre entry', () => {
  it.each([0, 4])('is not offered to member type %i', (isAgent) => {
    signIn(isAgent);
    render(<Provider store={store}><LoggedInPanel member={{ ...member, isAgent }} /></Provider>);
    expect(screen.queryByRole('button', { name: 'agentCentre.entry' })).toBeNull();
  });

  it.each([1, 2, 41, 42])('opens the agent centre on the team overview for agent type %i', (isAgent) => {
    signIn(isAgent);
    render(<Provider store={store}><LoggedInPanel member={{ ...member, isAgent }} /></Provider>);
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.entry' }));
    expect(store.get(agentCentreAtom)).toBe('agentTeamOverview');
  });
});

describe('the agent-centre overlay', () => {
  const open = async (isAgent = 1) => {
    signIn(isAgent);
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    render(<Provider store={store}><AgentCentre /></Provider>);
    await act(async () => store.set(agentCentreAtom, 'agentTeamOverview'));
    await flush();
    return opener;
  };

  const entries = () =>
    within(screen.getByRole('navigation', { name: 'agentCentre.menu' })).getAllByRole('button').map((b) => b.textContent);

  it('is a modal dialog titled Agent, focused, with the eleven entries of this release when the daily salary is on', async () => {
    salaries(true);
    const opener = await open();
    const dialog = screen.getByRole('dialog', { name: 'agentCentre.title' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
    const menu = within(screen.getByRole('navigation', { name: 'agentCentre.menu' })).getAllByRole('button');
    expect(entries()).toEqual([
      'agentCentre.pages.agentAnnouncement', 'agentCentre.pages.agentTeamOverview',
      'agentCentre.pages.agentAffiliate', 'agentCentre.pages.agentRegister',
      'agentCentre.pages.agentTeamManagement', 'agentCentre.pages.agentPayDownline',
      'agentCentre.pages.agentTeamBets', 'agentCentre.pages.agentUserProfit', 'agentCentre.pages.agentIncome',
      'agentCentre.pages.agentDownlineTransactions', 'agentCentre.pages.agentContracts',
    ]);
    // The overview is where it opens (SPEC §2.4's default page), the announcements above it.
    expect(menu[1]!.getAttribute('aria-current')).toBe('page');
    expect(menu[0]!.getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('agent-overview')).toBeTruthy();
    expect(server.calls('GET', '/wps/agent/team/overview')).toHaveLength(1);

    await act(async () => fireEvent.keyDown(window, { key: 'Escape' }));
    expect(store.get(agentCentreAtom)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('offers no contracts and no income when the brand has the daily salary off', async () => {
    salaries(false);
    await open();
    expect(entries()).toEqual([
      'agentCentre.pages.agentAnnouncement', 'agentCentre.pages.agentTeamOverview',
      'agentCentre.pages.agentAffiliate', 'agentCentre.pages.agentRegister',
      'agentCentre.pages.agentTeamManagement', 'agentCentre.pages.agentPayDownline',
      'agentCentre.pages.agentTeamBets', 'agentCentre.pages.agentUserProfit', 'agentCentre.pages.agentDownlineTransactions',
    ]);
    // Nor does a page asked for by name open behind the switch's back.
    await act(async () => store.set(agentCentreAtom, 'agentContracts'));
    expect(screen.queryByTestId('agent-contracts')).toBeNull();
    expect(server.calls('GET', '/wps/agent/contracts')).toHaveLength(0);
  });

  it('offers contracts and income when the brand has only the hourly salary on', async () => {
    salaries(false, true);
    await open();
    expect(entries()).toContain('agentCentre.pages.agentContracts');
    expect(entries()).toContain('agentCentre.pages.agentIncome');
    expect(entries()).not.toContain('agentCentre.pages.agentDividend');
  });

  it('offers the dividends to approve, contracts and income when the brand has only the dividend on', async () => {
    server.always('GET', '/wps/agent/dividends', { value: { list: [], totalPending: '0.00' } });
    salaries(false, false, true);
    await open();
    expect(entries().slice(-3)).toEqual([
      'agentCentre.pages.agentDownlineTransactions', 'agentCentre.pages.agentDividend', 'agentCentre.pages.agentContracts',
    ]);
    expect(entries()).toContain('agentCentre.pages.agentIncome');
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.pages.agentDividend' }));
    await flush();
    expect(screen.getByTestId('agent-dividends')).toBeTruthy();
  });

  it('opens the announcements and my link from the menu', async () => {
    server.always('GET', '/wps/agent/announcements', { value: { list: [], pageNum: 1, totalPages: 0, total: 0 } });
    server.always('GET', '/wps/agent/affiliate/link', { value: { code: 'AGENT1', link: null, qrUrl: null } });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.pages.agentAnnouncement' }));
    await flush();
    expect(screen.getByTestId('agent-announcements')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'agentCentre.pages.agentAnnouncement' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.pages.agentAffiliate' }));
    await flush();
    expect(screen.getByTestId('agent-affiliate-code').textContent).toBe('AGENT1');
    expect(server.calls('GET', '/wps/agent/announcements')).toHaveLength(1);
    expect(server.calls('GET', '/wps/agent/affiliate/link')).toHaveLength(1);
  });

  it('opens the team reports from the menu', async () => {
    server.always('GET', '/wps/agent/team/bets', { value: { list: [], pageNum: 1, totalPages: 0, total: 0,
      totals: { betAmount: '0.00', winAmount: '0.00', profit: '0.00', count: 0 } } });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.pages.agentTeamBets' }));
    await flush();
    expect(screen.getByTestId('agent-bets')).toBeTruthy();
    expect(server.calls('GET', '/wps/agent/team/bets')).toHaveLength(1);
  });

  it('closes with its close button, and switches pages from the menu', async () => {
    await open(41);
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.pages.agentRegister' }));
    expect(screen.getByTestId('agent-register')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'common.close' }));
    expect(store.get(agentCentreAtom)).toBeNull();
  });

  it("opens the pay page on the team row's member", async () => {
    server.always('GET', '/wps/agent/team/members', { value: { pageNum: 1, total: 1, totalPages: 1, list: [
      { id: 3, username: 'player1', nickname: null, type: 0, level: 1, upline: 'agent1', status: 'ACTIVE', rankLevel: 0, createdAt: 0 },
    ] } });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.pages.agentTeamManagement' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'agentCentre.team.payMember {"username":"player1"}' }));
    expect(store.get(agentCentreAtom)).toBe('agentPayDownline');
    // Chosen by user name: the field holds the row's member, and no member id is anywhere on the page.
    expect((screen.getByLabelText('agentCentre.pay.member') as HTMLInputElement).value).toBe('player1');
    expect(screen.getByTestId('agent-pay').textContent).not.toContain('3');
    expect(screen.getByTestId('agent-payee').textContent).toContain('"username":"player1"');
  });

  it('shows nothing to a player, and closes when the session ends', async () => {
    await open(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => store.set(isAgentAtom, 1));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await act(async () => store.set(memberAtom, null));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.get(agentCentreAtom)).toBeNull();
  });
});
