// What the launcher and its sheets share.
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';

import { formatMoney } from '../../lib/money';
import { brandAtom } from '../../state/atoms';

export type Opened = { kind: 'rain'; id: number } | { kind: 'game'; id: number };

// A phone gets sheets from the bottom; a wider screen a dialog.
export const PHONE = '(max-width: 767px)';

// Amounts with the brand's currency symbol: "P 1,234.50".
export function useMoney(): (amount: string) => string {
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  return useCallback((amount: string) => formatMoney(amount, symbol), [symbol]);
}
