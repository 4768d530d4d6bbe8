// The points mall's redeem queue (Loyalty, tab "redeems"): members' redeems of one status, a page at a time,
// each with the item, quantity, points, and the delivery address and mobile physical goods carry.
// loyalty.write approves a redeem waiting for staff, or rejects it with a reason of 1 to 200 characters (the
// points go back to the member, the stock is restored, and the member is sent the reason); a reader sees the
// same, read-only. A redeem someone else decided meanwhile is said so and the page read again.
import { type FormEvent, useCallback, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { dateTime } from '../../lib/dates';
import { Pager } from '../components/content/common';
import { Loading, ReadFailed } from '../components/Problem';
import { Choice } from '../components/promotions/common';
import { useLatestRead } from '../components/useLatestRead';
import { approveRedeem, listRedeems, REASON_MAX, type Redeem, REDEEM_STATUSES, REDEEMS_PAGE, type RedeemStatus, rejectRedeem } from '../loyaltyApi';
import { loyaltyProblem } from './LoyaltyCommon';
import '../styles/feedback.css';

// An instant as the wire sends it (epoch milliseconds, or an ISO string) in the viewer's zone.
function when(value: number | string | null): string {
  const date = value === null ? null : new Date(value);
  return date && !Number.isNaN(date.getTime()) ? dateTime(date.toISOString()) : '—';
}

// Approve, or reject with a reason typed in place.
function Decision({ redeem, onDecided, onProblem }: { redeem: Redeem; onDecided: (text: string) => void; onProblem: (error: unknown) => void }) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const names = { name: redeem.username, item: redeem.itemName };

  const run = async (act: () => Promise<unknown>, done: string) => {
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
    if (!text) return setProblem(t('loyalty.redeems.reasonRequired'));
    if ([...text].length > REASON_MAX) return setProblem(t('loyalty.redeems.reasonLong', { max: String(REASON_MAX) }));
    setProblem(null);
    void run(() => rejectRedeem(redeem.id, text), t('loyalty.redeems.rejectedDone', names));
  };

  if (!rejecting) {
    return (
      <span className="cs-buttons">
        <button
          type="button"
          className="cs-button small"
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={t('loyalty.redeems.approveLabel', names)}
          onClick={() => void run(() => approveRedeem(redeem.id), t('loyalty.redeems.approvedDone', names))}
        >
          {t('loyalty.redeems.approve')}
        </button>
        <button
          type="button"
          className="cs-button secondary small"
          disabled={busy}
          aria-label={t('loyalty.redeems.rejectLabel', names)}
          onClick={() => setRejecting(true)}
        >
          {t('loyalty.redeems.reject')}
        </button>
      </span>
    );
  }
  const fieldId = `cs-redeem-reason-${redeem.id}`;
  return (
    <form className="cs-application-reject" noValidate onSubmit={reject} aria-label={t('loyalty.redeems.rejectLabel', names)}>
      <label htmlFor={fieldId}>{t('loyalty.redeems.reason')}</label>
      <textarea
        id={fieldId}
        rows={2}
        value={reason}
        disabled={busy}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setProblem(null);
        }}
      />
      <span className={problem ? 'cs-field-problem' : 'cs-field-hint'} role={problem ? 'alert' : undefined}>
        {problem ?? t('loyalty.redeems.reasonHint', { length: String([...reason.trim()].length), max: String(REASON_MAX) })}
      </span>
      <span className="cs-buttons">
        <button type="submit" className="cs-button danger small" disabled={busy} aria-busy={busy || undefined}>
          {t('loyalty.redeems.confirmReject')}
        </button>
        <button type="button" className="cs-button secondary small" disabled={busy} onClick={() => setRejecting(false)}>
          {t('loyalty.cancel')}
        </button>
      </span>
    </form>
  );
}

