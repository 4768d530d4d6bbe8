// The small dialog every cashier action passes through: what is about to happen to which order, and the
// reason, which the audit log keeps with the decision. Escape or Cancel leaves it without sending.
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { NOTE_MAX } from '../../cashierApi';
import { Problem } from '../Problem';

export interface Asking {
  orderNo: string;
  action: string; // a key under cashier.actions
  member: string;
  amount: string;
}

interface Props {
  asking: Asking;
  busy: boolean;
  problem: string | null;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}

export function ActionDialog({ asking, busy, problem, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  // Focus the reason; give focus back to what opened the dialog once it closes.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    field.current?.focus();
    return () => opener?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const reason = note.trim();
    if (!reason) {
      setMissing(true);
      field.current?.focus();
      return;
    }
    onConfirm(reason);
  };

  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      onCancel();
    }
  };

  const action = t(`cashier.actions.${asking.action}`);
  return (
    <div className="cs-cashier-backdrop">
      <form
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className="cs-cashier-dialog"
        onSubmit={submit}
        onKeyDown={keys}
        noValidate
      >
        <h2 id={`${id}-title`}>{t('cashier.dialog.title', { action, orderNo: asking.orderNo })}</h2>
        <p className="cs-muted">{t('cashier.dialog.summary', { member: asking.member, amount: asking.amount })}</p>
        <div className={missing ? 'cs-field has-problem' : 'cs-field'}>
          <label htmlFor={`${id}-note`}>{t('cashier.dialog.reason')}</label>
          <textarea
            id={`${id}-note`}
            ref={field}
            rows={3}
            value={note}
            maxLength={NOTE_MAX}
            aria-invalid={missing || undefined}
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              setNote(event.target.value);
              setMissing(false);
            }}
          />
          <p id={`${id}-hint`} className={missing ? 'cs-field-problem' : 'cs-field-hint'}>
            {missing
              ? t('cashier.dialog.reasonRequired')
              : t('cashier.dialog.reasonHint', { left: String(NOTE_MAX - note.length) })}
          </p>
        </div>
        <Problem>{problem}</Problem>
        <div className="cs-actions">
          <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
            {action}
          </button>
          <button type="button" className="cs-button secondary" onClick={onCancel} disabled={busy}>
            {t('cashier.dialog.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
