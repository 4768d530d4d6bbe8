// The count beside the feedback desk in the navigation: feedback and applications that arrived (live,
// console:feedback / console:application without a status) since the desk was last looked at. An answer
// given elsewhere (an event with a status) is no arrival. On the desk itself nothing is counted: its lists
// refresh instead.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { useConsoleEvent } from '../../live';
import { APPLICATION_EVENT, deskEventOf, FEEDBACK_EVENT, FEEDBACK_PATH } from './rules';

export function FeedbackBadge() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const looking = pathname === FEEDBACK_PATH || pathname.startsWith(`${FEEDBACK_PATH}/`);
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (looking) setCount(0);
  }, [looking]);

  const arrived = (payload: unknown) => {
    if (!looking && deskEventOf(payload)?.arrival) setCount((n) => n + 1);
  };
  useConsoleEvent(FEEDBACK_EVENT, arrived);
  useConsoleEvent(APPLICATION_EVENT, arrived);

  if (looking || count === 0) return null;
  return (
    <span className="cs-nav-count" data-testid="feedback-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('feedback.badge', { n: String(count) })}</span>
    </span>
  );
}
