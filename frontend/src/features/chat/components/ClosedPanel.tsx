import { type FormEvent, useId, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import type { Conversation } from '../api';
import { isEmail } from '../thread';

export interface ClosedPanelProps {
  conversation: Conversation;
  justRated: boolean;
  email: string;
  onRate: (score: number, comment: string) => Promise<void>;
  onTranscript: (email: string) => Promise<void>;
  onNew: () => void;
}

function Rating({ onRate }: { onRate: ClosedPanelProps['onRate'] }) {
  const { t } = useTranslation();
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const commentId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!score) return;
    setBusy(true);
    setError(null);
    try {
      await onRate(score, comment);
    } catch (e) {
      setError(errorText(t, e));
      setBusy(false);
    }
  };
  return (
    <form className="chat-form" onSubmit={submit} data-testid="chat-rating">
      <fieldset className="chat-stars">
        <legend>{t('chat.closed.rate')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            className={n <= score ? 'chat-star is-on' : 'chat-star'}
            aria-pressed={n === score}
            aria-label={t('chat.closed.stars', { count: n })}
            onClick={() => setScore(n)}
            data-testid={`chat-star-${n}`}
          >
            ★
          </button>
        ))}
      </fieldset>
      <label htmlFor={commentId} className="visually-hidden">
        {t('chat.closed.comment')}
      </label>
      <textarea
        id={commentId}
        className="chat-form__textarea"
        rows={2}
        maxLength={500}
        value={comment}
        placeholder={t('chat.closed.comment')}
        onChange={(event) => setComment(event.target.value)}
        data-testid="chat-rating-comment"
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={!score || busy} data-testid="chat-rating-submit">
        {t('chat.closed.sendRating')}
      </button>
    </form>
  );
}

function Transcript({ email: known, onTranscript }: { email: string; onTranscript: ClosedPanelProps['onTranscript'] }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(known);
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isEmail(email)) {
      setError(t('chat.offline.emailInvalid'));
      return;
    }
    setState('busy');
    setError(null);
    try {
      await onTranscript(email);
      setState('sent');
    } catch (e) {
      setError(errorText(t, e));
      setState('idle');
    }
  };
  if (state === 'sent') return <p className="chat-done" role="status">{t('chat.closed.transcriptSent', { email })}</p>;
  return (
    <form className="chat-form chat-transcript" onSubmit={submit} noValidate data-testid="chat-transcript">
      <label htmlFor={id}>{t('chat.closed.transcript')}</label>
      <div className="chat-transcript__row">
        <input
          id={id}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          maxLength={254}
          placeholder={t('chat.offline.email')}
          onChange={(event) => setEmail(event.target.value)}
          data-testid="chat-transcript-email"
        />
        <button type="submit" className="button button-ghost" disabled={state === 'busy'} data-testid="chat-transcript-submit">
          {t('chat.closed.sendTranscript')}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

// The end of a conversation: the rating (once), the transcript by email, and a new conversation.
export function ClosedPanel({ conversation, justRated, email, onRate, onTranscript, onNew }: ClosedPanelProps) {
  const { t } = useTranslation();
  return (
    <section className="chat-panel chat-closed" data-testid="chat-closed">
      <h2>{t('chat.closed.title')}</h2>
      {conversation.rating === null ? (
        <Rating onRate={onRate} />
      ) : (
        justRated && (
          <p className="chat-done" role="status">
            {t('chat.closed.thanks')}
          </p>
        )
      )}
      <Transcript email={email} onTranscript={onTranscript} />
      <button type="button" className="button" onClick={onNew} data-testid="chat-new">
        {t('chat.closed.new')}
      </button>
    </section>
  );
}
