// What the portal shows besides its games: notices (banners, popups, announcements, promotions, the player
// marquee), the help centre, the home page's own words (hero and footer), and platform messages to members.
// content.write may change notices, help and the home page's words, messages.send may write to members (the
// Messages tab is there only for it); everyone else with content.read sees the same, read-only. The tab is
// kept in the address (?tab=help), so it survives a reload.
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { useTranslation } from '../../i18n/react';
import { TabRow } from '../components/content/common';
import { HelpTab } from '../components/content/HelpTab';
import { HomeTab } from '../components/content/HomeTab';
import { MessageComposer } from '../components/content/MessageComposer';
import { NoticesTab } from '../components/content/NoticesTab';
import { SentMessages } from '../components/content/SentMessages';
import { can, CONTENT_WRITE, MESSAGES_SEND } from '../permissions';
import { meAtom } from '../store';
import '../styles/content.css';
import '../styles/content-editor.css';

type Tab = 'notices' | 'help' | 'home' | 'messages';

function MessagesTab() {
  const [refresh, setRefresh] = useState(0);
  return (
    <div className="cs-content-stack">
      <MessageComposer onSent={() => setRefresh((n) => n + 1)} />
      <SentMessages refresh={refresh} />
    </div>
  );
}

export function ContentPage() {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const write = can(me?.permissions, CONTENT_WRITE);
  const send = can(me?.permissions, MESSAGES_SEND);
  const tabs: Tab[] = send ? ['notices', 'help', 'home', 'messages'] : ['notices', 'help', 'home'];
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'notices';

  return (
    <section className="cs-page cs-content-page" aria-labelledby="cs-content-title">
      <h1 id="cs-content-title">{t('content.title')}</h1>
      <p className="cs-lead">{t(write ? 'content.intro' : 'content.readOnly')}</p>
      <TabRow<Tab>
        label={t('content.title')}
        tabs={tabs}
        current={tab}
        name={(name) => t(`content.tabs.${name}`)}
        onPick={(next) => setParams(next === 'notices' ? {} : { tab: next }, { replace: true })}
        idPrefix="cs-content-tab"
        controls="cs-content-panel"
      />
      <div id="cs-content-panel" role="tabpanel" aria-labelledby={`cs-content-tab-${tab}`}>
        {tab === 'notices' && <NoticesTab write={write} />}
        {tab === 'help' && <HelpTab write={write} />}
        {tab === 'home' && <HomeTab write={write} />}
        {tab === 'messages' && <MessagesTab />}
      </div>
    </section>
  );
}
