import { type ChangeEvent, type KeyboardEvent, useId, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { checkImage, MAX_TEXT, TEXT_WARN_AT } from '../thread';

export interface ComposerProps {
  onSend: (text: string) => void;
  // Absent while there is no conversation yet: the first message is text.
  onImage?: (file: File) => void;
  onTyping?: () => void;
  disabled?: boolean;
  placeholder?: string;
}

// The player's input, pinned to the bottom: Enter sends, Shift+Enter starts a new line; a picture button
// (png or jpg, 5 MB at most, checked here before the server checks it again).
export function Composer({ onSend, onImage, onTyping, disabled = false, placeholder }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileId = useId();
  const counterId = useId();
  const canSend = !disabled && text.trim().length > 0 && text.length <= MAX_TEXT;

  const send = () => {
    if (!canSend) return;
    onSend(text);
    setText('');
    setProblem(null);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.target.value.slice(0, MAX_TEXT));
    if (event.target.value) onTyping?.();
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !onImage) return;
    const wrong = checkImage(file);
    if (wrong) {
      setProblem(t(`chat.errors.${wrong}`));
      return;
    }
    setProblem(null);
    onImage(file);
  };

  return (
    <form
      className="chat-composer"
      data-testid="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {problem && (
        <p className="chat-composer__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="chat-composer__row">
        {onImage && (
          <>
            <input
              id={fileId}
              className="visually-hidden"
              type="file"
              accept="image/png,image/jpeg"
              onChange={onFile}
              disabled={disabled}
              data-testid="chat-image-input"
            />
            <label htmlFor={fileId} className="chat-icon-button" title={t('chat.attach')} aria-disabled={disabled}>
              <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                <path d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01" />
              </svg>
              <span className="visually-hidden">{t('chat.attach')}</span>
            </label>
          </>
        )}
        <textarea
          ref={input}
          className="chat-composer__input"
          rows={1}
          value={text}
          maxLength={MAX_TEXT}
          placeholder={placeholder ?? t('chat.placeholder')}
          aria-label={t('chat.message')}
          aria-describedby={text.length >= TEXT_WARN_AT ? counterId : undefined}
          onChange={onChange}
          onKeyDown={onKeyDown}
          disabled={disabled}
          enterKeyHint="send"
          data-testid="chat-input"
        />
        <button type="submit" className="chat-send" disabled={!canSend} aria-label={t('chat.send')} data-testid="chat-send">
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M4 12 20 4l-6 16-3-7-7-1Z" />
          </svg>
        </button>
      </div>
      {text.length >= TEXT_WARN_AT && (
        <p id={counterId} className="chat-composer__counter" data-testid="chat-counter">
          {t('chat.counter', { count: text.length, max: MAX_TEXT })}
        </p>
      )}
    </form>
  );
}
