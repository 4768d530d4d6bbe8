// Player protection (issue 34): the members with a limit, an exclusion, a KYC submission or an open risk
// marker, each opening their limits, exclusion and history; the KYC review queue; the risk markers the
// nightly job raises; and the brand's settings (the reality check's default, the KYC rule, the support
// organisations). protection.manage decides submissions, reviews markers and changes the settings; everyone
// else with protection.read sees the same, read-only. Nobody lifts an exclusion early. The tab is kept in
// the address (?tab=kyc), and so is the member opened (?member=12), so both survive a reload.
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import { useTranslation } from '../../i18n/react';
import { TabRow } from '../components/content/common';
import { can, PROTECTION_MANAGE } from '../permissions';
import { meAtom } from '../store';
import { KycTab } from './ProtectionKyc';
import { MarkersTab } from './ProtectionMarkers';
import { MembersTab } from './ProtectionMembers';
import { SettingsTab } from './ProtectionSettings';
import '../styles/content.css';
import '../styles/content-editor.css';
import '../styles/promotions.css';
import '../styles/feedback.css';
import '../styles/protection.css';

type Tab = 'members' | 'kyc' | 'markers' | 'settings';
const TABS: readonly Tab[] = ['members', 'kyc', 'markers', 'settings'];

const PANELS: Record<Tab, (props: { manage: boolean }) => ReactNode> = {
  members: MembersTab,
  kyc: KycTab,
  markers: MarkersTab,
  settings: SettingsTab,
};

export function ProtectionPage() {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const manage = can(me?.permissions, PROTECTION_MANAGE);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'members';
  const Panel = PANELS[tab];

  return (
    <section className="cs-page cs-content-page cs-promotions-page cs-protection-page" aria-labelledby="cs-protection-title">
      <h1 id="cs-protection-title">{t('protection.title')}</h1>
      <p className="cs-lead">{t(manage ? 'protection.intro' : 'protection.readOnly')}</p>
      <TabRow<Tab>
        label={t('protection.title')}
        tabs={TABS}
        current={tab}
        name={(name) => t(`protection.tabs.${name}`)}
        onPick={(next) => setParams(next === 'members' ? {} : { tab: next }, { replace: true })}
        idPrefix="cs-protection-tab"
        controls="cs-protection-panel"
      />
      <div id="cs-protection-panel" role="tabpanel" aria-labelledby={`cs-protection-tab-${tab}`}>
        <Panel key={tab} manage={manage} />
      </div>
    </section>
  );
}
