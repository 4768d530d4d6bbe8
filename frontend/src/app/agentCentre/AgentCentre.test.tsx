import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import { LoggedInPanel } from '../../features/account/components/LoggedInPanel';
import { fakeServer } from '../../features/agents/testServer';
import { isAgentAtom, type MemberInfo, memberAtom } from '../../state/account';
import { agentCentreAtom } from '../../state/agentCentre';
import { tokenAtom } from '../../state/atoms';
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

  it('is a modal dialog titled Agent, focused, with the four entries of this release', async () => {
    const opener = await open();
    const dialog = screen.getByRole('dialog', { name: 'agentCentre.title' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
    const menu = within(screen.getByRole('navigation', { name: 'agentCentre.menu' })).getAllByRole('button');
    expect(menu.map((b) => b.textContent)).toEqual([
      'agentCentre.pages.agentTeamOverview', 'agentCentre.pages.agentRegister',
      'agentCentre.pages.agentTeamManagement', 'agentCentre.pages.agentPayDownline',
    ]);
    expect(menu[0]!.getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('agent-overview')).toBeTruthy();
    expect(server.calls('GET', '/wps/agent/team/overview')).toHaveLength(1);

    await act(async () => fireEvent.keyDown(window, { key: 'Escape' }));
    expect(store.get(agentCentreAtom)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
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
    expect((screen.getByLabelText('agentCentre.pay.memberId') as HTMLInputElement).value).toBe('3');
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
