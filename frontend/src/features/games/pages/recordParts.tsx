import { useAtomValue } from 'jotai';

import { useTranslation } from '../../../i18n/react';
import { type DayRange, previousDays, QUICK_PICKS } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { brandAtom } from '../../../state/atoms';

// The pieces both record pages share: the date range with its quick picks, and money cells.

export function DateRangeFilter({ range, onChange }: { range: DayRange; onChange: (range: DayRange) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <label className="date-field">
        <span>{t('records.from')}</span>
        <input type="date" value={range.startDate} max={range.endDate} data-testid="range-start"
          onChange={(e) => e.target.value && onChange({ ...range, startDate: e.target.value })} />
      </label>
      <label className="date-field">
        <span>{t('records.to')}</span>
        <input type="date" value={range.endDate} min={range.startDate} data-testid="range-end"
          onChange={(e) => e.target.value && onChange({ ...range, endDate: e.target.value })} />
      </label>
      {QUICK_PICKS.map(([key, days]) => {
        const pick = previousDays(days);
        const on = pick.startDate === range.startDate && pick.endDate === range.endDate;
        return (
          <button key={key} type="button" className={on ? 'chip on' : 'chip'} aria-pressed={on}
            data-testid={`pick-${key}`} onClick={() => onChange(pick)}>
            {t(`records.${key}`)}
          </button>
        );
      })}
    </>
  );
}

export function MoneyCell({ amount, signed = false }: { amount: string; signed?: boolean }) {
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  const tone = !signed ? undefined : amount.trim().startsWith('-') ? 'negative' : /[1-9]/.test(amount) ? 'positive' : undefined;
  return (
    <td className={tone}>
      <span className="money">{formatMoney(amount, symbol)}</span>
    </td>
  );
}
