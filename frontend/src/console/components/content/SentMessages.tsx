// The messages sent, newest first: to whom, how far the delivery job is (PENDING, SENDING, SENT), how many
// members received and read each. While any on the page is still being delivered the page is read again
// every few seconds.
import { useCallback, useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { isSessionProblem } from '../../api';
import { listMessages, type MessagePage, MESSAGES_PAGE, type MessageRow } from '../../contentApi';
import { Problem } from '../Problem';
import { contentProblem, Pager } from './common';

export const DELIVERY_POLL_MS = 3000;

const instant = (value: string | number) => dateTime(new Date(value).toISOString());

function target(t: ReturnType<typeof useTranslation>['t'], row: MessageRow): string {
  return t(`content.messages.targets.${row.audience}`, { target: row.target ?? '' });
}

export function SentMessages({ refresh }: { refresh: number }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<MessagePage | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const latest = useRef(0);

  const load = useCallback(async (wanted: number) => {
    const request = ++latest.current;
    try {
      const read = await listMessages(wanted, MESSAGES_PAGE);
      if (request !== latest.current) return;
      setPage(read);
      setProblem(null);
    } catch (error) {
      if (request === latest.current && !isSessionProblem(error)) setProblem(error);
    }
  }, []);

  useEffect(() => {
    void load(pageNo);
  }, [load, pageNo, refresh]);

  // Follow the delivery while the job runs; stop once every message on the page is SENT.
  const delivering = page?.list.some((row) => row.status !== 'SENT') ?? false;
  useEffect(() => {
    if (!delivering) return;
    const timer = setTimeout(() => void load(pageNo), DELIVERY_POLL_MS);
    return () => clearTimeout(timer);
  }, [delivering, page, pageNo, load]);

  const pages = Math.max(page?.totalPages ?? 1, 1);
  return (
    <section className="cs-panel" aria-labelledby="cs-messages-sent">
      <h3 id="cs-messages-sent">{t('content.messages.sentTitle')}</h3>
      {problem !== null && <Problem>{contentProblem(t, problem)}</Problem>}
      {page === null ? (
        problem === null && (
          <p className="cs-muted" role="status">
            {t('app.loading')}
          </p>
        )
      ) : page.list.length === 0 ? (
        <p className="cs-muted">{t('content.messages.noneSent')}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table cs-content-table">
            <caption className="visually-hidden">{t('content.messages.sentTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('content.messages.columns.title')}</th>
                <th scope="col">{t('content.messages.columns.to')}</th>
                <th scope="col">{t('content.messages.columns.status')}</th>
                <th scope="col">{t('content.messages.columns.recipients')}</th>
                <th scope="col">{t('content.messages.columns.read')}</th>
                <th scope="col">{t('content.messages.columns.sent')}</th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((row) => (
                <tr key={row.id} data-message={row.id}>
                  <td data-label={t('content.messages.columns.title')} className="cs-content-title-cell">
                    {row.title}
                  </td>
                  <td data-label={t('content.messages.columns.to')}>{target(t, row)}</td>
                  <td data-label={t('content.messages.columns.status')}>
                    <span className={`cs-badge cs-content-delivery is-${row.status.toLowerCase()}`} data-status={row.status}>
                      {t(`content.messages.status.${row.status}`)}
                    </span>
                  </td>
                  <td data-label={t('content.messages.columns.recipients')} className="cs-amount">
                    {row.recipients}
                  </td>
                  <td data-label={t('content.messages.columns.read')} className="cs-amount">
                    {row.read}
                  </td>
                  <td data-label={t('content.messages.columns.sent')}>
                    <span className="cs-time">{instant(row.createdAt)}</span>
                    {row.sentBy && <span className="cs-muted cs-content-by">{row.sentBy}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <Pager pageNo={pageNo} pages={pages} onPage={setPageNo} />
      )}
    </section>
  );
}
