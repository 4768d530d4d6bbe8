import type { TFunction } from 'i18next';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';

import { ApiError } from '../../../api/client';
import { errorText } from '../../../components/errorText';
import { Pagination } from '../../../components/Pagination';
import { useTranslation } from '../../../i18n/react';
import { setUnread, unreadCountAtom } from '../../../state/messages';
import { type MessagePage, messagesApi } from '../api';
import { MessageItem } from '../components/MessageItem';
import '../messages.css';

type Filter = 'all' | 'unread';

// A message deleted in another tab is gone here too: said in the inbox's own words.
function inboxErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === 'MESSAGE_NOT_FOUND') return t('messages.errors.MESSAGE_NOT_FOUND');
  return errorText(t, error);
}

// messageV2 (platform information, SPEC §2.3): the member's inbox, newest first, a page at a time. Each
// answer that changes the unread count sets the badge; a count that moves without this page's doing (a
// message arrives, another tab reads one) brings the page again.
export function MessagesPage() {
  const { t } = useTranslation();
  const badge = useAtomValue(unreadCountAtom);
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MessagePage | null>(null);
  const [reloads, setReloads] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  // Loading the list and acting on a message fail apart: a reload after a failed action keeps its message.
  const [loadError, setLoadError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    messagesApi.list(page, filter === 'unread').then(
      (answer) => {
        if (!live) return;
        // The last page emptied (a delete here or elsewhere): show the one before it instead.
        if (answer.list.length === 0 && page > 1) {
          setPage(Math.max(1, Math.min(page - 1, answer.totalPages)));
          return;
        }
        setData(answer);
        setUnread(answer.unread);
        setLoadError(null);
      },
      (e: unknown) => {
        if (live) setLoadError(inboxErrorText(t, e));
      },
    );
    return () => {
      live = false;
    };
  }, [filter, page, reloads, t]);

  useEffect(() => {
    if (data && badge !== data.unread) setReloads((n) => n + 1);
  }, [badge, data]);

  const settle = (unread: number, change: (list: MessagePage['list']) => MessagePage['list']) => {
    setUnread(unread);
    setData((current) => (current ? { ...current, unread, list: change(current.list) } : current));
  };

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setActionError(null);
    try {
      await work();
    } catch (e) {
      setActionError(inboxErrorText(t, e));
      setReloads((n) => n + 1); // gone elsewhere (another tab deleted it): show what is there now
    } finally {
      setBusy(false);
    }
  };

  const open = (id: number) => {
    if (openId === id) {
      setOpenId(null);
      return;
    }
    setOpenId(id);
    const message = data?.list.find((m) => m.id === id);
    if (!message || message.read) return;
    void act(async () => {
      const { unread } = await messagesApi.read(id);
      settle(unread, (list) => list.map((m) => (m.id === id ? { ...m, read: true } : m)));
    });
  };

  const readAll = () =>
    act(async () => {
      const { unread } = await messagesApi.readAll();
      settle(unread, (list) => list.map((m) => ({ ...m, read: true })));
      if (filter === 'unread') setReloads((n) => n + 1);
    });

  const remove = (id: number) =>
    act(async () => {
      const { unread } = await messagesApi.remove(id);
      settle(unread, (list) => list.filter((m) => m.id !== id));
      setOpenId(null);
      setReloads((n) => n + 1);
    });

  const choose = (next: Filter) => {
    setFilter(next);
    setPage(1);
    setOpenId(null);
    setActionError(null);
  };

  return (
    <div className="inbox" data-testid="inbox">
      <div className="filters">
        <div className="inbox-filter" role="group" aria-label={t('messages.filter')}>
          {(['all', 'unread'] as const).map((name) => (
            <button key={name} type="button" aria-pressed={filter === name}
              className={filter === name ? 'button button-small' : 'button button-ghost button-small'}
              onClick={() => choose(name)}>
              {t(`messages.${name}`)}
            </button>
          ))}
        </div>
        <span className="muted" data-testid="inbox-unread">{t('messages.unreadCount', { unread: badge })}</span>
        <button type="button" className="link-button inbox-read-all" disabled={busy || !data || data.unread === 0}
          onClick={() => void readAll()}>
          {t('messages.readAll')}
        </button>
      </div>
      {(actionError ?? loadError) && <p className="form-error" role="alert">{actionError ?? loadError}</p>}
      {data && data.list.length === 0 && (
        <p className="empty-state">{t(filter === 'unread' ? 'messages.emptyUnread' : 'messages.empty')}</p>
      )}
      {data && data.list.length > 0 && (
        <ul className="inbox-list">
          {data.list.map((message) => (
            <MessageItem key={message.id} message={message} open={openId === message.id} busy={busy}
              onToggle={() => open(message.id)} onDelete={() => void remove(message.id)} />
          ))}
        </ul>
      )}
      {data && <Pagination page={data.pageNum} totalPages={data.totalPages} onPage={(next) => { setPage(next); setOpenId(null); setActionError(null); }} />}
    </div>
  );
}
