import { m } from 'framer-motion';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';

import { deferred } from '../../components/deferred';
import { MotionScope } from '../../components/MotionScope';
import { clearSession } from '../../features/account/session';
import { switchesAtom } from '../../features/account/switches';
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
// Loyalty's pages (issue 32), each in its own chunk.
const PlayerRankPage = deferred(() => import('../../features/loyalty/pages/PlayerRankPage').then((module) => module.PlayerRankPage));
const CashbackPage = deferred(() => import('../../features/loyalty/pages/CashbackPage').then((module) => module.CashbackPage));
const ReferralPage = deferred(() => import('../../features/loyalty/pages/ReferralPage').then((module) => module.ReferralPage));
const PointsDetailsPage = deferred(() => import('../../features/loyalty/pages/PointsPages').then((module) => module.PointsDetailsPage));
const RedeemHistoryPage = deferred(() => import('../../features/loyalty/pages/PointsPages').then((module) => module.RedeemHistoryPage));
// Player protection's pages (issue 34), each in its own chunk.
const ResponsibleGamingPage = deferred(() =>
  import('../../features/protection/pages/ResponsibleGamingPage').then((module) => module.ResponsibleGamingPage),
);
const VerifyIdentityPage = deferred(() =>
  import('../../features/protection/pages/VerifyIdentityPage').then((module) => module.VerifyIdentityPage),
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
  manualRebate: () => <CashbackPage.Component />,
  referral: () => <ReferralPage.Component />,
  playerRank: () => <PlayerRankPage.Component />,
  pointsDetails: () => <PointsDetailsPage.Component />,
  redeemHistory: () => <RedeemHistoryPage.Component />,
  // An exclusion revokes every session of the member: the page has the browser forget its own.
  responsibleGaming: () => <ResponsibleGamingPage.Component forgetSession={clearSession} />,
  verifyIdentity: () => <VerifyIdentityPage.Component />,
};

// What the brand and the member's kind of account offer: loyalty (VIP progress, points, cashback, invite
// friends) is for players only (isAgent 0), who alone earn it; cashback with the brand's MANPLAYREB3 switch
// (SPEC §6), invite friends with REFERRAL3.
export interface MenuOffers {
  loyalty?: boolean;
  cashback?: boolean;
  referral?: boolean;
  // Responsible gaming and identity verification: a real account's, not a trial's (isAgent 4).
  protection?: boolean;
}

export function menuOffers(switches: ReadonlyMap<string, boolean>, isAgent: number | null | undefined): MenuOffers {
  const player = isAgent === 0;
  return {
    loyalty: player,
    cashback: player && switches.get('MANPLAYREB3') === true,
    referral: player && switches.get('REFERRAL3') === true,
    protection: isAgent != null && isAgent !== 4,
  };
}

// The member's menu: the pages of SPEC §2.3 that the brand and the member's account offer, then the member
// pages named elsewhere (the VIP progress, the points' details, the point mall's redeem history), and player
// protection's (issue 34) after the account's own pages.
export function memberMenu(toUpline: boolean, offers: MenuOffers = {}): MemberPage[] {
  return [
    'securityCenter',
    ...(offers.protection ? (['responsibleGaming', 'verifyIdentity'] as const) : []),
    'transferFund',
    'depositv2',
    'withdraw',
    ...(toUpline ? (['transferUpline'] as const) : []),
    'personalHistoryCopy',
    ...(offers.cashback ? (['manualRebate'] as const) : []),
    'transactionHistory',
    'personalProfit',
    'bonusDetails',
    'rewardCenter',
    ...(offers.referral ? (['referral'] as const) : []),
    ...(offers.loyalty ? (['playerRank', 'pointsDetails', 'redeemHistory'] as const) : []),
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
  const switches = useAtomValue(switchesAtom);
  const openAgentCentre = useSetAtom(agentCentreAtom);
  useEffect(() => {
    if (!page) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setPage(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [page, setPage]);
  if (!page || !member) return null;
  const menu = memberMenu(member.toUpline, menuOffers(switches, member.isAgent));
  // A page the menu does not offer (switched off, not for this account), asked for by an old link, opens the
  // member's account instead of an empty screen or a refusal.
  const shown: MemberPage = PAGES[page] && menu.includes(page) ? page : 'securityCenter';
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
