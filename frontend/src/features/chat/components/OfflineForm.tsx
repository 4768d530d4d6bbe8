import { type FormEvent, useId, useState } from 'react';

import { FormField } from '../../../components/FormField';
import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import type { ChatStatus } from '../api';
import { isEmail, MAX_TEXT } from '../thread';

export interface OfflineFormProps {
  hours: ChatStatus['hours'];
  member: boolean;
  draft: string;
  onSend: (form: { name?: string; email?: string; text: string }) => Promise<void>;
}

type Problems = Partial<Record<'name' | 'email' | 'text', string>>;

// No agent at the desk: the hours, and a message the staff answer later (a visitor leaves a name and an
// email to be answered at; a member is known).
export function OfflineForm({ hours, member, draft, onSend }: OfflineFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [text, setText] = useState(draft);
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const textId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (!member && !name.trim()) found.name = 'chat.offline.nameRequired';
    if (!member && !email.trim()) found.email = 'chat.offline.emailRequired';
    else if (email.trim() && !isEmail(email)) found.email = 'chat.offline.emailInvalid';
    if (!text.trim()) found.text = 'chat.offline.textRequired';
    setProblems(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setError(null);
    try {
      await onSend(member ? { text: text.trim() } : { name: name.trim(), email: email.trim(), text: text.trim() });
    } catch (e) {
      setError(errorText(t, e));
      setBusy(false);
    }
  };

  return (
    <section className="chat-panel chat-offline" data-testid="chat-offline">
      <h2>{t('chat.offline.title')}</h2>
      {hours && (
        <p className="muted" data-testid="chat-hours">
          {t('chat.offline.hours', { opens: hours.opens, closes: hours.closes, timeZone: hours.timeZone })}
        </p>
      )}
      <p>{member ? t('chat.offline.introMember') : t('chat.offline.intro')}</p>
      <form className="chat-form" onSubmit={submit} noValidate data-testid="chat-offline-form">
        {!member && (
          <>
            <FormField
              label={t('chat.offline.name')}
              value={name}
              onValue={setName}
              maxLength={64}
              autoComplete="name"
              problem={problems.name ? { key: problems.name } : null}
              data-testid="chat-offline-name"
            />
            <FormField
              label={t('chat.offline.email')}
              type="email"
              value={email}
              onValue={setEmail}
              maxLength={254}
              autoComplete="email"
              inputMode="email"
              problem={problems.email ? { key: problems.email } : null}
              data-testid="chat-offline-email"
            />
          </>
        )}
        <div className={problems.text ? 'form-field has-error' : 'form-field'}>
          <label htmlFor={textId}>{t('chat.offline.text')}</label>
          <textarea
            id={textId}
            className="chat-form__textarea"
            value={text}
            rows={5}
            maxLength={MAX_TEXT}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={problems.text ? true : undefined}
            data-testid="chat-offline-text"
          />
          {problems.text && (
            <p className="form-error" role="alert">
              {t(problems.text)}
            </p>
          )}
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={busy} data-testid="chat-offline-submit">
          {t('chat.offline.send')}
        </button>
      </form>
    </section>
  );
}
