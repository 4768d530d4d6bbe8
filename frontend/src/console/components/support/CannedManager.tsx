// The canned replies, for a supervisor: each shortcut with its text, added, edited or deleted here (the
// agents insert them by typing /shortcut in the composer).
import { type FormEvent, useId, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { type Canned, createCanned, deleteCanned, TEXT_MAX, updateCanned } from '../../supportApi';
import { ConfirmAction, useChangeRunner } from '../ChangeRunner';
import { Problem } from '../Problem';
import { SHORTCUT_PATTERN, supportProblem } from './rules';

function CannedForm({
  initial,
  busy,
  onSave,
  onCancel,
}: {
  initial: { shortcut: string; text: string };
  busy: boolean;
  onSave: (value: { shortcut: string; text: string }) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [shortcut, setShortcut] = useState(initial.shortcut);
  const [text, setText] = useState(initial.text);
  const [wrong, setWrong] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = { shortcut: shortcut.trim().toLowerCase(), text: text.trim() };
    if (!SHORTCUT_PATTERN.test(value.shortcut) || !value.text) {
      setWrong(true);
      return;
    }
    onSave(value);
  };

  return (
    <form className="cs-support-canned-form" onSubmit={submit} noValidate>
      <div className={wrong ? 'cs-field has-problem' : 'cs-field'}>
        <label htmlFor={`${id}-shortcut`}>{t('support.canned.shortcut')}</label>
        <input id={`${id}-shortcut`} value={shortcut} maxLength={32} onChange={(event) => setShortcut(event.target.value)} />
      </div>
      <div className={wrong ? 'cs-field has-problem' : 'cs-field'}>
        <label htmlFor={`${id}-text`}>{t('support.canned.text')}</label>
        <textarea id={`${id}-text`} rows={3} value={text} maxLength={TEXT_MAX} onChange={(event) => setText(event.target.value)} />
        <p className={wrong ? 'cs-field-problem' : 'cs-field-hint'}>{t('support.canned.hint')}</p>
      </div>
      <div className="cs-actions">
        <button type="submit" className="cs-button primary small" disabled={busy}>
          {t('support.canned.save')}
        </button>
        {onCancel && (
          <button type="button" className="cs-button secondary small" onClick={onCancel}>
            {t('confirm.no')}
          </button>
        )}
      </div>
    </form>
  );
}

export function CannedManager({ list, reload }: { list: Canned[]; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const { busy, problem, run } = useChangeRunner(reload, supportProblem);
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  return (
    <div className="cs-support-canned" data-testid="canned-manager">
      <Problem>{problem}</Problem>
      {editing === 'new' ? (
        <CannedForm
          initial={{ shortcut: '', text: '' }}
          busy={busy}
          onCancel={() => setEditing(null)}
          onSave={(value) => void run(() => createCanned(value)).then((ok) => ok && setEditing(null))}
        />
      ) : (
        <button type="button" className="cs-button secondary small" onClick={() => setEditing('new')}>
          {t('support.canned.add')}
        </button>
      )}
      {list.length === 0 ? (
        <p className="cs-muted">{t('support.canned.empty')}</p>
      ) : (
        <ul className="cs-support-canned-list">
          {list.map((item) => (
            <li key={item.id} data-canned={item.id}>
              {editing === item.id ? (
                <CannedForm
                  initial={item}
                  busy={busy}
                  onCancel={() => setEditing(null)}
                  onSave={(value) => void run(() => updateCanned(item.id, value)).then((ok) => ok && setEditing(null))}
                />
              ) : (
                <>
                  <p>
                    <code>/{item.shortcut}</code> <span className="cs-support-canned-text">{item.text}</span>
                  </p>
                  <span className="cs-actions">
                    <button
                      type="button"
                      className="cs-button secondary small"
                      aria-label={t('support.canned.editLabel', { shortcut: item.shortcut })}
                      onClick={() => setEditing(item.id)}
                    >
                      {t('support.canned.edit')}
                    </button>
                    <ConfirmAction
                      action={t('support.canned.delete')}
                      label={t('support.canned.deleteLabel', { shortcut: item.shortcut })}
                      question={t('support.canned.deleteQuestion', { shortcut: item.shortcut })}
                      busy={busy}
                      onConfirm={() => void run(() => deleteCanned(item.id))}
                    />
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
