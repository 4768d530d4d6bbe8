import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { brandAtom } from '../../../state/atoms';
import { formatMoney } from '../money';

export function Money({ amount }: { amount: string }) {
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  return <span className="money">{formatMoney(amount, symbol)}</span>;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mc-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`status status-${status.toLowerCase()}`}>{t(`wallet.status.${status}`)}</span>;
}

export function Empty() {
  const { t } = useTranslation();
  return <p className="empty-state">{t('wallet.empty')}</p>;
}

// Shown in the viewer's zone, with the zone named.
export { dateTime } from '../../../lib/dates';
