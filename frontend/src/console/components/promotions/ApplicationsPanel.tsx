// The application activity's queue (Promotions, tab "applications"): members' applications of one status
// (waiting, approved, rejected), oldest or newest first, a page at a time, each with its remark and pictures
// (thumbnails fetched with the staff token). promotions.write approves (the bonus is paid) or rejects with a
// reason of 1 to 200 characters, which the member receives as a message; a reader sees the same, read-only.
// An application someone else decided meanwhile is said so and the page read again.
import type { TFunction } from 'i18next';
import { type FormEvent, useCallback, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { problemText } from '../../i18n';
import {
  APPLICATION_STATUSES,
  type ApplicationOrder,
  type ApplicationStatus,
  APPLICATIONS_PAGE,
  approveApplication,
  fetchApplicationImage,
  listPromotionApplications,
  type PromotionApplication,
  REASON_MAX,
  rejectApplication,
} from '../../promotionApplicationsApi';
import { ConsoleError } from '../../transport';
import { Loading, ReadFailed } from '../Problem';
import { Pager } from '../content/common';
import { FetchedPictures } from '../FetchedPictures';
import { useLatestRead } from '../useLatestRead';
import { Choice } from './common';
import '../../styles/feedback.css';

const OWN_CODES = ['PROMOTION_APPLICATION_REVIEWED', 'PROMOTION_APPLICATION_NOT_FOUND'];

function applicationProblem(t: TFunction, error: unknown): string {
  if (error instanceof ConsoleError && OWN_CODES.includes(error.code)) return t(`promotions.applications.errors.${error.code}`);
  return problemText(t, error);
}

// An application's pictures as thumbnails (fetched with the staff token), each opening the full picture in a
// new tab.
function ApplicationImages({ id, count }: { id: number; count: number }) {
  const { t } = useTranslation();
  if (count === 0) return <span className="cs-muted">{t('promotions.applications.noImages')}</span>;
  return (
    <FetchedPictures
      id={id}
      count={count}
      fetchPicture={fetchApplicationImage}
      label={t('promotions.applications.images', { n: String(count) })}
      alt={(n) => t('promotions.applications.image', { n: String(n + 1), id: String(id) })}
      failed={t('promotions.applications.imageFailed')}
    />
  );
}

// Approve, or reject with a reason typed in place.
function Decision({
  application,
  onDecided,
  onProblem,
}: {
  application: PromotionApplication;
  onDecided: (text: string) => void;
  onProblem: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const who = application.username;

  const run = async (act: () => Promise<PromotionApplication>, done: string) => {
    setBusy(true);
    try {
      await act();
      onDecided(done);
    } catch (error) {
      setBusy(false);
      onProblem(error);
    }
  };

  const reject = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setProblem(t('promotions.applications.reasonRequired'));
    if ([...text].length > REASON_MAX) return setProblem(t('promotions.applications.reasonLong', { max: String(REASON_MAX) }));
    setProblem(null);
    void run(() => rejectApplication(application.id, text), t('promotions.applications.rejectedDone', { name: who }));
  };

  if (!rejecting) {
    return (
      <span className="cs-buttons">
        <button type="button" className="cs-button small" disabled={busy}
          aria-label={t('promotions.applications.approveLabel', { name: who, amount: formatMoney(application.amount) })}
          onClick={() => void run(() => approveApplication(application.id), t('promotions.applications.approvedDone', { name: who }))}>
          {t('promotions.applications.approve')}
        </button>
        <button type="button" className="cs-button secondary small" disabled={busy}
          aria-label={t('promotions.applications.rejectLabel', { name: who })} onClick={() => setRejecting(true)}>
          {t('promotions.applications.reject')}
        </button>
      </span>
    );
  }
  const fieldId = `cs-application-reason-${application.id}`;
  return (
    <form className="cs-application-reject" noValidate onSubmit={reject}>
      <label htmlFor={fieldId}>{t('promotions.applications.reason')}</label>
      <textarea id={fieldId} rows={2} value={reason} disabled={busy} aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setProblem(null);
        }} />
      <span className={problem ? 'cs-field-problem' : 'cs-field-hint'} role={problem ? 'alert' : undefined}>
        {problem ?? t('promotions.applications.reasonHint', { length: String([...reason.trim()].length), max: String(REASON_MAX) })}
      </span>
      <span className="cs-buttons">
        <button type="submit" className="cs-button danger small" disabled={busy}>
          {t('promotions.applications.confirmReject')}
        </button>
        <button type="button" className="cs-button secondary small" disabled={busy} onClick={() => setRejecting(false)}>
          {t('promotions.applications.cancel')}
        </button>
      </span>
    </form>
  );
}

