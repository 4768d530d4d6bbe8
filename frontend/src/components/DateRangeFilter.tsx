import { useTranslation } from '../i18n/react';
import { type DayRange, previousDays, QUICK_PICKS } from '../lib/dates';

// A day range with its quick picks (SPEC §9): the member's record pages and the agent centre's team reports.
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
