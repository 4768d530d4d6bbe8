// What every panel of the brand page shares: running a change and then reading the settings again, the
// failure shown in place, and a remove that asks first.
import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { isSessionProblem } from '../../api';
import { problemText } from '../../i18n';
import { ConsoleError } from '../../transport';

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

// One change at a time per panel: busy while it runs, its failure (if any) kept for the panel to show.
// Resolves true when the change went through (and the settings were read again). `own` (code -> i18n key)
// is a module constant of the panel's.
export function useChange(onChanged: () => Promise<void>, own: Partial<Record<string, string>> = NONE) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const run = useCallback(
    async (work: () => Promise<unknown>): Promise<boolean> => {
      setBusy(true);
      setProblem(null);
      try {
        await work();
      } catch (error) {
        if (!isSessionProblem(error)) setProblem(brandProblem(t, error, own));
        setBusy(false);
        return false;
      }
      try {
        await onChanged();
      } finally {
        setBusy(false);
      }
      return true;
    },
    [onChanged, t, own],
  );

  return { busy, problem, setProblem, run };
}

const NONE: Partial<Record<string, string>> = {};

// "Remove", then "Remove …? Confirm / Cancel": a removal the portal would show at once is asked twice.
export function ConfirmRemove({
  question,
  label,
  busy,
  onConfirm,
}: {
  question: string;
  label: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="cs-button secondary small" disabled={busy} aria-label={label} onClick={() => setAsking(true)}>
        {t('brand.remove')}
      </button>
    );
  }
  return (
    <span className="cs-confirm">
      <span>{question}</span>
      <button
        type="button"
        className="cs-button danger small"
        disabled={busy}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {t('brand.confirm')}
      </button>
      <button type="button" className="cs-button secondary small" onClick={() => setAsking(false)}>
        {t('brand.cancel')}
      </button>
    </span>
  );
}

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
        <ConfirmRemove busy={busy} label={removeLabel} question={question} onConfirm={onRemove} />
      </span>
    </td>
  );
}
