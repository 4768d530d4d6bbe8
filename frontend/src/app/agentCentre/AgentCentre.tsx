import { m } from 'framer-motion';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

import { MotionScope } from '../../components/MotionScope';
import { switchesAtom } from '../../features/account/switches';
import type { TeamMember } from '../../features/agents/api';
import { ContractsPage } from '../../features/agents/pages/ContractsPage';
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

// SPEC §2.4's other entries (announcement, dividend, the hourly and real-time salaries) come with the calls
// behind them; until then the menu does not offer them. The daily salary's pages (its contracts, and the income
// they pay) follow the brand's DAILYSALARY3 switch.
const MENU: readonly AgentPage[] = [
  'agentTeamOverview', 'agentRegister', 'agentTeamManagement', 'agentPayDownline',
  'agentTeamBets', 'agentUserProfit', 'agentIncome', 'agentDownlineTransactions', 'agentContracts',
];
const DAILY_SALARY_PAGES: readonly AgentPage[] = ['agentIncome', 'agentContracts'];

// The agent-centre overlay of SPEC §2.4: a modal titled Agent, its menu on the left (a row of tabs on a phone),
// a close button. It waits for the member and an agent role: logged out, or a player, it shows nothing.
export function AgentCentre() {
  const { t } = useTranslation();
  const titleId = useId();
  const [page, setPage] = useAtom(agentCentreAtom);
  const member = useAtomValue(memberAtom);
  const agentType = useAtomValue(agentTypeAtom);
  const dailySalary = useAtomValue(switchesAtom).get('DAILYSALARY3') === true;
  const menuShown = dailySalary ? MENU : MENU.filter((name) => !DAILY_SALARY_PAGES.includes(name));
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
            {page === 'agentTeamOverview' && <TeamOverviewPage />}
            {page === 'agentRegister' && <RegisterAccountPage />}
            {page === 'agentTeamManagement' && <TeamManagementPage onPay={pay} />}
            {page === 'agentPayDownline' && <PayDownlinePage key={payee?.id ?? 'typed'} payee={payee} />}
            {page === 'agentTeamBets' && <TeamBetsPage />}
            {page === 'agentUserProfit' && <UserProfitPage />}
            {page === 'agentIncome' && dailySalary && <IncomePage />}
            {page === 'agentDownlineTransactions' && <DownlineTransactionsPage />}
            {page === 'agentContracts' && dailySalary && <ContractsPage />}
          </section>
        </div>
      </m.div>
    </MotionScope>,
    document.body,
  );
}
