// Loyalty: what keeps a player with the brand. The VIP levels with what reaches each and its perks (and the
// rank review's settings), the cashback mode, the points rates, the points mall's items with their stock, the
// redeem queue (physical goods wait for staff) and the invite-a-friend rules. loyalty.write may change them;
// everyone else with loyalty.read sees the same, read-only. The tab is kept in the address (?tab=points), so
// it survives a reload.
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import { useTranslation } from '../../i18n/react';
import { TabRow } from '../components/content/common';
import { can, LOYALTY_WRITE } from '../permissions';
import { meAtom } from '../store';
import { MallTab } from './LoyaltyMall';
import { RedeemsTab } from './LoyaltyRedeems';
import { CashbackTab, PointsTab, ReferralTab } from './LoyaltySettings';
import { VipTab } from './LoyaltyVip';
import '../styles/content.css';
import '../styles/content-editor.css';
import '../styles/promotions.css';

type Tab = 'vip' | 'cashback' | 'points' | 'mall' | 'redeems' | 'referral';
const TABS: readonly Tab[] = ['vip', 'cashback', 'points', 'mall', 'redeems', 'referral'];

const PANELS: Record<Tab, (props: { write: boolean }) => ReactNode> = {
  vip: VipTab,
  cashback: CashbackTab,
  points: PointsTab,
  mall: MallTab,
  redeems: RedeemsTab,
  referral: ReferralTab,
};

export function LoyaltyPage() {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const write = can(me?.permissions, LOYALTY_WRITE);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'vip';
  const Panel = PANELS[tab];

  return (
    <section className="cs-page cs-content-page cs-promotions-page cs-loyalty-page" aria-labelledby="cs-loyalty-title">
      <h1 id="cs-loyalty-title">{t('loyalty.title')}</h1>
      <p className="cs-lead">{t(write ? 'loyalty.intro' : 'loyalty.readOnly')}</p>
      <TabRow<Tab>
        label={t('loyalty.title')}
        tabs={TABS}
        current={tab}
        name={(name) => t(`loyalty.tabs.${name}`)}
        onPick={(next) => setParams(next === 'vip' ? {} : { tab: next }, { replace: true })}
        idPrefix="cs-loyalty-tab"
        controls="cs-loyalty-panel"
      />
      <div id="cs-loyalty-panel" role="tabpanel" aria-labelledby={`cs-loyalty-tab-${tab}`}>
        <Panel key={tab} write={write} />
      </div>
    </section>
  );
}
