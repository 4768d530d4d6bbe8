// Protection's figures in words: money with the brand's symbol, times to the second with the zone named.
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';

import { dateTime } from '../../lib/dates';
import { formatMoney, parseCents } from '../../lib/money';
import { brandAtom } from '../../state/atoms';

export function useMoney(): (amount: string) => string {
  const symbol = useAtomValue(brandAtom)?.currencySymbol ?? 'P';
  return useCallback((amount: string) => formatMoney(amount, symbol), [symbol]);
}

export function moment(ms: number | null | undefined): string {
  if (ms == null) return '';
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? '' : dateTime(date.toISOString());
}

// Whether an amount the server sent is more than nothing.
export const positive = (amount: string | null | undefined): boolean => amount != null && (parseCents(amount) ?? 0n) > 0n;
