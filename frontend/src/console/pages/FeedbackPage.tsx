// The feedback desk: members' feedback to read and answer, and the affiliate / agent applications from
// /join. feedback.read opens it, feedback.answer lets a login answer and move applications on. Whatever
// arrives while the desk is open (console:feedback, console:application) is announced and its list read
// again. The tab is kept in the address (?tab=applications).
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { useTranslation } from '../../i18n/react';
import { TabRow } from '../components/content/common';
import { Applications } from '../components/feedback/Applications';
import { FeedbackQueue } from '../components/feedback/FeedbackQueue';
import { APPLICATION_EVENT, deskEventOf, FEEDBACK_EVENT } from '../components/feedback/rules';
import { useConsoleEvent } from '../live';
import { can, FEEDBACK_ANSWER } from '../permissions';
import { meAtom } from '../store';
import '../styles/content.css';
import '../styles/feedback.css';

type Tab = 'feedback' | 'applications';
const TABS: readonly Tab[] = ['feedback', 'applications'];

export function FeedbackPage() {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const mayAnswer = can(me?.permissions, FEEDBACK_ANSWER);
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'applications' ? 'applications' : 'feedback';
  const [refresh, setRefresh] = useState<Record<Tab, number>>({ feedback: 0, applications: 0 });
  const [arrival, setArrival] = useState<string | null>(null);

  const heard = (which: Tab) => (payload: unknown) => {
    const event = deskEventOf(payload);
    if (!event) return;
    if (event.arrival) setArrival(t(`feedback.arrived.${which}`, { id: String(event.id) }));
    setRefresh((old) => ({ ...old, [which]: old[which] + 1 }));
  };
  useConsoleEvent(FEEDBACK_EVENT, heard('feedback'));
  useConsoleEvent(APPLICATION_EVENT, heard('applications'));

  return (
    <section className="cs-page cs-feedback-page" aria-labelledby="cs-feedback-title">
      <h1 id="cs-feedback-title">{t('feedback.title')}</h1>
      <p className="cs-success cs-feedback-arrival" role="status" data-testid="feedback-arrival">
        {arrival}
      </p>
      <TabRow<Tab>
        label={t('feedback.title')}
        tabs={TABS}
        current={tab}
        name={(name) => t(`feedback.tabs.${name}`)}
        onPick={(next) => setParams(next === 'feedback' ? {} : { tab: next }, { replace: true })}
        idPrefix="cs-feedback-tab"
        controls="cs-feedback-panel"
      />
      <div id="cs-feedback-panel" role="tabpanel" aria-labelledby={`cs-feedback-tab-${tab}`}>
        {tab === 'feedback' ? (
          <FeedbackQueue mayAnswer={mayAnswer} refresh={refresh.feedback} />
        ) : (
          <Applications mayChange={mayAnswer} refresh={refresh.applications} />
        )}
      </div>
    </section>
  );
}
