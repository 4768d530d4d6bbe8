// The count beside the cashier desk in the navigation: deposit and withdrawal requests that arrived (live,
// console:cashier) since the desk was last looked at. On the desk itself nothing is counted: its queue
// refreshes instead.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { useConsoleEvent } from '../../live';
import { arrivalOf, CASHIER_EVENT } from './rules';

export const CASHIER_PATH = '/cashier';

export function CashierBadge() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const looking = pathname === CASHIER_PATH || pathname.startsWith(`${CASHIER_PATH}/`);
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (looking) setCount(0);
  }, [looking]);

  useConsoleEvent(CASHIER_EVENT, (payload) => {
    if (!looking && arrivalOf(payload)) setCount((n) => n + 1);
  });

  if (looking || count === 0) return null;
  return (
    <span className="cs-nav-count" data-testid="cashier-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('cashier.badge', { n: String(count) })}</span>
    </span>
  );
}
