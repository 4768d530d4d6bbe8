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

export function dateTime(value: string): string {
  // SPEC §3: shown as yyyy-MM-dd hh:mm:ss, in the browser's time zone.
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