export function ApplicationsPanel({ write }: { write: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ApplicationStatus>('APPLYING');
  const [order, setOrder] = useState<ApplicationOrder>('oldest');
  const [pageNo, setPageNo] = useState(1);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);

  const readPage = useCallback(
    () => listPromotionApplications(status, order, pageNo, APPLICATIONS_PAGE),
    [status, order, pageNo],
  );
  const { value: page, readProblem, load } = useLatestRead(readPage);
  const decided = (text: string) => {
    setSaid({ ok: true, text });
    void load();
  };
  const refused = (error: unknown) => {
    setSaid({ ok: false, text: applicationProblem(t, error) });
    void load();
  };
  const pages = Math.max(page?.totalPages ?? 1, 1);

  return (
    <section className="cs-panel cs-promo-applications" aria-labelledby="cs-promo-applications-title" data-testid="promotion-applications">
      <div className="cs-content-head">
        <h2 id="cs-promo-applications-title">{t('promotions.applications.title')}</h2>
      </div>
      <p className="cs-muted">{t('promotions.applications.intro')}</p>
      <div className="cs-content-grid">
        <Choice<ApplicationStatus>
          label={t('promotions.applications.status')}
          value={status}
          options={APPLICATION_STATUSES}
          name={(name) => t(`promotions.applications.statuses.${name}`)}
          onPick={(next) => {
            setStatus(next);
            setPageNo(1);
            setSaid(null);
          }}
        />
        <Choice<ApplicationOrder>
          label={t('promotions.applications.order')}
          value={order}
          options={['oldest', 'newest']}
          name={(name) => t(`promotions.applications.orders.${name}`)}
          onPick={(next) => {
            setOrder(next);
            setPageNo(1);
          }}
        />
      </div>
      {said && (
        <p className={said.ok ? 'cs-notice' : 'cs-field-problem'} role={said.ok ? 'status' : 'alert'} data-testid="application-said">
          {said.text}
        </p>
      )}
      {readProblem !== null && <ReadFailed text={applicationProblem(t, readProblem)} retry={() => void load()} />}
      {page === null ? (
        readProblem === null && <Loading />
      ) : page.list.length === 0 ? (
        <p className="cs-muted">{t('promotions.applications.empty')}</p>
      ) : (
        <>
          <p className="cs-muted">{t('promotions.applications.total', { total: String(page.total) })}</p>
          <div className="cs-table-wrap">
            <table className="cs-table cs-content-table">
              <caption className="visually-hidden">{t('promotions.applications.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('promotions.applications.columns.member')}</th>
                  <th scope="col">{t('promotions.applications.columns.promotion')}</th>
                  <th scope="col">{t('promotions.applications.columns.remark')}</th>
                  <th scope="col">{t('promotions.applications.columns.images')}</th>
                  <th scope="col">{t('promotions.applications.columns.amount')}</th>
                  <th scope="col">{t('promotions.applications.columns.applied')}</th>
                  <th scope="col">{t('promotions.applications.columns.review')}</th>
                </tr>
              </thead>
              <tbody>
                {page.list.map((item) => (
                  <tr key={item.id} data-application={item.id}>
                    <td data-label={t('promotions.applications.columns.member')}>
                      {item.username} <span className="cs-muted">#{item.memberId}</span>
                    </td>
                    <td data-label={t('promotions.applications.columns.promotion')}>
                      {item.promotionTitle || `#${item.promotionId}`}
                      {item.periodKey !== 'once' && <span className="cs-muted"> ({item.periodKey})</span>}
                    </td>
                    <td data-label={t('promotions.applications.columns.remark')} className="cs-application-remark">
                      {item.remark ?? <span className="cs-muted">—</span>}
                    </td>
                    <td data-label={t('promotions.applications.columns.images')}>
                      <ApplicationImages id={item.id} count={item.images} />
                    </td>
                    <td data-label={t('promotions.applications.columns.amount')} className="cs-amount">
                      {formatMoney(item.amount)}
                    </td>
                    <td data-label={t('promotions.applications.columns.applied')}>
                      <span className="cs-time">{dateTime(item.createdAt)}</span>
                    </td>
                    <td data-label={t('promotions.applications.columns.review')}>
                      {item.status === 'APPLYING' ? (
                        write ? (
                          <Decision application={item} onDecided={decided} onProblem={refused} />
                        ) : (
                          <span className="cs-badge" data-status={item.status}>{t('promotions.applications.statuses.APPLYING')}</span>
                        )
                      ) : (
                        <>
                          <span className={`cs-badge cs-promo-entry is-${item.status.toLowerCase()}`} data-status={item.status}>
                            {t(`promotions.applications.statuses.${item.status}`)}
                          </span>{' '}
                          <span className="cs-muted">
                            {t('promotions.applications.reviewedBy', { name: item.reviewedBy ?? '—', at: item.reviewedAt ? dateTime(item.reviewedAt) : '—' })}
                          </span>
                          {item.reviewReason && <p className="cs-application-reason">{item.reviewReason}</p>}
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {pages > 1 && <Pager pageNo={pageNo} pages={pages} onPage={setPageNo} />}
    </section>
  );
}