export function RedeemsTab({ write }: { write: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<RedeemStatus>('IN_PROCESS');
  const [pageNo, setPageNo] = useState(1);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);

  const readPage = useCallback(() => listRedeems(status, pageNo, REDEEMS_PAGE), [status, pageNo]);
  const { value: page, readProblem, load } = useLatestRead(readPage);
  const decided = (text: string) => {
    setSaid({ ok: true, text });
    void load();
  };
  const refused = (error: unknown) => {
    setSaid({ ok: false, text: loyaltyProblem(t, error) });
    void load();
  };
  const pages = Math.max(Math.ceil((page?.total ?? 0) / (page?.pageSize || REDEEMS_PAGE)), 1);
  const column = (key: string) => t(`loyalty.redeems.columns.${key}`);

  return (
    <section className="cs-panel" aria-labelledby="cs-loyalty-redeems" data-testid="loyalty-redeems">
      <h2 id="cs-loyalty-redeems">{t('loyalty.redeems.title')}</h2>
      <p className="cs-muted">{t('loyalty.redeems.intro')}</p>
      <div className="cs-content-grid">
        <Choice<RedeemStatus>
          label={t('loyalty.redeems.status')}
          value={status}
          options={REDEEM_STATUSES}
          name={(name) => t(`loyalty.redeems.statuses.${name}`)}
          onPick={(next) => {
            setStatus(next);
            setPageNo(1);
            setSaid(null);
          }}
        />
      </div>
      {said && (
        <p className={said.ok ? 'cs-success' : 'cs-field-problem'} role={said.ok ? 'status' : 'alert'} data-testid="redeem-said">
          {said.text}
        </p>
      )}
      {readProblem !== null && <ReadFailed text={loyaltyProblem(t, readProblem)} retry={() => void load()} />}
      {page === null ? (
        readProblem === null && <Loading />
      ) : page.list.length === 0 ? (
        <p className="cs-muted">{t('loyalty.redeems.empty')}</p>
      ) : (
        <>
          <p className="cs-muted">{t('loyalty.redeems.total', { total: String(page.total) })}</p>
          <div className="cs-table-wrap">
            <table className="cs-table cs-content-table">
              <caption className="visually-hidden">{t('loyalty.redeems.title')}</caption>
              <thead>
                <tr>
                  {['member', 'item', 'quantity', 'points', 'delivery', 'created', 'decision'].map((key) => (
                    <th key={key} scope="col">
                      {column(key)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.list.map((redeem) => (
                  <tr key={redeem.id} data-redeem={redeem.id}>
                    <td data-label={column('member')}>
                      {redeem.username}
                      {redeem.memberId !== undefined && <span className="cs-muted"> #{redeem.memberId}</span>}
                    </td>
                    <td data-label={column('item')}>
                      {redeem.itemName}
                      <span className="cs-muted cs-promo-line">
                        {t(`loyalty.mall.categories.${redeem.category}`, { defaultValue: redeem.category })}
                      </span>
                    </td>
                    <td data-label={column('quantity')} className="cs-amount">
                      {redeem.quantity}
                    </td>
                    <td data-label={column('points')} className="cs-amount">
                      {redeem.points}
                    </td>
                    <td data-label={column('delivery')} className="cs-application-remark">
                      {redeem.address || redeem.mobile ? (
                        <>
                          {redeem.address && <span className="cs-promo-line">{redeem.address}</span>}
                          {redeem.mobile && <span className="cs-promo-line">{redeem.mobile}</span>}
                        </>
                      ) : (
                        <span className="cs-muted">—</span>
                      )}
                    </td>
                    <td data-label={column('created')}>
                      <span className="cs-time">{when(redeem.createdAt)}</span>
                    </td>
                    <td data-label={column('decision')}>
                      {redeem.status === 'IN_PROCESS' && write ? (
                        <Decision redeem={redeem} onDecided={decided} onProblem={refused} />
                      ) : (
                        <>
                          <span className={`cs-badge cs-promo-entry is-${redeem.status === 'APPROVED' ? 'issued' : redeem.status === 'REJECTED' ? 'expired' : 'claimable'}`} data-status={redeem.status}>
                            {t(`loyalty.redeems.statuses.${redeem.status}`)}
                          </span>
                          {redeem.decidedAt !== null && <span className="cs-muted cs-promo-line">{when(redeem.decidedAt)}</span>}
                          {redeem.reason && <p className="cs-application-reason">{redeem.reason}</p>}
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
