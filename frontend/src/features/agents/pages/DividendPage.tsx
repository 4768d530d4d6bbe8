import { useCallback, useEffect, useState } from 'react';

import { ApiError } from '../../../api/client';
import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { agentApi, type Dividend, type Dividends, type DividendStatus } from '../api';
import { Loading, Money } from '../components/common';
import { ReportTable } from '../components/reportParts';
import { bpsPercent } from '../figures';
import { SettlementBets } from '../components/SettlementBets';
import { ExplainButton, settlementPeriod, WorkedOut } from './IncomePage';

const SHOWN: readonly DividendStatus[] = ['PENDING', 'ALL'];

function Row({ row, busy, onApprove, onExplain }: {
  row: Dividend;
  busy: boolean;
  onApprove: (row: Dividend) => void;
  onExplain: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <tr data-testid="agent-dividend-row" data-settlement={row.id}>
      <td>{row.member}</td>
      <td>{settlementPeriod(row)}</td>
      <td><Money amount={row.netLoss ?? '0.00'} signed /></td>
      <td>{t('agentCentre.contracts.percent', { rate: bpsPercent(row.rateBps) })}</td>
      <td><Money amount={row.amount} /></td>
      <td className="muted"><WorkedOut row={row} /></td>
      <td><ExplainButton id={row.id} onExplain={onExplain} /></td>
      <td>
        {row.status !== 'PENDING' ? (
          <span className="status">{t('agentCentre.dividend.paid')}</span>
        ) : confirming ? (
          <span className="form-actions ac-confirm" role="group" aria-label={t('agentCentre.contracts.confirmTitle')}>
            <span>{t('agentCentre.dividend.confirm', { amount: row.amount, agent: row.member })}</span>
            <button type="button" className="button button-small" disabled={busy} onClick={() => onApprove(row)}>
              {t('common.confirm')}
            </button>
            <button type="button" className="button button-ghost button-small" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
          </span>
        ) : (
          <button type="button" className="button button-small" disabled={busy} onClick={() => setConfirming(true)}>
            {t('agentCentre.dividend.approve')}
          </button>
        )}
      </td>
    </tr>
  );
}

// The "dividend" entry of SPEC §2.4: the dividends of the agents directly below me (the contracts I offered),
// each with how it was worked out; approving one pays it now, once (the "dividend process" call). My own
// dividends are in my income, paid when my upline approves them.
export function DividendPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DividendStatus>('PENDING');
  const [found, setFound] = useState<Dividends | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [explaining, setExplaining] = useState<number | null>(null);
  const load = useCallback(() => {
    agentApi.dividends(status).then(setFound, (problem: unknown) => setError(errorText(t, problem)));
  }, [status, t]);
  useEffect(load, [load]);
  const approve = async (row: Dividend) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const paid = await agentApi.processDividend(row.id);
      setDone(t('agentCentre.dividend.done', { amount: paid.amount, agent: paid.member }));
    } catch (problem) {
      // Paid meanwhile (another tab): the list read again shows it so.
      setError(problem instanceof ApiError && problem.code === 'AGENT_SETTLEMENT_STATE'
        ? t('errors.AGENT_SETTLEMENT_STATE') : errorText(t, problem));
    } finally {
      setBusy(false);
      load();
    }
  };
  return (
    <div className="ac-page" data-testid="agent-dividends">
      <p className="form-hint">{t('agentCentre.dividend.explain')}</p>
      <div className="ac-chips" role="group" aria-label={t('agentCentre.dividend.show')}>
        {SHOWN.map((s) => (
          <button key={s} type="button" className={s === status ? 'ac-chip active' : 'ac-chip'} aria-pressed={s === status}
            onClick={() => setStatus(s)}>
            {t(`agentCentre.dividend.statuses.${s}`)}
          </button>
        ))}
      </div>
      {error && <p className="form-error" role="alert">{error}</p>}
      {done && <p className="notice" role="status">{done}</p>}
      {!found && !error && <Loading />}
      {found && (
        <>
          <dl className="ac-totals">
            <div className="ac-total" data-testid="agent-dividends-pending">
              <dt>{t('agentCentre.dividend.totalPending')}</dt>
              <dd><Money amount={found.totalPending} /></dd>
            </div>
          </dl>
          {found.list.length === 0 ? (
            <p className="empty-state">{t(`agentCentre.dividend.empty.${status}`)}</p>
          ) : (
            <ReportTable testId="agent-dividends-table">
              <thead>
                <tr>
                  <th scope="col">{t('agentCentre.contracts.ending.agent')}</th>
                  <th scope="col">{t('agentCentre.income.period')}</th>
                  <th scope="col">{t('agentCentre.dividend.netLoss')}</th>
                  <th scope="col">{t('agentCentre.contracts.rate')}</th>
                  <th scope="col">{t('agentCentre.dividend.amount')}</th>
                  <th scope="col">{t('agentCentre.income.workedOut')}</th>
                  <th scope="col">{t('agentCentre.explain.column')}</th>
                  <th scope="col">{t('agentCentre.dividend.action')}</th>
                </tr>
              </thead>
              <tbody>
                {found.list.map((row) => (
                  <Row key={row.id} row={row} busy={busy} onApprove={(r) => void approve(r)} onExplain={setExplaining} />
                ))}
              </tbody>
            </ReportTable>
          )}
          {explaining !== null && <SettlementBets key={explaining} settlementId={explaining} onClose={() => setExplaining(null)} />}
        </>
      )}
    </div>
  );
}
