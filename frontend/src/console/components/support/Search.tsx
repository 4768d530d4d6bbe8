// Past (and present) conversations found by the member's username, the visitor's name or email, or words
// said in them; filtered by status and queue, a page at a time. A result opens in the middle column.
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { isSessionProblem } from '../../api';
import {
  type ConversationStatus,
  type DeskConversation,
  type Queue,
  QUEUES,
  searchConversations,
  type SearchPage,
  STATUSES,
} from '../../supportApi';
import { Pager } from '../content/common';
import { Loading, ReadFailed } from '../Problem';
import { lastTextOf, whoOf } from './Queues';
import { supportProblem, toIso } from './rules';

interface Filters {
  q: string;
  status: ConversationStatus | '';
  queue: Queue | '';
}

export function SearchTab({ onOpen }: { onOpen: (conversation: DeskConversation) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<Filters>({ q: '', status: '', queue: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const [page, setPage] = useState(1);
  const [found, setFound] = useState<SearchPage | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const latest = useRef(0);

  const load = useCallback(async (wanted: Filters, number: number) => {
    const request = ++latest.current;
    setProblem(null);
    try {
      const read = await searchConversations({ ...wanted, page: number });
      if (request === latest.current) setFound(read);
    } catch (error) {
      if (request === latest.current && !isSessionProblem(error)) setProblem(error);
    }
  }, []);

  useEffect(() => {
    void load(filters, page);
  }, [load, filters, page]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFound(null);
    setFilters(draft);
    setPage(1);
  };

  return (
    <div className="cs-support-search" data-testid="support-search">
      <form className="cs-support-search-form" onSubmit={submit} role="search">
        <label htmlFor={`${id}-q`} className="visually-hidden">
          {t('support.search.q')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={draft.q}
          placeholder={t('support.search.q')}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
        />
        <label htmlFor={`${id}-status`} className="visually-hidden">
          {t('support.search.status')}
        </label>
        <select
          id={`${id}-status`}
          value={draft.status}
          onChange={(event) => setDraft({ ...draft, status: event.target.value as Filters['status'] })}
        >
          <option value="">{t('support.search.anyStatus')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`support.status.${status}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-queue`} className="visually-hidden">
          {t('support.search.queue')}
        </label>
        <select
          id={`${id}-queue`}
          value={draft.queue}
          onChange={(event) => setDraft({ ...draft, queue: event.target.value as Filters['queue'] })}
        >
          <option value="">{t('support.search.anyQueue')}</option>
          {QUEUES.map((queue) => (
            <option key={queue} value={queue}>
              {t(`support.queues.${queue}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="cs-button secondary small">
          {t('support.search.go')}
        </button>
      </form>
      {problem !== null && <ReadFailed text={supportProblem(t, problem)} retry={() => void load(filters, page)} />}
      {found === null ? (
        problem === null && <Loading />
      ) : found.list.length === 0 ? (
        <p className="cs-muted">{t('support.search.none')}</p>
      ) : (
        <ul className="cs-support-queue">
          {found.list.map((conversation) => (
            <li key={conversation.id} className="cs-support-item" data-testid="search-item" data-conversation-id={conversation.id}>
              <button type="button" className="cs-support-item-open" onClick={() => onOpen(conversation)}>
                <span className="cs-support-item-head">
                  <span className="cs-support-who">{whoOf(t, conversation)}</span>
                  <span className={`cs-badge cs-support-status is-${conversation.status.toLowerCase()}`}>
                    {t(`support.status.${conversation.status}`)}
                  </span>
                  <span className="cs-support-wait cs-muted">{dateTime(toIso(conversation.createdAt))}</span>
                </span>
                <span className="cs-support-last">{lastTextOf(t, conversation)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {found && found.totalPages > 1 && <Pager pageNo={page} pages={found.totalPages} onPage={setPage} />}
    </div>
  );
}
