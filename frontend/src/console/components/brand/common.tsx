// What every panel of the brand page shares: running a change and then reading the settings again, the
// failure shown in the brand's words, and a row's edit and remove.
import type { TFunction } from 'i18next';
import { useCallback } from 'react';

import { useTranslation } from '../../../i18n/react';
import { problemText } from '../../i18n';
import { ConsoleError } from '../../transport';
import { ConfirmAction, type Describe, useChangeRunner } from '../ChangeRunner';

export interface PanelProps {
  write: boolean;
  // Reads the settings again (after a change): the page shows what the server stored.
  onChanged: () => Promise<void>;
}

// A refusal as the staff member reads it; the codes a panel knows more about get the panel's own words.
export function brandProblem(t: TFunction, error: unknown, own: Partial<Record<string, string>> = {}): string {
  const key = error instanceof ConsoleError ? own[error.code] : undefined;
  return key ? t(key) : problemText(t, error);
}

// One change at a time per panel (see useChangeRunner). `own` (code -> i18n key) is a module constant of
// the panel's.
export function useChange(onChanged: () => Promise<void>, own: Partial<Record<string, string>> = NONE) {
  const describe = useCallback<Describe>((t, error) => brandProblem(t, error, own), [own]);
  return useChangeRunner(onChanged, describe);
}

const NONE: Partial<Record<string, string>> = {};

// A row's "Edit" and "Remove" (asked twice), each named for the row it acts on.
export function RowActions({
  busy,
  editLabel,
  removeLabel,
  question,
  onEdit,
  onRemove,
}: {
  busy: boolean;
  editLabel: string;
  removeLabel: string;
  question: string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <td data-label={t('brand.actions')} className="cs-row-actions">
      <span className="cs-buttons">
        <button type="button" className="cs-button secondary small" disabled={busy} aria-label={editLabel} onClick={onEdit}>
          {t('brand.edit')}
        </button>
        <ConfirmAction action={t('brand.remove')} busy={busy} label={removeLabel} question={question} onConfirm={onRemove} />
      </span>
    </td>
  );
}
