import { useTranslation } from '../../../i18n/react';
import type { PointsBalance } from '../api';
import { points, useMoney } from '../format';

// The member's points at a glance (SPEC §3 Points): current, changed today, what they are worth, the ratio.
export function PointsSummary({ balance }: { balance: PointsBalance }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <dl className="points-summary" data-testid="points-summary">
      <div>
        <dt>{t('loyalty.points.current')}</dt>
        <dd className="points-current" data-testid="points-current">{points(balance.current)}</dd>
      </div>
      <div>
        <dt>{t('loyalty.points.changed')}</dt>
        <dd>{balance.changed > 0 ? `+${points(balance.changed)}` : points(balance.changed)}</dd>
      </div>
      <div>
        <dt>{t('loyalty.points.worth')}</dt>
        <dd>{money(balance.balance)}</dd>
      </div>
      <div>
        <dt>{t('loyalty.points.ratioLabel')}</dt>
        <dd>{t('loyalty.points.ratio', { points: points(balance.ratio), amount: money('1.00') })}</dd>
      </div>
    </dl>
  );
}
