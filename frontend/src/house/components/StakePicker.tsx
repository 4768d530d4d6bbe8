import { useTranslation } from '../../i18n/react';
import { formatMoney } from '../../lib/money';

// A row of chips to choose a stake (or line bet) from the game's configured values.
export function StakePicker({ values, value, onChange, label, testIdPrefix, disabled }: {
  values: string[];
  value: string;
  onChange: (value: string) => void;
  label?: string;
  testIdPrefix: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="hs-stakes" role="radiogroup" aria-label={label ?? t('common.stake')}>
      <span className="hs-stakes__label">{label ?? t('common.stake')}</span>
      <div className="hs-stakes__chips">
        {values.map((amount, i) => (
          <button
            key={amount}
            type="button"
            role="radio"
            aria-checked={amount === value}
            className={`hs-chip hs-chip--${i % 5} ${amount === value ? 'is-active' : ''}`}
            data-testid={`${testIdPrefix}-${amount}`}
            disabled={disabled}
            onClick={() => onChange(amount)}
          >
            {formatMoney(amount)}
          </button>
        ))}
      </div>
    </div>
  );
}
