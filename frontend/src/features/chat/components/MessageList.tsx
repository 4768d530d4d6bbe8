import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

import { useFileUrl } from '../../../api/files';
import { useTranslation } from '../../../i18n/react';
import { type ChatMessage, fetchImage } from '../api';
import { initials, type Outgoing, readMark } from '../thread';

const SYSTEM_CODES = new Set(['ASSIGNED', 'TRANSFERRED', 'CLOSED']);

function time(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

function systemLine(t: TFunction, message: ChatMessage): string {
  const code = message.text.trim().toUpperCase();
  if (!SYSTEM_CODES.has(code)) return message.text;
  return t(`chat.system.${code}`, { name: message.staffName ?? t('chat.agent') });
}

// A picture of the conversation: its bytes come by fetch with the chat's headers, shown from an object URL,
// small in the list and full size on a tap.
function ChatImage({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { url, failed } = useFileUrl(`${message.conversationId}:${message.seq}`, (signal) =>
    fetchImage(message.conversationId, message.seq, signal),
  );
  const size = message.image;
  const ratio = size && size.width > 0 && size.height > 0 ? `${size.width} / ${size.height}` : undefined;
  if (failed) return <span className="chat-image chat-image--missing">{t('chat.imageFailed')}</span>;
  return (
    <>
      <button
        type="button"
        className="chat-image"
        style={{ aspectRatio: ratio }}
        onClick={() => setOpen(true)}
        disabled={!url}
        aria-label={t('chat.openImage')}
      >
        {url && <img src={url} alt={t('chat.image')} data-testid="chat-image" />}
      </button>
      {open && url && (
        <div className="chat-lightbox" role="dialog" aria-modal="true" aria-label={t('chat.image')} onClick={() => setOpen(false)}>
          <img src={url} alt={t('chat.image')} />
          <button type="button" className="chat-lightbox__close" onClick={() => setOpen(false)}>
            {t('common.close')}
          </button>
        </div>
      )}
    </>
  );
}

// A picture the player is sending: shown from the file itself until the server has it.
function LocalImage({ file }: { file: File }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return <span className="chat-image">{url && <img src={url} alt={t('chat.image')} />}</span>;
}

function Body({ message }: { message: ChatMessage }) {
  // Plain text, as text: React escapes it, and CSS keeps the player's line breaks.
  if (message.kind === 'IMAGE') return <ChatImage message={message} />;
  return <p className="chat-text">{message.text}</p>;
}

function Mark({ mark }: { mark: 'read' | 'sent' }) {
  const { t } = useTranslation();
  return (
    <span className={`chat-mark chat-mark--${mark}`} data-testid="chat-read-mark" data-mark={mark} title={t(`chat.mark.${mark}`)}>
      <span aria-hidden="true">{mark === 'read' ? '✓✓' : '✓'}</span>
      <span className="visually-hidden">{t(`chat.mark.${mark}`)}</span>
    </span>
  );
}

function Message({ message, staffReadSeq, showName }: { message: ChatMessage; staffReadSeq: number; showName: boolean }) {
  const { t } = useTranslation();
  if (message.side === 'SYSTEM' || message.kind === 'SYSTEM') {
    return (
      <li className="chat-system" data-testid="chat-message" data-seq={message.seq} data-side="SYSTEM">
        {systemLine(t, message)}
      </li>
    );
  }
  const mine = message.side === 'PLAYER';
  const mark = readMark(message, staffReadSeq);
  const name = message.staffName ?? t('chat.agent');
  return (
    <li
      className={`chat-row ${mine ? 'chat-row--mine' : 'chat-row--staff'}`}
      data-testid="chat-message"
      data-seq={message.seq}
      data-side={message.side}
    >
      {!mine && (
        <span className="chat-avatar" aria-hidden="true" style={{ visibility: showName ? 'visible' : 'hidden' }}>
          {initials(name)}
        </span>
      )}
      <div className="chat-bubble-wrap">
        {!mine && showName && <span className="chat-name">{name}</span>}
        <div className={`chat-bubble${message.kind === 'IMAGE' ? ' chat-bubble--image' : ''}`}>
          <Body message={message} />
        </div>
        <span className="chat-meta">
          <time dateTime={new Date(message.createdAt).toISOString()}>{time(message.createdAt)}</time>
          {mark && <Mark mark={mark} />}
        </span>
      </div>
    </li>
  );
}

function Pending({ item, onRetry, onDiscard }: { item: Outgoing; onRetry: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  const failed = item.state === 'failed';
  return (
    <li
      className={`chat-row chat-row--mine chat-row--${item.state}`}
      data-testid="chat-pending"
      data-client-id={item.clientId}
      data-state={item.state}
    >
      <div className="chat-bubble-wrap">
        <div className={`chat-bubble${item.kind === 'IMAGE' ? ' chat-bubble--image' : ''}`}>
          {item.kind === 'IMAGE' && item.file ? <LocalImage file={item.file} /> : <p className="chat-text">{item.text}</p>}
        </div>
        <span className="chat-meta" role={failed ? 'alert' : undefined}>
          {failed ? (
            <>
              <span className="chat-failed">{t(`chat.errors.${item.error ?? 'NETWORK_ERROR'}`, { defaultValue: t('chat.notSent') })}</span>
              <button type="button" className="chat-link" onClick={onRetry} data-testid="chat-retry">
                {t('chat.retry')}
              </button>
              <button type="button" className="chat-link" onClick={onDiscard}>
                {t('chat.discard')}
              </button>
            </>
          ) : (
            <span>{t('chat.sending')}</span>
          )}
        </span>
      </div>
    </li>
  );
}

export interface MessageListProps {
  messages: ChatMessage[];
  pending: Outgoing[];
  staffReadSeq: number;
  staffTyping: string | null;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  onSeen: () => void;
  children?: ReactNode;
}

export function MessageList({ messages, pending, staffReadSeq, staffTyping, onRetry, onDiscard, onSeen, children }: MessageListProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const count = messages.length + pending.length;
  // The newest message stays in view as messages arrive; the staff's are then seen.
  useLayoutEffect(() => {
    const element = box.current;
    if (element) element.scrollTop = element.scrollHeight;
    onSeen();
  }, [count, staffTyping, onSeen]);
  return (
    <div className="chat-scroll" ref={box}>
      <ol className="chat-list" data-testid="chat-messages" aria-live="polite" aria-label={t('chat.messages')}>
        {messages.map((message, index) => {
          const previous = messages[index - 1];
          const showName = !previous || previous.side !== message.side || previous.staffName !== message.staffName;
          return <Message key={message.seq} message={message} staffReadSeq={staffReadSeq} showName={showName} />;
        })}
        {pending.map((item) => (
          <Pending key={item.clientId} item={item} onRetry={() => onRetry(item.clientId)} onDiscard={() => onDiscard(item.clientId)} />
        ))}
      </ol>
      {staffTyping !== null && (
        <p className="chat-typing" data-testid="chat-typing">
          <span className="chat-typing__dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {t('chat.typing', { name: staffTyping })}
        </p>
      )}
      {children}
    </div>
  );
}
