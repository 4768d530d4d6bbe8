// Promotions: the bonus rules the server runs for members (sign-up, first-deposit and reload bonuses, the
// daily check-in, turnover reward tiers and loss rebates counted over a period), each with its schedule, texts, parameters, what it costs and who joined; and the brand's
// wagering weights. promotions.write may change them; everyone else with promotions.read sees the same,
// read-only. The tab is kept in the address (?tab=weights), so it survives a reload.
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router';

import { useTranslation } from '../../i18n/react';
import { TabRow } from '../components/content/common';
import { ApplicationsPanel } from '../components/promotions/ApplicationsPanel';
import { PromotionList } from '../components/promotions/PromotionList';
import { WeightsPanel } from '../components/promotions/WeightsPanel';
import { can, PROMOTIONS_WRITE } from '../permissions';
import { meAtom } from '../store';
import { MiniGamesPanel } from './MiniGamesPanel';
import '../styles/content.css';
import '../styles/content-editor.css';
import '../styles/promotions.css';

type Tab = 'list' | 'weights' | 'applications' | 'miniGames';
const TABS: readonly Tab[] = ['list', 'weights', 'applications', 'miniGames'];

export function PromotionsPage() {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const write = can(me?.permissions, PROMOTIONS_WRITE);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'list';

  return (
    <section className="cs-page cs-content-page cs-promotions-page" aria-labelledby="cs-promotions-title">
      <h1 id="cs-promotions-title">{t('promotions.title')}</h1>
      <p className="cs-lead">{t(write ? 'promotions.intro' : 'promotions.readOnly')}</p>
      <TabRow<Tab>
        label={t('promotions.title')}
        tabs={TABS}
        current={tab}
        name={(name) => (name === 'miniGames' ? t('miniGames.tab') : t(`promotions.tabs.${name}`))}
        onPick={(next) => setParams(next === 'list' ? {} : { tab: next }, { replace: true })}
        idPrefix="cs-promotions-tab"
        controls="cs-promotions-panel"
      />
      <div id="cs-promotions-panel" role="tabpanel" aria-labelledby={`cs-promotions-tab-${tab}`}>
        {tab === 'list' ? (
          <PromotionList write={write} />
        ) : tab === 'applications' ? (
          <ApplicationsPanel write={write} />
        ) : tab === 'miniGames' ? (
          <MiniGamesPanel write={write} />
        ) : (
          <WeightsPanel write={write} />
        )}
      </div>
    </section>
  );
}
