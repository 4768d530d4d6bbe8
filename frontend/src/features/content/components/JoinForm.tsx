import { type FormEvent, useId, useState } from 'react';

import { ApiError } from '../../../api/client';
import { errorText } from '../../../components/errorText';
import { FormField } from '../../../components/FormField';
import { useTranslation } from '../../../i18n/react';
import { CONTACT_TYPES, contentApi, JOIN_KINDS } from '../api';
import '../content.css';
import { CONTACT_MAX, EMPTY_JOIN, type JoinDraft, joinProblems, type JoinProblems, MESSAGE_MAX, NAME_MAX, toApplication } from '../joinForm';

type Sending = { phase: 'idle' } | { phase: 'sending' } | { phase: 'sent'; id: number } | { phase: 'failed'; error: unknown };

// The /join application (SPEC §2.1): an affiliate or agent asks to be contacted; staff read it in the
// console. Checked here as the server checks it; the server's refusals are shown by their codes.
export function JoinForm() {
  const { t } = useTranslation();
  const ids = useId();
  const [draft, setDraft] = useState<JoinDraft>(EMPTY_JOIN);
  const [problems, setProblems] = useState<JoinProblems>({});
  const [sending, setSending] = useState<Sending>({ phase: 'idle' });
  const set = (field: keyof JoinDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.phase === 'sending') return;
    const found = joinProblems(draft);
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    setSending({ phase: 'sending' });
    try {
      const { id } = await contentApi.applyJoin(toApplication(draft));
      setSending({ phase: 'sent', id });
    } catch (error) {
      setSending({ phase: 'failed', error });
    }
  };

  if (sending.phase === 'sent') {
    return (
      <div className="card join-done" role="status" data-testid="join-done">
        <h2>{t('join.sentTitle')}</h2>
        <p>{t('join.sentText')}</p>
        <button
          type="button"
          className="button button-ghost"
          onClick={() => {
            setDraft(EMPTY_JOIN);
            setSending({ phase: 'idle' });
          }}
        >
          {t('join.another')}
        </button>
      </div>
    );
  }

  const failure =
    sending.phase === 'failed'
      ? sending.error instanceof ApiError && sending.error.status === 429
        ? t('join.tooMany')
        : errorText(t, sending.error)
      : null;
  const messageProblem = problems.message;
  return (
    <form className="card join-form" onSubmit={submit} noValidate data-testid="join-form">
      <fieldset className="join-kinds">
        <legend>{t('join.kindLabel')}</legend>
        {JOIN_KINDS.map((kind) => (
          <label key={kind} className={draft.kind === kind ? 'join-kind active' : 'join-kind'}>
            <input
              type="radio"
              name={`${ids}-kind`}
              value={kind}
              checked={draft.kind === kind}
              onChange={() => set('kind')(kind)}
            />
            <span>
              <strong>{t(`join.kinds.${kind}`)}</strong>
              <small className="muted">{t(`join.kindHints.${kind}`)}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <FormField
        label={t('join.name')}
        value={draft.name}
        onValue={set('name')}
        problem={problems.name}
        maxLength={NAME_MAX}
        autoComplete="name"
        required
      />
      <div className={problems.contactType ? 'form-field has-error' : 'form-field'}>
        <label htmlFor={`${ids}-type`}>{t('join.contactType')}</label>
        <select id={`${ids}-type`} value={draft.contactType} onChange={(event) => set('contactType')(event.target.value)}>
          {CONTACT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`join.contactTypes.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <FormField
        label={t('join.contact')}
        value={draft.contact}
        onValue={set('contact')}
        problem={problems.contact}
        maxLength={CONTACT_MAX}
        type={draft.contactType === 'EMAIL' ? 'email' : draft.contactType === 'MOBILE' ? 'tel' : 'text'}
        inputMode={draft.contactType === 'MOBILE' ? 'tel' : undefined}
        placeholder={t(`join.contactPlaceholders.${draft.contactType}`)}
        required
      />
      <div className={messageProblem ? 'form-field has-error' : 'form-field'}>
        <label htmlFor={`${ids}-message`}>{t('join.message')}</label>
        <textarea
          id={`${ids}-message`}
          value={draft.message}
          rows={4}
          maxLength={MESSAGE_MAX}
          aria-invalid={messageProblem ? true : undefined}
          aria-describedby={`${ids}-message-hint`}
          onChange={(event) => set('message')(event.target.value)}
        />
        <p id={`${ids}-message-hint`} className={messageProblem ? 'form-error' : 'form-hint'}>
          {messageProblem
            ? t(messageProblem.key, messageProblem.values)
            : t('join.messageCount', { length: draft.message.length, max: MESSAGE_MAX })}
        </p>
      </div>
      {failure && (
        <p className="form-error" role="alert" data-testid="join-error">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={sending.phase === 'sending'}>
          {sending.phase === 'sending' ? t('join.sending') : t('join.submit')}
        </button>
      </div>
    </form>
  );
}
