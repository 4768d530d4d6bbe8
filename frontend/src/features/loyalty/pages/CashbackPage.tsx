import { useState } from 'react';

import { errorText } from '../../../components/errorText';
import { Section } from '../../../components/Section';
import { useTranslation } from '../../../i18n/react';
import { parseCents } from '../../../lib/money';
import { refreshBalance } from '../../../state/balance';
import { Failed, Loading, loyaltyApi, moment, Pager, rateText, useLoad, useMoney } from '../shared';

const PAGE_SIZE = 10;

// The claims paid so far, newest first, a page at a time.
function ClaimHistory({ reloads }: { reloads: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const state = useLoad((signal) => loyaltyApi.cashbackClaims(page, PAGE_SIZE, signal), [page, reloads]);
  if (state.phase === 'loading') return <Loading />;
  if (state.phase === 'failed') return <p className="form-error" role="alert">{errorText(t, state.error)}</p>;
  const { list, total } = state.value;
  if (list.length === 0) return <p className="empty-state">{t('loyalty.cashback.noClaims')}</p>;
  return (
    <>
      <ul className="loyalty-rows" data-testid="cashback-claims">
        {list.map((claim) => (
          <li key={`${claim.at}:${claim.since}`} className="loyalty-row">
            <div className="loyalty-row-main">
              <strong className="money">{money(claim.amount)}</strong>
              <span className="muted">{claim.auto ? t('loyalty.cashback.auto') : t('loyalty.cashback.claimed')}</span>
            </div>
            <p className="muted loyalty-row-line">{t('loyalty.cashback.period', { since: moment(claim.since), until: moment(claim.until) })}</p>
            <p className="muted loyalty-row-line">{moment(claim.at)}</p>
          </li>
        ))}
      </ul>
      <Pager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
    </>
  );
}

// manualRebate (SPEC §2.3, switch MANPLAYREB3): the cashback accrued since the last claim, per game category
// (valid turnover, the member's level's rate, the amount), its total and the Claim button; a brand that pays
// cashback daily by itself shows what accrues and says so. Then the claims so far.
export function CashbackPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const [reloads, setReloads] = useState(0);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const state = useLoad((signal) => loyaltyApi.cashback(signal), [reloads]);
  if (state.phase === 'loading') return <Loading />;
  if (state.phase === 'failed') return <Failed error={state.error} onRetry={() => setReloads((n) => n + 1)} />;
  const cashback = state.value;
  const claimable = cashback.mode === 'MANUAL' && (parseCents(cashback.total) ?? 0n) > 0n;
  const claim = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const paid = await loyaltyApi.claimCashback();
      setMessage({ ok: true, text: t('loyalty.cashback.done', { amount: money(paid.amount) }) });
      void refreshBalance();
    } catch (error) {
      setMessage({ ok: false, text: errorText(t, error) });
    } finally {
      setBusy(false);
      setReloads((n) => n + 1);
    }
  };
  return (
    <div className="loyalty-page cashback" data-testid="cashback">
      {message && (
        <p className={message.ok ? 'notice' : 'form-error'} role={message.ok ? 'status' : 'alert'} data-testid="cashback-message">
          {message.text}
        </p>
      )}
      <Section title={t('loyalty.cashback.accrued')}>
        <p className="form-hint">{t('loyalty.cashback.period', { since: moment(cashback.since), until: moment(cashback.until) })}</p>
        {cashback.rows.length === 0 ? (
          <p className="empty-state">{t('loyalty.cashback.nothing')}</p>
        ) : (
          <ul className="loyalty-rows" data-testid="cashback-rows">
            {cashback.rows.map((row) => (
              <li key={row.category} className="loyalty-row" data-category={row.category}>
                <div className="loyalty-row-main">
                  <span>{t(`categories.${row.category}`, { defaultValue: row.category })}</span>
                  <strong className="money">{money(row.amount)}</strong>
                </div>
                <p className="muted loyalty-row-line">
                  {t('loyalty.cashback.rowLine', { turnover: money(row.turnover), rate: rateText(row.rate) })}
                </p>
              </li>
            ))}
          </ul>
        )}
        <div className="cashback-total">
          <span>{t('loyalty.cashback.total')}</span>
          <strong className="money" data-testid="cashback-total">{money(cashback.total)}</strong>
        </div>
        {cashback.mode === 'DAILY' ? (
          <p className="notice">{t('loyalty.cashback.daily')}</p>
        ) : (
          <button type="button" className="button" data-testid="cashback-claim" disabled={busy || !claimable} aria-busy={busy}
            onClick={() => void claim()}>
            {busy ? t('loyalty.cashback.claiming') : t('loyalty.cashback.claim')}
          </button>
        )}
        {cashback.lastClaim && (
          <p className="form-hint">{t('loyalty.cashback.last', { amount: money(cashback.lastClaim.amount), at: moment(cashback.lastClaim.at) })}</p>
        )}
      </Section>
      <Section title={t('loyalty.cashback.history')}>
        <ClaimHistory reloads={reloads} />
      </Section>
    </div>
  );
}
