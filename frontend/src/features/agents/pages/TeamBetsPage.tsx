import { useEffect, useId, useState } from 'react';

import { DateRangeFilter } from '../../../components/DateRangeFilter';
import { errorText } from '../../../components/errorText';
import { Pagination } from '../../../components/Pagination';
import { useTranslation } from '../../../i18n/react';
import { dateTime, type DayRange, previousDays } from '../../../lib/dates';
import { CATEGORIES } from '../../../lib/recordKinds';
import { shortRound } from '../../../lib/recordReference';
import { agentApi, type TeamBets, type TeamBetsQuery } from '../api';
import { Loading, Money } from '../components/common';
import { MemberSearch, RangeProblem, ReportTable } from '../components/reportParts';
import { rangeAllowed } from '../figures';

export const BETS_PAGE_SIZE = 20;

// agentTeamBets: every round of the team (or of one member), by category and days, a page at a time, with
// the totals over the whole filter that the server adds up.
export function TeamBetsPage() {
  const { t } = useTranslation();
  const categoryId = useId();
  const [query, setQuery] = useState<TeamBetsQuery>(() => ({ ...previousDays(7), pageNo: 1, pageSize: BETS_PAGE_SIZE }));
  const [bets, setBets] = useState<TeamBets | null>(null);
  const [error, setError] = useState<string | null>(null);
  const allowed = rangeAllowed(query);
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    setError(null);
    agentApi.teamBets(query).then(
      (found) => live && setBets(found),
      (problem: unknown) => live && setError(errorText(t, problem)),
    );
    return () => {
      live = false;
    };
  }, [query, allowed, t]);
  const refine = (change: Partial<TeamBetsQuery>) => setQuery((current) => ({ ...current, ...change, pageNo: 1 }));
  const range: DayRange = { startDate: query.startDate, endDate: query.endDate };
  return (
    <div className="ac-page" data-testid="agent-bets">
      <MemberSearch onSearch={(username) => refine({ username })} />
      <div className="filters ac-filters">
        <label htmlFor={categoryId}>{t('records.category')}</label>
        <select id={categoryId} value={query.category ?? ''} onChange={(e) => refine({ category: e.target.value || undefined })}>
          <option value="">{t('records.allCategories')}</option>
          {CATEGORIES.map((c) => <option key={c} value={c}>{t(`categories.${c}`)}</option>)}
        </select>
        <DateRangeFilter range={range} onChange={(next) => refine(next)} />
      </div>
      <RangeProblem range={range} />
      {allowed && error && <p className="form-error" role="alert">{error}</p>}
      {allowed && !bets && !error && <Loading />}
      {allowed && !error && bets && <BetsTable bets={bets} onPage={(pageNo) => setQuery((current) => ({ ...current, pageNo }))} />}
    </div>
  );
}

// The team's rounds with their totals; `settled`: timed by when they settled (a settlement's bets), not placed.
export function BetsTable({ bets, onPage, settled = false }: {
  bets: Pick<TeamBets, 'list' | 'pageNum' | 'totalPages' | 'totals'>;
  onPage: (page: number) => void;
  settled?: boolean;
}) {
  const { t } = useTranslation();
  if (bets.list.length === 0) return <p className="empty-state">{t('records.empty')}</p>;
  return (
    <>
      <ReportTable testId="agent-bet-table">
        <thead>
          <tr>
            <th scope="col">{t('agentCentre.reports.username')}</th>
            <th scope="col">{t('agentCentre.team.columns.level')}</th>
            <th scope="col">{t('records.game')}</th>
            <th scope="col">{t('records.category')}</th>
            <th scope="col">{t('records.vendor')}</th>
            <th scope="col">{t('records.bet')}</th>
            <th scope="col">{t('records.win')}</th>
            <th scope="col">{t('records.profit')}</th>
            <th scope="col">{t('records.status')}</th>
            <th scope="col">{t(settled ? 'agentCentre.explain.settledAt' : 'records.time')}</th>
          </tr>
        </thead>
        <tbody>
          {bets.list.map((bet) => (
            <tr key={bet.roundId} data-testid="agent-bet-row">
              <td>{bet.username}</td>
              <td>{bet.level}</td>
              <td>
                {bet.gameName}
                <span className="round-ref" title={bet.roundId}>{t('records.roundRef', { round: shortRound(bet.roundId) })}</span>
              </td>
              <td>{t(`categories.${bet.category}`, { defaultValue: bet.category })}</td>
              <td>{bet.vassalage}</td>
              <td><Money amount={bet.betAmount} /></td>
              <td><Money amount={bet.winAmount} /></td>
              <td><Money amount={bet.profit} signed /></td>
              <td><span className={`status status-${bet.status.toLowerCase()}`}>{t(`records.statuses.${bet.status}`)}</span></td>
              <td>{dateTime(settled && bet.settledAt ? bet.settledAt : bet.placedAt)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="total" data-testid="agent-bet-totals">
            <td colSpan={5}>{t('records.totals', { rounds: bets.totals.count })}</td>
            <td><Money amount={bets.totals.betAmount} /></td>
            <td><Money amount={bets.totals.winAmount} /></td>
            <td><Money amount={bets.totals.profit} signed /></td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </ReportTable>
      <Pagination page={bets.pageNum} totalPages={bets.totalPages} onPage={onPage} />
    </>
  );
}
