import { useEffect, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { Pagination } from '../../../components/Pagination';
import { useTranslation } from '../../../i18n/react';
import { isoDay, zoneLabel } from '../../../lib/dates';
import { agentApi, type Income, type Settlement } from '../api';
import { Loading, Money } from '../components/common';
import { ReportTable } from '../components/reportParts';
import { SettlementBets } from '../components/SettlementBets';
import { bpsPercent } from '../figures';

export const INCOME_PAGE_SIZE = 20;

// A salary day is a day of the merchant's books (server/agents/team.py BUSINESS_ZONE, Manila), not the
// viewer's: its start, 00:00 in Manila, is the evening before for a viewer further west.
const BOOKS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' });
function serverDay(ms: number): string {
  return BOOKS_DAY.format(ms);
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

// An hour (or a real-time salary's five minutes) is the same wherever it is read, so it is shown in the viewer's own time, its zone named:
// "2026-11-26 14:00–15:00 GMT+7" (the day the hour starts on). A day stays the books' day.
// A dividend's period of several days: its first and last days of the books.
const WITHIN_A_DAY: readonly string[] = ['HOURLY_SALARY', 'REALTIME_SALARY'];
export function settlementPeriod({ kind, periodStart, periodEnd }: Pick<Settlement, 'kind' | 'periodStart' | 'periodEnd'>): string {
  if (!WITHIN_A_DAY.includes(kind)) {
    const first = serverDay(periodStart);
    const last = serverDay(periodEnd - 1);
    return first === last ? first : `${first} – ${last}`;
  }
  const start = new Date(periodStart);
  const end = new Date(periodEnd);
  return `${isoDay(start)} ${clock(start)}–${clock(end)} ${zoneLabel(start)}`;
}

// How the amount came from the inputs, as the server worked it out (server/agents/salary.py, dividend.py).
export function WorkedOut({ row }: { row: Settlement }) {
  const { t } = useTranslation();
  const rate = bpsPercent(row.rateBps);
  if (row.kind === 'REALTIME_SALARY') {
    return (
      <>
        {t('agentCentre.income.realtimeFormula', {
          validBet: row.validBet, rate, lost: row.lost ?? '0.00', lossRate: bpsPercent(row.lossRateBps ?? 0),
          won: row.won ?? '0.00', profitRate: bpsPercent(row.profitRateBps ?? 0), amount: row.amount,
        })}
      </>
    );
  }
  if (row.kind !== 'DIVIDEND') return <>{t('agentCentre.income.formula', { validBet: row.validBet, rate, amount: row.amount })}</>;
  return (
    <>
      {t('agentCentre.income.dividendFormula', {
        netLoss: row.netLoss ?? '0.00', carryIn: row.carryIn ?? '0.00', rate, lower: row.lowerDividends ?? '0.00', amount: row.amount,
      })}
    </>
  );
}

// "Bets": the bets a settlement was worked out from, shown below the table.
export function ExplainButton({ id, onExplain }: { id: number; onExplain: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="link-button" aria-label={t('agentCentre.explain.open', { id })} onClick={() => onExplain(id)}>
      {t('agentCentre.explain.column')}
    </button>
  );
}

// agentIncome: what the agent's contracts paid it, newest period first (a day, an hour of the hourly salary,
// a dividend's period), each with its kind and the figures it was worked out from, shown as the server sent
// them: recomputing the amount here could only disagree with what was paid. A dividend waits for the
// upline's approval before it is paid.
export function IncomePage() {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [income, setIncome] = useState<Income | null>(null);
  const [explaining, setExplaining] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    agentApi.income(pageNum, INCOME_PAGE_SIZE).then(
      (found) => live && setIncome(found),
      (problem: unknown) => live && setError(errorText(t, problem)),
    );
    return () => {
      live = false;
    };
  }, [pageNum, t]);
  if (error) return <p className="form-error" role="alert">{error}</p>;
  if (!income) return <Loading />;
  return (
    <div className="ac-page" data-testid="agent-income">
      <dl className="ac-totals">
        <div className="ac-total" data-testid="agent-income-total">
          <dt>{t('agentCentre.income.totalPaid')}</dt>
          <dd><Money amount={income.totalPaid} /></dd>
        </div>
        {income.totalPending !== '0.00' && (
          <div className="ac-total" data-testid="agent-income-pending">
            <dt>{t('agentCentre.income.totalPending')}</dt>
            <dd><Money amount={income.totalPending} /></dd>
          </div>
        )}
      </dl>
      <p className="form-hint">{t('agentCentre.contracts.explain')}</p>
      {income.list.length === 0 ? (
        <p className="empty-state">{t('agentCentre.income.empty')}</p>
      ) : (
        <>
          <ReportTable testId="agent-income-table">
            <thead>
              <tr>
                <th scope="col">{t('agentCentre.income.period')}</th>
                <th scope="col">{t('agentCentre.income.kind')}</th>
                <th scope="col">{t('records.validBet')}</th>
                <th scope="col">{t('agentCentre.income.activeMembers')}</th>
                <th scope="col">{t('agentCentre.contracts.rate')}</th>
                <th scope="col">{t('agentCentre.income.amount')}</th>
                <th scope="col">{t('agentCentre.income.workedOut')}</th>
                <th scope="col">{t('agentCentre.income.contract')}</th>
                <th scope="col">{t('agentCentre.explain.column')}</th>
              </tr>
            </thead>
            <tbody>
              {income.list.map((row) => (
                <tr key={row.id} data-testid="agent-income-row">
                  <td>{settlementPeriod(row)}</td>
                  <td>{t(`agentCentre.contracts.kinds.${row.kind}`, { defaultValue: row.kind })}</td>
                  <td><Money amount={row.validBet} /></td>
                  <td>{row.activeMembers}</td>
                  <td>{t('agentCentre.contracts.percent', { rate: bpsPercent(row.rateBps) })}</td>
                  <td>
                    <Money amount={row.amount} />
                    {row.status === 'PENDING' && <span className="status ac-pending">{t('agentCentre.income.pending')}</span>}
                  </td>
                  <td className="muted"><WorkedOut row={row} /></td>
                  <td className="muted">#{row.contractId}</td>
                  <td><ExplainButton id={row.id} onExplain={setExplaining} /></td>
                </tr>
              ))}
            </tbody>
          </ReportTable>
          <Pagination page={income.pageNum} totalPages={income.totalPages} onPage={setPageNum} />
          {explaining !== null && <SettlementBets key={explaining} settlementId={explaining} onClose={() => setExplaining(null)} />}
        </>
      )}
    </div>
  );
}
