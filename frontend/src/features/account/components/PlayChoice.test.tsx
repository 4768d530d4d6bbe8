import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SystemStatus } from '../../../api/system';
import { BalanceDisplay } from '../../../components/BalanceDisplay';
import { accountModalAtom, isAgentAtom, memberAtom, type MemberInfo } from '../../../state/account';
import { statusAtom, tokenAtom } from '../../../state/atoms';
import { sumBalanceAtom } from '../../../state/balance';
import { playChoiceAtom } from '../../../state/gameLaunch';
import { store } from '../../../state/store';
import { LoggedInPanel } from './LoggedInPanel';
import { PlayChoice } from './PlayChoice';

vi.mock('../../../i18n/react', () => ({ useTranslation: () => ({ t: (key: string) => `t:${key}` }) }));
vi.mock('../../../components/UnreadBadge', () => ({ UnreadBadge: () => null, UnreadCount: () => null }));
vi.mock('../../../state/balance', async (original) => ({
  ...(await original<typeof import('../../../state/balance')>()),
  refreshBalance: () => Promise.resolve(),
}));
vi.mock('../../../state/memberLanguage', () => ({ watchMemberLanguage: () => undefined }));
// Free play's own calls (the trial account's login) are the login module's, tested with it.
const startFreePlay = vi.hoisted(() => vi.fn());
vi.mock('../login', () => ({ startFreePlay }));

function withFreePlay(on: boolean) {
  const whitelabel = [{ modId: 'FREEPLAY3', enabled: on ? '1' : '0', childrenNodes: [] }];
  store.set(statusAtom, { info: { whitelabel } } as unknown as SystemStatus);
}

function renderIn(node: React.ReactNode) {
  render(<Provider store={store}>{node}</Provider>);
}

beforeEach(() => {
  store.set(tokenAtom, null);
  store.set(isAgentAtom, null);
  store.set(accountModalAtom, null);
  store.set(playChoiceAtom, null);
  startFreePlay.mockReset();
});

afterEach(cleanup);

describe('a visitor who taps a game', () => {
  it('is offered both the login and free play; free play signs a trial account in and opens the game', async () => {
    withFreePlay(true);
    const launch = vi.fn(() => Promise.resolve());
    startFreePlay.mockImplementation(async () => store.set(tokenAtom, 'trial'));
    act(() => store.set(playChoiceAtom, { freePlay: true, launch }));
    renderIn(<PlayChoice />);
    const dialog = screen.getByTestId('play-choice');
    expect(within(dialog).getByText('t:games.playChoice.both')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 't:account.freePlay' })));
    expect(startFreePlay).toHaveBeenCalledTimes(1);
    expect(launch).toHaveBeenCalledTimes(1);
    expect(store.get(playChoiceAtom)).toBeNull();
  });

  it('goes to the login from it, without launching', () => {
    withFreePlay(true);
    const launch = vi.fn(() => Promise.resolve());
    act(() => store.set(playChoiceAtom, { freePlay: true, launch }));
    renderIn(<PlayChoice />);
    fireEvent.click(screen.getByRole('button', { name: 't:account.login' }));
    expect(store.get(accountModalAtom)).toBe('login');
    expect(store.get(playChoiceAtom)).toBeNull();
    expect(launch).not.toHaveBeenCalled();
  });

  it('is offered the login only where the brand or the game has no free play', () => {
    withFreePlay(false);
    act(() => store.set(playChoiceAtom, { freePlay: true, launch: () => Promise.resolve() }));
    renderIn(<PlayChoice />);
    expect(screen.getByText('t:games.playChoice.loginOnly')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 't:account.freePlay' })).toBeNull();
    cleanup();
    withFreePlay(true);
    act(() => store.set(playChoiceAtom, { freePlay: false, launch: () => Promise.resolve() }));
    renderIn(<PlayChoice />);
    expect(screen.queryByRole('button', { name: 't:account.freePlay' })).toBeNull();
  });
});

describe('the header of a free-play account', () => {
  const member = { id: 9, nickname: 'Guest 9', userName: 'guest9' } as MemberInfo;

  function panel(isAgent: number) {
    store.set(tokenAtom, 'token');
    store.set(isAgentAtom, isAgent);
    store.set(memberAtom, { ...member, isAgent });
    store.set(sumBalanceAtom, '10000.00');
    renderIn(<LoggedInPanel member={{ ...member, isAgent }} />);
    return screen.getByTestId('logged-in-panel');
  }

  it('says the balance is play money and offers no deposit or withdrawal', () => {
    const header = panel(4);
    expect(within(header).getByTestId('play-money').textContent).toBe('t:wallet.playMoney');
    expect(within(header).queryByRole('button', { name: 't:account.panel.deposit' })).toBeNull();
    expect(within(header).queryByRole('button', { name: 't:account.panel.withdraw' })).toBeNull();
    expect(within(header).getByRole('button', { name: 't:account.panel.bettingRecord' })).toBeTruthy();
  });

  it("keeps a member's deposit and withdrawal, with no play-money badge", () => {
    const header = panel(0);
    expect(within(header).queryByTestId('play-money')).toBeNull();
    expect(within(header).getByRole('button', { name: 't:account.panel.deposit' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 't:account.panel.withdraw' })).toBeTruthy();
  });

  it('marks the balance as play money on the phone header too (the same balance component)', () => {
    store.set(isAgentAtom, 4);
    store.set(sumBalanceAtom, '10000.00');
    renderIn(<BalanceDisplay />);
    expect(screen.getByTestId('play-money')).toBeTruthy();
    expect(screen.getByTestId('header-balance').textContent).toBe('P 10,000.00');
  });
});
