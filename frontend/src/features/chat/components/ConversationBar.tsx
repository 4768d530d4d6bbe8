import { useState } from 'react';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import type { Conversation } from '../api';

// Under the brand's bar while a conversation is on: who answers (or the place in the queue), and
// "End chat" with a confirmation.
export function ConversationBar({ conversation, onClose }: { conversation: Conversation | null; onClose: () => Promise<void> }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const vip = conversation?.queue === 'VIP';
  let line: string;
  if (!conversation) line = t('chat.connecting');
  else if (conversation.queue === 'TICKET') line = t('chat.ticketWaiting');
  else if (conversation.status === 'WAITING') {
    line =
      conversation.position !== null ? t('chat.queuePosition', { n: conversation.position }) : t('chat.waiting');
  } else line = t('chat.with', { name: conversation.staff?.name ?? t('chat.agent') });

  const end = async () => {
    setBusy(true);
    setError(null);
    try {
      await onClose();
      setConfirming(false);
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  const open = conversation !== null && conversation.status !== 'CLOSED';
  return (
    <div className="chat-bar">
      <div className="chat-bar__row">
        {vip && <span className="chat-vip" data-testid="chat-vip">{t('chat.vip')}</span>}
        <p
          className="chat-bar__line"
          data-testid={conversation?.status === 'WAITING' && conversation.queue !== 'TICKET' ? 'chat-queue' : 'chat-state'}
          data-position={conversation?.position ?? undefined}
          aria-live="polite"
        >
          {line}
        </p>
        {open && !confirming && (
          <button type="button" className="chat-link chat-end" onClick={() => setConfirming(true)} data-testid="chat-end">
            {t('chat.end')}
          </button>
        )}
      </div>
      {open && confirming && (
        <div className="chat-confirm" role="alertdialog" aria-label={t('chat.endConfirm')}>
          <p>{t('chat.endConfirm')}</p>
          <div className="chat-confirm__buttons">
            <button type="button" className="button button-ghost" onClick={() => setConfirming(false)} disabled={busy}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button" onClick={() => void end()} disabled={busy} data-testid="chat-end-confirm">
              {t('chat.end')}
            </button>
          </div>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
