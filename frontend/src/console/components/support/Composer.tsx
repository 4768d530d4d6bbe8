// Where an agent writes: Enter sends (Shift+Enter starts a new line), a picture can be attached, the
// "private note" switch turns the words into a note the player never sees. Typing "/" opens the canned
// replies whose shortcut starts with what follows; Tab or Enter puts the chosen one's text in the draft.
// While the agent types, the player hears "typing" (at most every few seconds, and its end).
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { type Canned, IMAGE_MAX, TEXT_MAX } from '../../supportApi';
import { cannedMatches, cannedQuery, TYPING_SENT_MS } from './rules';

export function Composer({
  draft,
  onDraft,
  note,
  onNote,
  canned,
  onSend,
  onImage,
  onTyping,
  busy,
}: {
  draft: string;
  onDraft: (text: string) => void;
  note: boolean;
  onNote: (note: boolean) => void;
  canned: readonly Canned[];
  onSend: (text: string, note: boolean) => void;
  onImage: (file: File) => void;
  onTyping: (typing: boolean) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [picked, setPicked] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const lastTyping = useRef(0);
  const stopTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const query = cannedQuery(draft);
  const matches = query === null || draft === dismissed ? [] : cannedMatches(canned, query);
  const open = matches.length > 0;
  const current = open ? Math.min(picked, matches.length - 1) : 0;

  const stopTyping = () => {
    if (stopTimer.current) clearTimeout(stopTimer.current);
    stopTimer.current = null;
    if (lastTyping.current !== 0) {
      lastTyping.current = 0;
      onTyping(false);
    }
  };

  useEffect(
    () => () => {
      if (stopTimer.current) clearTimeout(stopTimer.current);
    },
    [],
  );

  const typed = (text: string) => {
    onDraft(text);
    setPicked(0);
    if (note || !text) {
      stopTyping();
      return;
    }
    const now = Date.now();
    if (now - lastTyping.current > TYPING_SENT_MS) {
      lastTyping.current = now;
      onTyping(true);
    }
    if (stopTimer.current) clearTimeout(stopTimer.current);
    stopTimer.current = setTimeout(stopTyping, TYPING_SENT_MS);
  };

  const insert = (item: Canned) => {
    onDraft(item.text);
    setPicked(0);
  };

  const send = () => {
    const text = draft.trim();
    if (!text || busy) return;
    stopTyping();
    onSend(text, note);
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : matches.length - 1;
        setPicked((current + step) % matches.length);
        return;
      }
      if (event.key === 'Tab' || (event.key === 'Enter' && !event.shiftKey)) {
        event.preventDefault();
        insert(matches[current]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(draft);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const attach = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > IMAGE_MAX) {
      setImageProblem(t('support.errors.CHAT_IMAGE_TOO_LARGE'));
      return;
    }
    setImageProblem(null);
    onImage(file);
  };

  return (
    <div className={note ? 'cs-support-composer is-note' : 'cs-support-composer'}>
      {open && (
        <ul className="cs-support-canned-pick" role="listbox" id={`${id}-canned`} aria-label={t('support.canned.title')} data-testid="canned-list">
          {matches.map((item, index) => (
            <li
              key={item.id}
              role="option"
              id={`${id}-canned-${item.id}`}
              aria-selected={index === current}
              className={index === current ? 'is-picked' : undefined}
              onMouseDown={(event) => {
                event.preventDefault();
                insert(item);
              }}
            >
              <code>/{item.shortcut}</code> <span>{item.text}</span>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {note ? t('support.composer.noteLabel') : t('support.composer.label')}
      </label>
      <textarea
        id={`${id}-text`}
        data-testid="composer"
        rows={2}
        value={draft}
        maxLength={TEXT_MAX}
        placeholder={note ? t('support.composer.notePlaceholder') : t('support.composer.placeholder')}
        aria-controls={open ? `${id}-canned` : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${id}-canned-${matches[current]!.id}` : undefined}
        onChange={(event) => typed(event.target.value)}
        onKeyDown={keyDown}
        onBlur={stopTyping}
      />
      {imageProblem && (
        <p className="cs-problem" role="alert">
          {imageProblem}
        </p>
      )}
      <div className="cs-support-composer-tools">
        <label className="cs-support-note-toggle">
          <input type="checkbox" data-testid="note-toggle" checked={note} onChange={(event) => onNote(event.target.checked)} />
          {t('support.composer.note')}
        </label>
        <label className="cs-button secondary small cs-support-attach">
          {t('support.composer.image')}
          <input
            type="file"
            accept="image/png,image/jpeg"
            data-testid="image-input"
            className="visually-hidden"
            disabled={note}
            onChange={attach}
          />
        </label>
        <button type="button" className="cs-button primary small" data-testid="send" disabled={busy || !draft.trim()} onClick={send}>
          {note ? t('support.composer.addNote') : t('support.composer.send')}
        </button>
      </div>
    </div>
  );
}
