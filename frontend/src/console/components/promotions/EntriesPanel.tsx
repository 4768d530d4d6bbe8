// One promotion's entries, newest first, a page at a time: who joined, how far their entry is (joined,
// claimable, claimed, paid, expired), for which period, the reward and the deposit it was computed from, when
// they joined and when it was paid. A turnover tier's or loss rebate's entries are no one's joining: each is
// a closed period's reward, offered by the server's job for the member to claim.
import { useCallback, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { ENTRIES_PAGE, listEntries, type PromotionKind } from '../../promotionsApi';
import { Loading, ReadFailed } from '../Problem';
import { Pager } from '../content/common';
import { promotionProblem } from './common';
import { isPeriodicKind } from './rules';
import { useLatestRead } from '../useLatestRead';

export function EntriesPanel({
  promotionId,
  kind,
  name,
  onClose,
}: {
  promotionId: number;
  kind: PromotionKind;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const headingId = `cs-promo-entries-${promotionId}`;
  const periodic = isPeriodicKind(kind);
  const created = t(periodic ? 'promotions.entries.columns.offered' : 'promotions.entries.columns.created');

  const readPage = useCallback(() => listEntries(promotionId, pageNo, ENTRIES_PAGE), [promotionId, pageNo]);
  const { value: page, readProblem: problem, load } = useLatestRead(readPage);

  const pages = Math.max(page?.totalPages ?? 1, 1);
  return (
    <section className="cs-panel cs-promo-entries" aria-labelledby={headingId} data-testid="promotion-entries">
      <div className="cs-content-head">
        <h3 id={headingId}>{t('promotions.entries.title', { name })}</h3>
        <span className="cs-muted" data-testid="promotion-entries-kind">
          {t(`promotions.kinds.${kind}`, { defaultValue: kind })}
        </span>
        <span className="cs-buttons">
          <button type="button" className="cs-button secondary small" onClick={onClose}>
            {t('promotions.entries.close')}
          </button>
        </span>
      </div>
      {problem !== null && <ReadFailed text={promotionProblem(t, problem)} retry={() => void load()} />}
      {page === null ? (
        problem === null && <Loading />
      ) : page.list.length === 0 ? (
        <p className="cs-muted">{t(periodic ? 'promotions.entries.emptyPeriodic' : 'promotions.entries.empty')}</p>
      ) : (
        <>
          <p className="cs-muted">{t('promotions.entries.total', { total: String(page.total) })}</p>
          <div className="cs-table-wrap">
            <table className="cs-table cs-content-table">
              <caption className="visually-hidden">{t('promotions.entries.title', { name })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('promotions.entries.columns.member')}</th>
                  <th scope="col">{t('promotions.entries.columns.status')}</th>
                  <th scope="col">{t('promotions.entries.columns.period')}</th>
                  <th scope="col">{t('promotions.entries.columns.amount')}</th>
                  <th scope="col">{t('promotions.entries.columns.deposit')}</th>
                  <th scope="col">{created}</th>
                  <th scope="col">{t('promotions.entries.columns.paid')}</th>
                </tr>
              </thead>
              <tbody>
                {page.list.map((entry) => (
                  <tr key={entry.id} data-entry={entry.id}>
                    <td data-label={t('promotions.entries.columns.member')}>
                      {entry.username} <span className="cs-muted">#{entry.memberId}</span>
                    </td>
                    <td data-label={t('promotions.entries.columns.status')}>
                      <span
                        className={`cs-badge cs-promo-entry is-${entry.status.toLowerCase()}`}
                        data-status={entry.status}
                      >
                        {t(`promotions.entryStatuses.${entry.status}`, { defaultValue: entry.status })}
                      </span>
                    </td>
                    <td data-label={t('promotions.entries.columns.period')}>
                      {entry.periodKey === 'once' ? t('promotions.entries.once') : entry.periodKey}
                    </td>
                    <td data-label={t('promotions.entries.columns.amount')} className="cs-amount">
                      {formatMoney(entry.amount)}
                    </td>
                    <td data-label={t('promotions.entries.columns.deposit')} className="cs-amount">
                      {entry.depositAmount === null ? '—' : formatMoney(entry.depositAmount)}
                    </td>
                    <td data-label={created}>
                      <span className="cs-time">{dateTime(entry.createdAt)}</span>
                    </td>
                    <td data-label={t('promotions.entries.columns.paid')}>
                      {entry.paidAt ? <span className="cs-time">{dateTime(entry.paidAt)}</span> : '—'}
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
