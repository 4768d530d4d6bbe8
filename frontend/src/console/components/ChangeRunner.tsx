// What a console panel that changes something shares: one change at a time with its failure kept in the
// panel's own words, and a removal asked twice.
import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { isSessionProblem } from '../api';

// A refusal as the staff member reads it, in the panel's own words where it has some.
export type Describe = (t: TFunction, error: unknown) => string;

// Busy while a change runs, its failure (if any) kept for the panel to show; after a change that went
// through the panel's data is read again, and the run resolves true. `describe` and `reloadAfter` are
// module constants (or memoised): they are dependencies of `run`. `reloadAfter` says which failures leave
// the data stale (a row someone else removed), so that it is read again then too.
export function useChangeRunner(
  reload: () => Promise<void>,
  describe: Describe,
  reloadAfter?: (error: unknown) => boolean,
) {
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
        if (!isSessionProblem(error)) setProblem(describe(t, error));
        if (reloadAfter?.(error)) await reload().catch(() => undefined);
        setBusy(false);
        return false;
      }
      try {
        await reload();
      } finally {
        setBusy(false);
      }
      return true;
    },
    [reload, describe, reloadAfter, t],
  );

  return { busy, problem, setProblem, run };
}

// "<action>", then "<question> Confirm / Cancel": a removal the portal would show at once is asked twice.
export function ConfirmAction({
  action,
  label,
  question,
  busy,
  onConfirm,
}: {
  action: string; // the button's text ("Remove", "Delete")
  label: string; // its accessible name, naming what it removes
  question: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="cs-button secondary small" disabled={busy} aria-label={label} onClick={() => setAsking(true)}>
        {action}
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
        {t('confirm.yes')}
      </button>
      <button type="button" className="cs-button secondary small" onClick={() => setAsking(false)}>
        {t('confirm.no')}
      </button>
    </span>
  );
}
