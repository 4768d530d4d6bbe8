import { useState } from 'react';

import { SafeHtml } from '../../../components/SafeHtml';
import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import type { Message } from '../api';

interface MessageItemProps {
  message: Message;
  open: boolean;
  busy: boolean;
  onToggle: () => void;
  onDelete: () => void;
}

// One row of the inbox: the title line (unread ones bold, with a dot), and once opened the content, which
// staff wrote as HTML (sanitised by the server and again here), and the delete that asks first.
export function MessageItem({ message, open, busy, onToggle, onDelete }: MessageItemProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const contentId = `message-${message.id}`;
  return (
    <li className={message.read ? 'inbox-item' : 'inbox-item unread'} data-testid="inbox-item">
      <button type="button" className="inbox-head" aria-expanded={open} aria-controls={contentId} onClick={onToggle}>
        <span className="inbox-dot" aria-hidden="true" />
        {!message.read && <span className="visually-hidden">{t('messages.unreadMark')}</span>}
        <span className="inbox-title">{message.title}</span>
        <span className="inbox-kind">{t(`messages.kinds.${message.kind}`)}</span>
        <time className="inbox-time" dateTime={new Date(message.createdAt).toISOString()}>
          {dateTime(new Date(message.createdAt).toISOString())}
        </time>
      </button>
      {open && (
        <div className="inbox-body" id={contentId}>
          <SafeHtml html={message.content} className="rich-text" testId="message-content" />
          <div className="inbox-actions">
            {confirming ? (
              <>
                <span>{t('messages.deleteQuestion')}</span>
                <button type="button" className="button button-small inbox-delete" disabled={busy}
                  onClick={() => { setConfirming(false); onDelete(); }}>
                  {t('messages.delete')}
                </button>
                <button type="button" className="button button-ghost button-small" onClick={() => setConfirming(false)}>
                  {t('common.cancel')}
                </button>
              </>
            ) : (
              <button type="button" className="link-button" disabled={busy} onClick={() => setConfirming(true)}>
                {t('messages.delete')}
              </button>
            )}
          </div>
        </div>
      )}
    </li>
  );
}
