import { m } from 'framer-motion';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

import { MotionScope } from '../../components/MotionScope';
import { switchesAtom } from '../../features/account/switches';
import type { TeamMember } from '../../features/agents/api';
import { AffiliatePage } from '../../features/agents/pages/AffiliatePage';
import { AnnouncementsPage } from '../../features/agents/pages/AnnouncementsPage';
import { ContractsPage } from '../../features/agents/pages/ContractsPage';
import { DividendPage } from '../../features/agents/pages/DividendPage';
import { DownlineTransactionsPage } from '../../features/agents/pages/DownlineTransactionsPage';
import { IncomePage } from '../../features/agents/pages/IncomePage';
import { PayDownlinePage } from '../../features/agents/pages/PayDownlinePage';
import { RegisterAccountPage } from '../../features/agents/pages/RegisterAccountPage';
import { TeamBetsPage } from '../../features/agents/pages/TeamBetsPage';
import { TeamManagementPage } from '../../features/agents/pages/TeamManagementPage';
import { TeamOverviewPage } from '../../features/agents/pages/TeamOverviewPage';
import { UserProfitPage } from '../../features/agents/pages/UserProfitPage';
import { useTranslation } from '../../i18n/react';
import { memberAtom } from '../../state/account';
import { agentCentreAtom, type AgentPage, agentTypeAtom } from '../../state/agentCentre';
import '../../features/agents/agents.css';

// SPEC §2.4's salary and dividend entries: the contracts page (every kind, offered and held) and the income they
// pay show while the brand has a salary or the dividend on (DAILYSALARY3, HOURLYSALARY3, REALTIMESALARY3,
// DIVIDEND3); the dividends to approve with DIVIDEND3. The agent's own link follows the overview.
const MENU: readonly AgentPage[] = [
  'agentAnnouncement', 'agentTeamOverview', 'agentAffiliate', 'agentRegister', 'agentTeamManagement',
  'agentPayDownline', 'agentTeamBets', 'agentUserProfit', 'agentIncome', 'agentDownlineTransactions', 'agentDividend',
  'agentContracts',
];
const CONTRACT_PAGES: readonly AgentPage[] = ['agentIncome', 'agentContracts'];
const CONTRACT_SWITCHES = ['DAILYSALARY3', 'HOURLYSALARY3', 'REALTIMESALARY3', 'DIVIDEND3'];

// The agent-centre overlay of SPEC §2.4: a modal titled Agent, its menu on the left (a row of tabs on a phone),
// a close button. It waits for the member and an agent role: logged out, or a player, it shows nothing.
export function AgentCentre() {
  const { t } = useTranslation();
  const titleId = useId();
  const [page, setPage] = useAtom(agentCentreAtom);
  const member = useAtomValue(memberAtom);
  const agentType = useAtomValue(agentTypeAtom);
  const switches = useAtomValue(switchesAtom);
  const contracts = CONTRACT_SWITCHES.some((modId) => switches.get(modId) === true);
  const dividends = switches.get('DIVIDEND3') === true;
  const menuShown = MENU.filter((name) =>
    (contracts || !CONTRACT_PAGES.includes(name)) && (dividends || name !== 'agentDividend'));
  // Team management's Pay button hands its row to the pay page.
  const [payee, setPayee] = useState<TeamMember | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLElement>(null);
  const shown = page !== null && member !== null && agentType !== null;

  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setPage(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, setPage]);

  // Focus moves into the dialog for keyboards and screen readers, and back to the entry that opened it.
  useEffect(() => {
    if (!shown) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();
    return () => opener?.focus();
  }, [shown]);

  // On a phone the menu is a row that scrolls sideways: a page opened from elsewhere (a team row's Pay) must
  // not leave its tab out of sight.
  useEffect(() => {
    menu.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [page, shown]);

  // A session that ends (logout, revoked) closes the overlay, so that the next agent does not find it open.
  useEffect(() => {
    if (page !== null && member === null) setPage(null);
  }, [page, member, setPage]);

  if (!shown) return null;
  const open = (next: AgentPage) => {
    if (next !== 'agentPayDownline') setPayee(null);
    setPage(next);
  };
  const pay = (chosen: TeamMember) => {
    setPayee(chosen);
    setPage('agentPayDownline');
  };
  return createPortal(
    <MotionScope>
      <m.div className="modal-backdrop" initial={{ opacity: 0 }} animate={{ opacity: 1 }}>
        <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}
          className="agent-centre" data-testid="agent-centre">
          <header className="ac-bar">
            <h2 id={titleId}>{t('agentCentre.title')}</h2>
            <span className="muted ac-who">{member.nickname}</span>
            <button type="button" className="modal-close" aria-label={t('common.close')} onClick={() => setPage(null)}>×</button>
          </header>
          <nav ref={menu} className="ac-menu" aria-label={t('agentCentre.menu')}>
            {menuShown.map((name) => (
              <button key={name} type="button" className={name === page ? 'ac-entry active' : 'ac-entry'}
                aria-current={name === page ? 'page' : undefined} onClick={() => open(name)}>
                {t(`agentCentre.pages.${name}`)}
              </button>
            ))}
          </nav>
          <section className="ac-content" aria-labelledby={`${titleId}-page`}>
            <h3 id={`${titleId}-page`} className="ac-heading">{t(`agentCentre.pages.${page}`)}</h3>
            {page === 'agentAnnouncement' && <AnnouncementsPage />}
            {page === 'agentTeamOverview' && <TeamOverviewPage />}
            {page === 'agentAffiliate' && <AffiliatePage />}
            {page === 'agentRegister' && <RegisterAccountPage />}
            {page === 'agentTeamManagement' && <TeamManagementPage onPay={pay} />}
            {page === 'agentPayDownline' && <PayDownlinePage key={payee?.id ?? 'typed'} payee={payee} />}
            {page === 'agentTeamBets' && <TeamBetsPage />}
            {page === 'agentUserProfit' && <UserProfitPage />}
            {page === 'agentIncome' && contracts && <IncomePage />}
            {page === 'agentDownlineTransactions' && <DownlineTransactionsPage />}
            {page === 'agentDividend' && dividends && <DividendPage />}
            {page === 'agentContracts' && contracts && <ContractsPage />}
          </section>
        </div>
      </m.div>
    </MotionScope>,
    document.body,
  );
}
