// What the mini-game pages share: a refusal in the section's own words, one change at a time, the marks a
// form's fields carry (its own checks' and the server's VALIDATION_ERROR fields), and how a time is shown.
import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { dateTime } from '../../lib/dates';
import { useChangeRunner } from '../components/ChangeRunner';
import { problemText } from '../i18n';
import en from '../locales/en.json';
import type { Problems } from '../miniGamesRules';
import { ConsoleError } from '../transport';

// A refusal as the staff member reads it: the section's words for the codes it knows, else the console's.
export function miniGamesProblem(t: TFunction, error: unknown): string {
  if (error instanceof ConsoleError && Object.prototype.hasOwnProperty.call(en.miniGames.errors, error.code)) {
    const value = error.value as { sum?: unknown } | null;
    return t(`miniGames.errors.${error.code}`, { sum: String(value?.sum ?? '') });
  }
  return problemText(t, error);
}

// A row someone else removed (404) or changed (409) meanwhile.
const isStale = (error: unknown) => error instanceof ConsoleError && (error.status === 404 || error.status === 409);

export function useMiniGameChange(reload: () => Promise<void>) {
  return useChangeRunner(reload, miniGamesProblem, isStale);
}

// The marks a form's fields carry, by wire field name.
export function useFieldProblems() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Problems>({});
  const problemOf = useCallback(
    (field: string) => {
      const found = shown[field];
      return found ? t(`miniGames.problems.${found.key}`, found.values) : null;
    },
    [shown, t],
  );
  const clear = useCallback((...fields: string[]) => {
    setShown((old) => {
      if (!fields.some((field) => field in old)) return old;
      const next = { ...old };
      for (const field of fields) delete next[field];
      return next;
    });
  }, []);
  return { shown, setShown, problemOf, clear };
}

// "2026-12-14 20:00:00 GMT+8" from epoch milliseconds.
export const when = (millis: number | null | undefined) =>
  millis === null || millis === undefined ? '—' : dateTime(new Date(millis).toISOString());
