import { useEffect, useId, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { Pagination } from '../../../components/Pagination';
import { SafeHtml } from '../../../components/SafeHtml';
import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { type Announcements, agentApi } from '../api';
import { Loading } from '../components/common';
import '../announcements.css';

export const ANNOUNCEMENTS_PAGE_SIZE = 10;

// The instant for <time dateTime>, or undefined for what is not one (toISOString would throw).
function isoOf(ms: number): string | undefined {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

// agentAnnouncement (SPEC §2.4's first entry): what the merchant wrote for its agents, newest first, each a
// title and a date that opens to its text. The text is staff HTML: the server sanitised it when it was saved,
// and SafeHtml sanitises it again (DOMPurify) before it reaches the page, as the notice modal does.
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const ids = useId();
  const [pageNum, setPageNum] = useState(1);
  const [found, setFound] = useState<Announcements | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    agentApi.announcements(pageNum, ANNOUNCEMENTS_PAGE_SIZE).then(
      (page) => {
        if (!live) return;
        setFound(page);
        setOpen(null);
      },
      (problem: unknown) => live && setError(errorText(t, problem)),
    );
    return () => {
      live = false;
    };
  }, [pageNum, t]);
  if (error) return <p className="form-error" role="alert">{error}</p>;
  if (!found) return <Loading />;
  return (
    <div className="ac-page" data-testid="agent-announcements">
      {found.list.length === 0 ? (
        <p className="empty-state">{t('agentCentre.announcements.empty')}</p>
      ) : (
        <>
          <ul className="ac-notices">
            {found.list.map((item) => {
              const expanded = open === item.id;
              const body = `${ids}-${item.id}`;
              const iso = isoOf(item.date);
              return (
                <li key={item.id} className="ac-notice" data-testid="agent-announcement">
                  <button type="button" className="ac-notice-head" aria-expanded={expanded} aria-controls={body}
                    onClick={() => setOpen(expanded ? null : item.id)}>
                    <span className="ac-notice-title">{item.title}</span>
                    <time className="muted" dateTime={iso}>{iso ? dateTime(iso) : ''}</time>
                  </button>
                  {expanded && (
                    <div id={body} className="ac-notice-body">
                      <SafeHtml className="rich-text" html={item.content} testId="agent-announcement-content" />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <Pagination page={found.pageNum} totalPages={found.totalPages} onPage={setPageNum} />
        </>
      )}
    </div>
  );
}
