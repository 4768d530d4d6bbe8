import type { TFunction } from 'i18next';

import { ApiError } from '../api/client';

// An error as the player reads it: the translation of its stable code, else the server's own message.
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const key = `errors.${error.code}`;
    const translated = t(key, { defaultValue: '' });
    if (translated) return translated;
    return error.message || t('errors.NETWORK_ERROR');
  }
  return t('errors.NETWORK_ERROR');
}
