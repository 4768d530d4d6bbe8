// Loyalty's figures in words: money with the brand's symbol, times to the second with the zone named,
// progress counted in cents (never a float holding money).
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';

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

// Whole percent (0..100) of `have` towards `need`; a need of nothing is met.
export function percentOf(have: string, need: string): number {
  const needed = parseCents(need) ?? 0n;
  if (needed <= 0n) return 100;
  const percent = ((parseCents(have) ?? 0n) * 100n) / needed;
  return Number(percent > 100n ? 100n : percent < 0n ? 0n : percent);
}

export const points = (n: number) => n.toLocaleString('en-US');

type Load<T> = { phase: 'loading' } | { phase: 'ready'; value: T } | { phase: 'failed'; error: unknown };

// One read of a page's data, again whenever one of `keys` changes (a reload counter, the language).
export function useLoad<T>(read: (signal: AbortSignal) => Promise<T>, keys: unknown[]): Load<T> {
  const [state, setState] = useState<Load<T>>({ phase: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    read(abort.signal).then(
      (value) => setState({ phase: 'ready', value }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ phase: 'failed', error });
      },
    );
    return () => abort.abort();
    // `read` is a fresh function on each render; `keys` name what it reads.
  }, keys);
  return state;
}
