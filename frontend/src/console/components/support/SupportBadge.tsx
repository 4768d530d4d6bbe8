// The count beside the support desk in the navigation: the conversations waiting in the queues (VIP, live
// chat, offline tickets). Read from the desk when the shell shows it and again (at most every few seconds)
// after each desk change pushed live (console:chat). On the desk itself nothing is shown: its tabs count.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { useConsoleEvent } from '../../live';
import { QUEUES, readDesk } from '../../supportApi';
import { DESK_EVENT, deskMessageOf, SUPPORT_PATH } from './rules';

const QUIET_MS = 3_000;

export function SupportBadge() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const looking = pathname === SUPPORT_PATH || pathname.startsWith(`${SUPPORT_PATH}/`);
  const [count, setCount] = useState(0);
  const [asked, setAsked] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (looking) return;
    const controller = new AbortController();
    readDesk(controller.signal).then(
      (desk) => {
        if (!controller.signal.aborted) setCount(QUEUES.reduce((sum, queue) => sum + (desk.queues[queue]?.length ?? 0), 0));
      },
      () => undefined, // the badge is a hint: a failed read leaves the last count
    );
    return () => controller.abort();
  }, [looking, asked]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useConsoleEvent(DESK_EVENT, (payload) => {
    // A message changes no queue's length; only news of a conversation moving does.
    if (looking || timer.current || deskMessageOf(payload)) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      setAsked((n) => n + 1);
    }, QUIET_MS);
  });

  if (looking || count === 0) return null;
  return (
    <span className="cs-nav-count" data-testid="support-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('support.badge', { n: String(count) })}</span>
    </span>
  );
}
