import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';

import { BalanceDisplay } from '../../../components/BalanceDisplay';
import { deferred } from '../../../components/deferred';
import { useTranslation } from '../../../i18n/react';
import { accountModalAtom, isTrialAtom, memberActionAllowed } from '../../../state/account';
import { agentCentreAtom, agentTypeAtom } from '../../../state/agentCentre';
import { memberCentreAtom, type MemberPage } from '../../../state/memberCentre';
import { watchMemberLanguage } from '../../../state/memberLanguage';
import type { MemberInfo } from '../api';
import { switchesAtom } from '../switches';

// The inbox entry with its unread count: a chunk of its own with the count's store, which the member centre's
// inbox shares, so that the first page's script does not list it.
const UnreadBadge = deferred(() => import('../../../components/UnreadBadge').then((module) => module.UnreadBadge));

// SPEC §2.2's shortcuts; Cashback (manualRebate, issue 32) only while the brand's MANPLAYREB3 switch is on.
// `cashier`: money in or out, which a free-play (trial) account cannot use: not shown to one. `player`:
// loyalty, which only a real player earns (not an agent, not a trial account).
const SHORTCUTS: { page: MemberPage; key: string; switch?: string; cashier?: boolean; player?: boolean }[] = [
  { page: 'depositv2', key: 'account.panel.deposit', cashier: true },
  { page: 'withdraw', key: 'account.panel.withdraw', cashier: true },
  { page: 'personalProfit', key: 'account.panel.personalCenter' },
  { page: 'personalHistoryCopy', key: 'account.panel.bettingRecord' },
  { page: 'manualRebate', key: 'account.panel.cashback', switch: 'MANPLAYREB3', player: true },
];

// The logged-in panel of SPEC §2.2.
export function LoggedInPanel({ member }: { member: MemberInfo }) {
  const { t } = useTranslation();
  const switches = useAtomValue(switchesAtom);
  const openPage = useSetAtom(memberCentreAtom);
  const openAgentCentre = useSetAtom(agentCentreAtom);
  const agentType = useAtomValue(agentTypeAtom);
  const trial = useAtomValue(isTrialAtom);
  const setModal = useSetAtom(accountModalAtom);
  // From now on a language the member picks is kept on the server too (their messages are written in it).
  useEffect(watchMemberLanguage, []);
  const open = (page: MemberPage) => {
    if (memberActionAllowed()) openPage(page);
  };
  return (
    <div className="header-account logged-in" data-testid="logged-in-panel">
      <BalanceDisplay />
      <button type="button" className="link-button nickname" onClick={() => open('securityCenter')}>
        {member.nickname}
      </button>
      {agentType !== null && (
        <button type="button" className="link-button" data-testid="agent-centre-entry"
          onClick={() => memberActionAllowed() && openAgentCentre('agentTeamOverview')}>
          {t('agentCentre.entry')}
        </button>
      )}
      <UnreadBadge.Component />
      <nav className="shortcuts" aria-label={t('account.panel.shortcuts')}>
        {SHORTCUTS.filter(
          (s) => (!s.switch || switches.get(s.switch)) && !(trial && s.cashier) && !(s.player && (trial || agentType !== null)),
        ).map((shortcut) => (
          <button key={shortcut.page} type="button" className="link-button" onClick={() => open(shortcut.page)}>
            {t(shortcut.key)}
          </button>
        ))}
      </nav>
      <button type="button" className="button button-ghost" onClick={() => setModal('logout')}>
        {t('account.signOut')}
      </button>
    </div>
  );
}
