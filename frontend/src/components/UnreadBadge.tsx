import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';

import { useTranslation } from '../i18n/react';
import { memberActionAllowed } from '../state/account';
import { memberCentreAtom } from '../state/memberCentre';
import { unreadCountAtom, watchUnread } from '../state/messages';
import { Icon } from './Icon';

// What the badge reads: nothing at 0, the count up to 99, then "99+".
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

// The member entry's inbox (header, logged in): the unread platform messages, live in every open tab, and
// the way to them (the member centre's messageV2). Loaded with the member panel, after login.
export function UnreadBadge() {
  const { t } = useTranslation();
  const count = useAtomValue(unreadCountAtom);
  const openPage = useSetAtom(memberCentreAtom);
  useEffect(watchUnread, []);
  const text = badgeText(count);
  return (
    <button
      type="button"
      className="link-button inbox-entry"
      data-testid="inbox-entry"
      aria-label={t('messages.badgeLabel', { unread: count })}
      onClick={() => {
        if (memberActionAllowed()) openPage('messageV2');
      }}
    >
      <Icon name="email" size={20} />
      {text && (
        <span className="unread-badge" data-testid="unread-badge" aria-hidden="true">
          {text}
        </span>
      )}
    </button>
  );
}

// The same count beside the member centre's messageV2 entry.
export function UnreadCount() {
  const count = useAtomValue(unreadCountAtom);
  useEffect(watchUnread, []);
  const text = badgeText(count);
  return text ? <span className="unread-badge" aria-hidden="true">{text}</span> : null;
}
