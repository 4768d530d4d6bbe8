// The member centre lists only pages that exist and are switched on for this member (cashback with the brand's
// MANPLAYREB3, invite friends for players with REFERRAL3), opens any other on the member's account instead of
// an empty screen or a refusal, and gives an agent the way to the agent centre.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { SystemStatus } from '../../api/system';
import { isAgentAtom, type MemberInfo, memberAtom } from '../../state/account';
import { agentCentreAtom } from '../../state/agentCentre';
import { statusAtom, tokenAtom } from '../../state/atoms';
import { memberCentreAtom, type MemberPage } from '../../state/memberCentre';
import { store } from '../../state/store';
import { LoggedInPanel } from '../../features/account/components/LoggedInPanel';
import { MemberCentre, memberMenu } from './MemberCentre';

const t = vi.hoisted(() => (key: string) => key);
vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t }) }));
// The pages themselves read the wallet and the records: each is a marker here.
vi.mock('./SecurityCenter', () => ({ SecurityCenter: () => <p>page securityCenter</p> }));
vi.mock('../../features/wallet/pages/DepositPage', () => ({ DepositPage: () => <p>page depositv2</p> }));
vi.mock('../../features/games/pages/ProfitPage', () => ({ ProfitPage: () => <p>page personalProfit</p> }));
vi.mock('../../components/UnreadBadge', () => ({ UnreadBadge: () => null, UnreadCount: () => null }));
vi.mock('../../components/BalanceDisplay', () => ({ BalanceDisplay: () => null }));
vi.mock('../../state/memberLanguage', () => ({ watchMemberLanguage: () => undefined }));
vi.mock('../../features/promotions/components/MissionCount', () => ({ MissionCount: () => null }));
vi.mock('../../features/loyalty/pages/CashbackPage', () => ({ CashbackPage: () => <p>page manualRebate</p> }));
vi.mock('../../features/loyalty/pages/ReferralPage', () => ({ ReferralPage: () => <p>page referral</p> }));
vi.mock('../../features/loyalty/pages/PlayerRankPage', () => ({ PlayerRankPage: () => <p>page playerRank</p> }));
vi.mock('../../features/protection/pages/ResponsibleGamingPage', () => ({ ResponsibleGamingPage: () => <p>page responsibleGaming</p> }));
vi.mock('../../features/protection/pages/VerifyIdentityPage', () => ({ VerifyIdentityPage: () => <p>page verifyIdentity</p> }));

const member = { id: 5, nickname: 'Amelia Santos-Reyes', userName: 'amelia', toUpline: false } as MemberInfo;
const SWITCHED_ON = { MANPLAYREB3: true, REFERRAL3: true };

function open(page: MemberPage, isAgent = 0, switches: Record<string, boolean> = SWITCHED_ON) {
  const whitelabel = Object.entries(switches).map(([modId, on]) => ({ modId, enabled: on ? '1' : '0', childrenNodes: [] }));
  store.set(statusAtom, { info: { whitelabel } } as unknown as SystemStatus);
  store.set(tokenAtom, 'token');
  store.set(memberAtom, { ...member, isAgent });
  store.set(isAgentAtom, isAgent);
  act(() => store.set(memberCentreAtom, page));
  render(
    <Provider store={store}>
      <MemberCentre />
    </Provider>,
  );
  return screen.getByRole('navigation', { name: 'memberCentre.title' });
}

afterEach(() => {
  cleanup();
  for (const reset of [tokenAtom, memberAtom, isAgentAtom, agentCentreAtom, memberCentreAtom, statusAtom] as const) {
    store.set(reset as never, null as never);
  }
});

const entries = (menu: HTMLElement) => within(menu).getAllByRole('button').map((b) => b.textContent);

