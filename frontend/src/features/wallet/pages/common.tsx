import { useAtomValue } from 'jotai';

import { useTranslation } from '../../../i18n/react';
import { formatMoney } from '../../../lib/money';
import { brandAtom } from '../../../state/atoms';

export function Money({ amount }: { amount: string }) {
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  return <span className="money">{formatMoney(amount, symbol)}</span>;
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`status status-${status.toLowerCase()}`}>{t(`wallet.status.${status}`)}</span>;
}

export function Empty() {
  const { t } = useTranslation();
  return <p className="empty-state">{t('wallet.empty')}</p>;
}
