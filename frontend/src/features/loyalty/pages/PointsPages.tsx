import { useState } from 'react';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { Failed, Loading, loyaltyApi, moment, Pager, points, PointsSummary, useLoad } from '../shared';

const PAGE_SIZE = 10;

// pointsDetails (SPEC §2.3, §7 "member transaction details"): the member's points, then every change of
// them, newest first: when, why, how many and the balance after.
export function PointsDetailsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const balance = useLoad((signal) => loyaltyApi.points(signal), [reloads]);
  const details = useLoad((signal) => loyaltyApi.details(page, PAGE_SIZE, signal), [page, reloads]);
  return (
    <div className="loyalty-page" data-testid="points-details">
      {balance.phase === 'ready' && <PointsSummary balance={balance.value} />}
      {balance.phase === 'failed' && <p className="form-error" role="alert">{errorText(t, balance.error)}</p>}
      {details.phase === 'loading' && <Loading />}
      {details.phase === 'failed' && <Failed error={details.error} onRetry={() => setReloads((n) => n + 1)} />}
      {details.phase === 'ready' &&
        (details.value.list.length === 0 ? (
          <p className="empty-state">{t('loyalty.points.noDetails')}</p>
        ) : (
          <>
            <ul className="loyalty-rows" data-testid="points-rows">
              {details.value.list.map((row) => (
                <li key={row.id} className="loyalty-row" data-testid="points-row">
                  <div className="loyalty-row-main">
                    <span>{t(`loyalty.points.reasons.${row.reason}`)}</span>
                    <strong className={row.change < 0 ? 'points-change negative' : 'points-change positive'}>
                      {row.change > 0 ? `+${points(row.change)}` : points(row.change)}
                    </strong>
                  </div>
                  <p className="muted loyalty-row-line">{t('loyalty.points.after', { at: moment(row.createdAt), balance: points(row.balance) })}</p>
                </li>
              ))}
            </ul>
            <Pager page={page} pageSize={PAGE_SIZE} total={details.value.total} onPage={setPage} />
          </>
        ))}
    </div>
  );
}

// redeemHistory (SPEC §2.3, §4 redeem status In Process, Rejected, Approved): what the member redeemed in
// the point mall, newest first, with its status, the delivery address of goods and a refusal's reason.
export function RedeemHistoryPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const state = useLoad((signal) => loyaltyApi.redeems(page, PAGE_SIZE, signal), [page, reloads]);
  if (state.phase === 'loading') return <Loading />;
  if (state.phase === 'failed') return <Failed error={state.error} onRetry={() => setReloads((n) => n + 1)} />;
  const { list, total } = state.value;
  if (list.length === 0) return <p className="empty-state">{t('loyalty.redeems.empty')}</p>;
  return (
    <div className="loyalty-page" data-testid="redeem-history">
      <ul className="loyalty-rows">
        {list.map((redeem) => (
          <li key={redeem.id} className="loyalty-row" data-testid="redeem-row">
            <div className="loyalty-row-main">
              <span>{t('loyalty.redeems.item', { name: redeem.itemName, quantity: redeem.quantity })}</span>
              <span className={`loyalty-status redeem-${redeem.status.toLowerCase()}`}>{t(`loyalty.redeems.status.${redeem.status}`)}</span>
            </div>
            <p className="muted loyalty-row-line">
              {t(`loyalty.mall.categories.${redeem.category}`)} · {t('loyalty.redeems.points', { points: points(redeem.points) })} · {moment(redeem.createdAt)}
            </p>
            {redeem.address && <p className="loyalty-row-line">{t('loyalty.redeems.deliverTo', { address: redeem.address, mobile: redeem.mobile ?? '' })}</p>}
            {redeem.reason && <p className="loyalty-row-line form-error">{t('loyalty.redeems.reason', { reason: redeem.reason })}</p>}
            {redeem.decidedAt !== null && <p className="muted loyalty-row-line">{t('loyalty.redeems.decidedAt', { at: moment(redeem.decidedAt) })}</p>}
          </li>
        ))}
      </ul>
      <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
    </div>
  );
}
