import { formatMoney } from '../../lib/money';

// An amount as players read it ("1,234.50"); data-amount keeps the plain decimal for machines.
export function Amount({ value, currency, testId, className }: {
  value: string;
  currency?: string;
  testId?: string;
  className?: string;
}) {
  return (
    <span className={`hs-amount ${className ?? ''}`}>
      {currency ? <span className="hs-amount__ccy">{currency}</span> : null}
      <span className="hs-amount__value" data-testid={testId} data-amount={value}>
        {formatMoney(value)}
      </span>
    </span>
  );
}
