// A withdrawal or an upline payment refused because a bonus's turnover is still owed (TURNOVER_REQUIRED,
// value.outstanding: the turnover still needed, a decimal string): said with the amount, so the member
// knows how much more to play, and where to follow it (bonusDetails' wagering progress).
import type { TFunction } from 'i18next';

import { ApiError } from '../../api/client';
import { errorText } from '../../components/errorText';
import { formatMoney, parseCents } from '../../lib/money';

// The turnover still owed, when this is the refusal that says so; null for any other error.
export function outstandingTurnover(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'TURNOVER_REQUIRED') return null;
  const outstanding = (error.value as { outstanding?: unknown } | null)?.outstanding;
  return typeof outstanding === 'string' && parseCents(outstanding) !== null ? outstanding : null;
}

export function cashierErrorText(t: TFunction, error: unknown, symbol?: string): string {
  const outstanding = outstandingTurnover(error);
  if (outstanding !== null) return t('wallet.turnover.required', { outstanding: formatMoney(outstanding, symbol) });
  return errorText(t, error);
}

export const isTurnoverRefusal = (error: unknown) => error instanceof ApiError && error.code === 'TURNOVER_REQUIRED';
