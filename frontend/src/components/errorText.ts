import type { TFunction } from 'i18next';

import { ApiError } from '../api/client';
import { brandAtom } from '../state/atoms';
import { store } from '../state/store';

// The value's names that make a refusal's string interpolate it (player protection's limits and exclusions:
// {{left}} of a {{period}}, {{until}}, {{endsAt}}); other codes' strings are plain.
const INTERPOLATED = ['left', 'period', 'until', 'endsAt'];
const TIMES = new Set(['until', 'endsAt', 'effectiveAt']);
const MONEY = new Set(['left', 'limit', 'amount', 'withdrawable']);

// Written here as lib/dates and lib/money write them ("2026-12-01 07:00:00 GMT+7", "P 1,234.50"), not imported:
// each is a chunk of its own, which every page showing an error would then list among its first page's files.
const pad = (n: number) => String(n).padStart(2, '0');
function when(ms: number): string {
  const d = new Date(ms);
  const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'shortOffset' }).formatToParts(d).find((part) => part.type === 'timeZoneName');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${zone?.value ?? ''}`;
}
const money = (amount: string, symbol = 'P') => `${symbol} ${amount.replace(/^\d+/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','))}`;

// A refusal's value as its string reads it: a period in words, a time (milliseconds) as the viewer's date and
// time, money with the brand's symbol. A null `until` (permanent) picks the string's `_permanent` variant.
function interpolation(t: TFunction, value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object' || !INTERPOLATED.some((name) => name in value)) return {};
  const symbol = store.get(brandAtom)?.currencySymbol;
  const replace: Record<string, string> = {};
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
    if (name === 'period' && typeof item === 'string') replace[name] = t(`errors.periods.${item}`, { defaultValue: item });
    else if (TIMES.has(name) && typeof item === 'number') replace[name] = when(item);
    else if (MONEY.has(name) && typeof item === 'string') replace[name] = money(item, symbol);
    else if (typeof item === 'string' || typeof item === 'number') replace[name] = String(item);
  }
  const permanent = 'until' in value && (value as { until: unknown }).until === null;
  return permanent ? { replace, context: 'permanent' } : { replace };
}

// An error as the player reads it: the translation of its stable code, else the server's own message.
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const key = `errors.${error.code}`;
    const translated = t(key, { defaultValue: '', ...interpolation(t, error.value) });
    if (translated) return translated;
    return error.message || t('errors.NETWORK_ERROR');
  }
  return t('errors.NETWORK_ERROR');
}