describe('the member centre', () => {
  it('lists the pages the brand and the account offer, the member first', () => {
    const menu = open('securityCenter');
    expect(entries(menu)).toEqual(
      memberMenu(false, { loyalty: true, cashback: true, referral: true, protection: true }).map((page) => `memberCentre.pages.${page}`),
    );
    expect(within(menu).getByText(member.nickname)).toBeTruthy();
    expect(screen.getByText('page securityCenter')).toBeTruthy();
    expect(memberMenu(true)).toContain('transferUpline');
    // The reward centre (issue 31) follows the bonus details; cashback follows the betting record (SPEC §2.3).
    expect(memberMenu(false).indexOf('rewardCenter')).toBe(memberMenu(false).indexOf('bonusDetails') + 1);
    const all = memberMenu(false, { loyalty: true, cashback: true, referral: true });
    expect(all.indexOf('manualRebate')).toBe(all.indexOf('personalHistoryCopy') + 1);
    // Loyalty's other member pages (issue 32) are a player's: only players earn ranks and points.
    for (const page of ['playerRank', 'pointsDetails', 'redeemHistory'] as const) {
      expect(all).toContain(page);
      expect(memberMenu(false, { loyalty: false })).not.toContain(page);
    }
  });

  it('opens cashback and invite friends while they are offered', async () => {
    open('manualRebate');
    expect(await screen.findByText('page manualRebate')).toBeTruthy();
    cleanup();
    open('referral');
    expect(await screen.findByText('page referral')).toBeTruthy();
    cleanup();
    open('playerRank');
    expect(await screen.findByText('page playerRank')).toBeTruthy();
  });

  it('hides cashback with MANPLAYREB3 off, and opens it, asked for by an old link, on the member account', () => {
    const menu = open('manualRebate', 0, { ...SWITCHED_ON, MANPLAYREB3: false });
    expect(entries(menu)).not.toContain('memberCentre.pages.manualRebate');
    expect(entries(menu)).toContain('memberCentre.pages.referral');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('memberCentre.pages.securityCenter');
    expect(screen.getByText('page securityCenter')).toBeTruthy();
  });

  it('hides loyalty from an agent, and invite friends with REFERRAL3 off', () => {
    let menu = open('referral', 1);
    for (const page of ['referral', 'manualRebate', 'playerRank', 'pointsDetails', 'redeemHistory']) {
      expect(entries(menu)).not.toContain(`memberCentre.pages.${page}`);
    }
    expect(screen.getByText('page securityCenter')).toBeTruthy();
    cleanup();
    menu = open('securityCenter', 0, { ...SWITCHED_ON, REFERRAL3: false });
    expect(entries(menu)).not.toContain('memberCentre.pages.referral');
  });

  it('offers responsible gaming and identity verification to real accounts, not to a trial account (issue 34)', () => {
    for (const isAgent of [0, 1]) {
      const menu = open('securityCenter', isAgent);
      expect(entries(menu)).toContain('memberCentre.pages.responsibleGaming');
      expect(entries(menu)).toContain('memberCentre.pages.verifyIdentity');
      cleanup();
    }
    const menu = open('responsibleGaming', 4);
    expect(entries(menu)).not.toContain('memberCentre.pages.responsibleGaming');
    expect(entries(menu)).not.toContain('memberCentre.pages.verifyIdentity');
    expect(screen.getByText('page securityCenter')).toBeTruthy();
  });

  it('opens responsible gaming and identity verification in chunks of their own', async () => {
    open('responsibleGaming');
    expect(await screen.findByText('page responsibleGaming')).toBeTruthy();
    cleanup();
    open('verifyIdentity');
    expect(await screen.findByText('page verifyIdentity')).toBeTruthy();
  });

  it('offers an agent the agent centre, and gives way to it', () => {
    const menu = open('personalProfit', 1);
    fireEvent.click(within(menu).getByRole('button', { name: 'agentCentre.entry' }));
    expect(store.get(agentCentreAtom)).toBe('agentTeamOverview');
    expect(store.get(memberCentreAtom)).toBeNull();
  });

  it.each([0, 4])('offers no agent centre to member type %i', (isAgent) => {
    const menu = open('securityCenter', isAgent);
    expect(within(menu).queryByRole('button', { name: 'agentCentre.entry' })).toBeNull();
  });
});

describe("the member panel's cashback shortcut (SPEC §2.2)", () => {
  function panel(on: boolean) {
    open('securityCenter', 0, { ...SWITCHED_ON, MANPLAYREB3: on });
    cleanup();
    render(
      <Provider store={store}>
        <LoggedInPanel member={member} />
      </Provider>,
    );
    return screen.getByRole('navigation', { name: 'account.panel.shortcuts' });
  }

  it('opens cashback while MANPLAYREB3 is on', () => {
    act(() => store.set(memberCentreAtom, null));
    fireEvent.click(within(panel(true)).getByRole('button', { name: 'account.panel.cashback' }));
    expect(store.get(memberCentreAtom)).toBe('manualRebate');
  });

  it('is not there with MANPLAYREB3 off', () => {
    expect(within(panel(false)).queryByRole('button', { name: 'account.panel.cashback' })).toBeNull();
  });
});
