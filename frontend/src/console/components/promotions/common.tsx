// What the promotions panels share: a refusal in the section's own words, a change that then reads the list
// again, a promotion's state badge, a labelled choice, and the cost per member said in words.
import type { TFunction } from 'i18next';
import { useId } from 'react';

import { useTranslation } from '../../../i18n/react';
import { formatMoney } from '../../../lib/money';
import { problemText } from '../../i18n';
import type { PromotionKind, PromotionState, ReloadPeriod } from '../../promotionsApi';
import { ConsoleError } from '../../transport';
import { useChangeRunner } from '../ChangeRunner';
import { isStale, promotionCode } from './rules';

// A refusal as the staff member reads it: the section's words for the codes it knows, else the console's.
export function promotionProblem(t: TFunction, error: unknown): string {
  const code = promotionCode(error);
  if (!code) return problemText(t, error);
  const value = error instanceof ConsoleError ? (error.value as { languages?: unknown } | null) : null;
  const languages = Array.isArray(value?.languages) ? value.languages.join(', ') : '';
  return t(`promotions.errors.${code}`, { languages });
}

// One change at a time (see useChangeRunner); a promotion someone else removed or ended meanwhile reads the
// list again.
export function useChange(reload: () => Promise<void>) {
  return useChangeRunner(reload, promotionProblem, isStale);
}

export function StateBadge({ state }: { state: PromotionState }) {
  const { t } = useTranslation();
  return (
    <span className={`cs-badge cs-promo-state is-${state.toLowerCase()}`} data-state={state}>
      {t(`promotions.states.${state}`)}
    </span>
  );
}

// A labelled <select>, with its hint or what is wrong with it under it.
export function Choice<T extends string>({
  label,
  value,
  options,
  name,
  onPick,
  hint,
  problem,
  disabled,
}: {
  label: string;
  value: T;
  options: readonly T[];
  name: (option: T) => string;
  onPick: (value: T) => void;
  hint?: string;
  problem?: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const message = problem || hint;
  return (
    <div className={problem ? 'cs-field has-problem' : 'cs-field'}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        onChange={(event) => onPick(event.target.value as T)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {name(option)}
          </option>
        ))}
      </select>
      {message && (
        <p id={`${id}-message`} className={problem ? 'cs-field-problem' : 'cs-field-hint'}>
          {message}
        </p>
      )}
    </div>
  );
}

// "At most 100.00 per member", "… per member per week", "… per member per streak (…: 7)", a turnover tier's
// "… per member per week: the highest tier's reward" and a loss rebate's "… per member per week: the cap".
export function costText(
  t: TFunction,
  kind: PromotionKind,
  amount: string,
  period: ReloadPeriod | '' | null | undefined,
  days: number,
): string {
  const money = formatMoney(amount);
  if (kind === 'TURNOVER_TIERS' || kind === 'LOSS_REBATE') {
    // A new one's period may not be chosen yet: "per period".
    const unit = t(`promotions.periodUnits.${period || 'ANY'}`);
    return t(`promotions.cost.${kind}`, { amount: money, period: unit });
  }
  if (kind === 'RELOAD' && period) {
    return t('promotions.cost.RELOAD', { amount: money, period: t(`promotions.periodUnits.${period}`) });
  }
  if (kind === 'CHECKIN') return t('promotions.cost.CHECKIN', { amount: money, days: String(days) });
  if (kind === 'MISSION') return t(period ? 'promotions.cost.MISSION' : 'promotions.cost.MISSION_ONCE', { amount: money, period: period ? t(`promotions.periodUnits.${period}`) : '' });
  return t('promotions.cost.once', { amount: money });
}
