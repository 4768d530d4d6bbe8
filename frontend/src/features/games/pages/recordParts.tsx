import { useAtomValue } from 'jotai';

import { formatMoney } from '../../../lib/money';
import { brandAtom } from '../../../state/atoms';

// The pieces both record pages share: the date range with its quick picks (shared with the agent centre,
// so it lives in components/), and money cells.
export { DateRangeFilter } from '../../../components/DateRangeFilter';

export function MoneyCell({ amount, signed = false }: { amount: string; signed?: boolean }) {
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  const tone = !signed ? undefined : amount.trim().startsWith('-') ? 'negative' : /[1-9]/.test(amount) ? 'positive' : undefined;
  return (
    <td className={tone}>
      <span className="money">{formatMoney(amount, symbol)}</span>
    </td>
  );
}
