import { useEffect, useState } from 'react';

import { DateRangeFilter } from '../../../components/DateRangeFilter';
import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { previousDays } from '../../../lib/dates';
import { agentApi, type MemberProfit, type TeamProfit, type TeamProfitQuery } from '../api';
import { Loading, Money } from '../components/common';
import { MemberSearch, RangeProblem, ReportTable } from '../components/reportParts';
import { rangeAllowed } from '../figures';

function Figures({ row }: { row: MemberProfit }) {
  return (
    <>
      <td>{row.count}</td>
      <td><Money amount={row.betAmount} /></td>
      <td><Money amount={row.validBet} /></td>
      <td><Money amount={row.winAmount} /></td>
      <td><Money amount={row.profit} signed /></td>
    </>
  );
}

// agentUserProfit: each member's result over the days, in the server's order (worst first), and the team's.
export function UserProfitPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<TeamProfitQuery>(() => previousDays(7));
  const [profit, setProfit] = useState<TeamProfit | null>(null);
  const [error, setError] = useState<string | null>(null);
  const allowed = rangeAllowed(query);
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    setError(null);
    setProfit(null);
    agentApi.teamProfit(query).then(
      (found) => live && setProfit(found),
      (problem: unknown) => live && setError(errorText(t, problem)),
    );
    return () => {
      live = false;
    };
  }, [query, allowed, t]);
  const refine = (change: Partial<TeamProfitQuery>) => setQuery((current) => ({ ...current, ...change }));
  return (
    <div className="ac-page" data-testid="agent-profit">
      <MemberSearch onSearch={(username) => refine({ username })} />
      <div className="filters ac-filters">
        <DateRangeFilter range={query} onChange={(next) => refine(next)} />
      </div>
      <RangeProblem range={query} />
      {allowed && error && <p className="form-error" role="alert">{error}</p>}
      {allowed && !profit && !error && <Loading />}
      {allowed && profit && profit.rows.length === 0 && <p className="empty-state">{t('records.empty')}</p>}
      {allowed && profit && profit.rows.length > 0 && (
        <ReportTable testId="agent-profit-table">
          <thead>
            <tr>
              <th scope="col">{t('agentCentre.reports.username')}</th>
              <th scope="col">{t('agentCentre.team.columns.level')}</th>
              <th scope="col">{t('records.rounds')}</th>
              <th scope="col">{t('records.bet')}</th>
              <th scope="col">{t('records.validBet')}</th>
              <th scope="col">{t('records.win')}</th>
              <th scope="col">{t('records.profit')}</th>
            </tr>
          </thead>
          <tbody>
            {profit.rows.map((row) => (
              <tr key={row.memberId} data-testid="agent-profit-row">
                <td>{row.username}</td>
                <td>{row.level}</td>
                <Figures row={row} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="total" data-testid="agent-profit-total">
              <td colSpan={2}>{t('records.total')}</td>
              <Figures row={profit.total} />
            </tr>
          </tfoot>
        </ReportTable>
      )}
    </div>
  );
}
