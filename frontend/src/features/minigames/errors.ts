// A mini-game call's error as the member reads it: the game's own words for its codes (a grab limit says
// the limit), else the shared errors.* translation (errorText).
import type { TFunction } from 'i18next';

import { ApiError } from '../../api/client';
import { errorText } from '../../components/errorText';

export function gameErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const limit = (error.value as { limit?: unknown } | null)?.limit;
    const own = t(`miniGames.errors.${error.code}`, { defaultValue: '', limit: typeof limit === 'number' ? limit : '' });
    if (own) return own;
  }
  return errorText(t, error);
}

export const errorCode = (error: unknown): string | null => (error instanceof ApiError ? error.code : null);

// GRAB_LIMIT's value: the member's limit.
export function errorLimit(error: unknown): number | null {
  const limit = error instanceof ApiError ? (error.value as { limit?: unknown } | null)?.limit : null;
  return typeof limit === 'number' ? limit : null;
}
