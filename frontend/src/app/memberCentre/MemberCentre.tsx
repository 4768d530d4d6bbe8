import { m } from 'framer-motion';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';

import { deferred } from '../../components/deferred';
import { MotionScope } from '../../components/MotionScope';
import { BettingRecordPage } from '../../features/games/pages/BettingRecordPage';
import { ProfitPage } from '../../features/games/pages/ProfitPage';
import { DepositPage } from '../../features/wallet/pages/DepositPage';
import { BonusDetailsPage, TransactionHistoryPage } from '../../features/wallet/pages/RecordsPages';
import { TransferFundPage, TransferUplinePage } from '../../features/wallet/pages/TransferPages';
import { WithdrawPage } from '../../features/wallet/pages/WithdrawPage';
import { useTranslation } from '../../i18n/react';
import { memberAtom } from '../../state/account';
import { agentCentreAtom, agentTypeAtom } from '../../state/agentCentre';
import { memberCentreAtom, type MemberPage } from '../../state/memberCentre';
import { SecurityCenter } from './SecurityCenter';

// The inbox, feedback, the reward centre and the menu's unread count come in chunks of their own (with their
// CSS and the unread count's store, shared with the header badge), fetched when first shown: the first
// page's script lists none.
const MessagesPage = deferred(() => import('../../features/messages/pages/MessagesPage').then((module) => module.MessagesPage));
const FeedbackPage = deferred(() => import('../../features/feedback/pages/FeedbackPage').then((module) => module.FeedbackPage));
const RewardCenterPage = deferred(() =>
  import('../../features/promotions/pages/RewardCenterPage').then((module) => module.RewardCenterPage),
);
const MissionLeaderboardPage = deferred(() =>
  import('../../features/promotions/pages/MissionLeaderboardPage').then((module) => module.MissionLeaderboardPage),
);
const MissionCount = deferred(() => import('../../features/promotions/components/MissionCount').then((module) => module.MissionCount));
const UnreadCount = deferred(() => import('../../components/UnreadBadge').then((module) => module.UnreadCount));

const PAGES: Partial<Record<MemberPage, () => React.JSX.Element | null>> = {
  securityCenter: SecurityCenter,
  transferFund: TransferFundPage,
  depositv2: DepositPage,
  withdraw: WithdrawPage,
  transferUpline: TransferUplinePage,
  personalHistoryCopy: BettingRecordPage,
  transactionHistory: TransactionHistoryPage,
  personalProfit: ProfitPage,
  bonusDetails: BonusDetailsPage,
  rewardCenter: () => <RewardCenterPage.Component />,
  missionLeaderboard: () => <MissionLeaderboardPage.Component />,
  messageV2: () => <MessagesPage.Component />,
  feedback: () => <FeedbackPage.Component />,
};

// The member's menu: only pages that are built (cashback and referral arrive with later issues and are not
// listed until they do).
export function memberMenu(toUpline: boolean): MemberPage[] {
  return [
    'securityCenter',
    'transferFund',
    'depositv2',
    'withdraw',
    ...(toUpline ? (['transferUpline'] as const) : []),
    'personalHistoryCopy',
    'transactionHistory',
    'personalProfit',
    'bonusDetails',
    'rewardCenter',
    'missionLeaderboard',
    'messageV2',
    'feedback',
  ];
}

// The member-centre overlay of SPEC §2.3: a menu on the left (a strip across the top on a phone), the page on
// the right, a close button. It waits for the member (its menu depends on who they are), and opens on
// securityCenter by default. An agent finds the agent centre here too.
export function MemberCentre() {
  const { t } = useTranslation();
  const [page, setPage] = useAtom(memberCentreAtom);
  const member = useAtomValue(memberAtom);
  const agentType = useAtomValue(agentTypeAtom);
  const openAgentCentre = useSetAtom(agentCentreAtom);
  useEffect(() => {
    if (!page) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setPage(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [page, setPage]);
  if (!page || !member) return null;
  const menu = memberMenu(member.toUpline);
  // A page not built yet, asked for by an old link, opens the member's account instead of an empty screen.
  const shown: MemberPage = PAGES[page] ? page : 'securityCenter';
  const Page = PAGES[shown] ?? SecurityCenter;
  return createPortal(
    <MotionScope>
      <m.div className="modal-backdrop" initial={{ opacity: 0 }} animate={{ opacity: 1 }}>
        <div role="dialog" aria-modal="true" aria-label={t('memberCentre.title')} className="member-centre" data-testid="member-centre">
          <nav className="mc-menu" aria-label={t('memberCentre.title')}>
            <p className="mc-who">{member.nickname}</p>
            {menu.map((name) => (
              <button key={name} type="button" className={name === shown ? 'mc-entry active' : 'mc-entry'}
                aria-current={name === shown ? 'page' : undefined} onClick={() => setPage(name)}>
                {t(`memberCentre.pages.${name}`)}
                {name === 'messageV2' && <UnreadCount.Component />}
                {name === 'missionLeaderboard' && <MissionCount.Component />}
              </button>
            ))}
            {agentType !== null && (
              <button type="button" className="mc-entry" data-testid="mc-agent-centre"
                onClick={() => {
                  setPage(null);
                  openAgentCentre('agentTeamOverview');
                }}>
                {t('agentCentre.entry')}
              </button>
            )}
          </nav>
          <section className="mc-content">
            <header className="mc-header">
              <h2>{t(`memberCentre.pages.${shown}`)}</h2>
              <button type="button" className="modal-close" aria-label={t('common.close')} onClick={() => setPage(null)}>×</button>
            </header>
            <Page />
          </section>
        </div>
      </m.div>
    </MotionScope>,
    document.body,
  );
}
