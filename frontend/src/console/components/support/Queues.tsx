// The desk's lists: the conversations waiting in a queue (oldest first, their waiting time ticking, a Claim
// button), mine (open, assigned to me, with their unread counts) and, for a supervisor, all live ones. An
// item opens the conversation in the middle column.
import type { TFunction } from 'i18next';

import { useTranslation } from '../../../i18n/react';
import type { DeskConversation } from '../../supportApi';
import { SYSTEM_CODES, waitingText } from './rules';

export function whoOf(t: TFunction, conversation: DeskConversation): string {
  if (conversation.member) return conversation.member.username;
  if (conversation.visitorName) return conversation.visitorName;
  return t('support.visitor', { id: String(conversation.id) });
}

// The newest words of a conversation; a system line (its code) in the desk's words.
export function lastTextOf(t: TFunction, conversation: DeskConversation): string {
  const text = conversation.lastText;
  if (!text) return t('support.noText');
  return SYSTEM_CODES.includes(text) ? t(`support.lastSystem.${text}`) : text;
}

export function QueueList({
  list,
  elapsed,
  empty,
  mayClaim,
  busy,
  activeId,
  onOpen,
  onClaim,
}: {
  list: DeskConversation[];
  elapsed: number; // seconds since the desk was read: the waiting times go on from there
  empty: string;
  mayClaim: boolean;
  busy: boolean;
  activeId: number | null;
  onOpen: (conversation: DeskConversation) => void;
  onClaim?: (conversation: DeskConversation) => void;
}) {
  const { t } = useTranslation();
  if (list.length === 0) return <p className="cs-muted cs-support-empty">{empty}</p>;
  return (
    <ul className="cs-support-queue">
      {list.map((conversation) => {
        const who = whoOf(t, conversation);
        const waiting = conversation.status === 'WAITING';
        return (
          <li
            key={conversation.id}
            className={conversation.id === activeId ? 'cs-support-item is-active' : 'cs-support-item'}
            data-testid="queue-item"
            data-conversation-id={conversation.id}
          >
            <button
              type="button"
              className="cs-support-item-open"
              onClick={() => onOpen(conversation)}
              aria-label={t('support.openConversation', { who })}
            >
              <span className="cs-support-item-head">
                <span className="cs-support-who">{who}</span>
                {conversation.member && (
                  <span className="cs-badge cs-support-rank">{t('support.rank', { n: String(conversation.member.rankLevel) })}</span>
                )}
                {conversation.unread > 0 && !waiting && (
                  <span className="cs-nav-count cs-support-unread" data-testid="unread-count">
                    <span aria-hidden="true">{conversation.unread}</span>
                    <span className="visually-hidden">{t('support.unread', { n: String(conversation.unread) })}</span>
                  </span>
                )}
                <span className="cs-support-wait cs-muted" data-testid="waiting-time">
                  {waiting
                    ? waitingText(t, conversation.waitingSeconds + elapsed)
                    : conversation.staff
                      ? conversation.staff.name
                      : ''}
                </span>
              </span>
              <span className="cs-support-last">{lastTextOf(t, conversation)}</span>
            </button>
            {waiting && mayClaim && onClaim && (
              <button
                type="button"
                className="cs-button primary small"
                data-testid="claim-button"
                disabled={busy}
                aria-label={t('support.claimLabel', { who })}
                onClick={() => onClaim(conversation)}
              >
                {t('support.claim')}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
