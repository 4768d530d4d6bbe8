import { useEffect, useId, useState } from 'react';

import { DateRangeFilter } from '../../../components/DateRangeFilter';
import { errorText } from '../../../components/errorText';
import { Pagination } from '../../../components/Pagination';
import { useTranslation } from '../../../i18n/react';
import { dateTime, type DayRange, previousDays } from '../../../lib/dates';
import { RECORD_TYPES } from '../../../lib/recordKinds';
import { isLedgerKind, readableReference } from '../../../lib/recordReference';
import { agentApi, type TeamRecord, type TeamRecords } from '../api';
import { Loading, Money } from '../components/common';
import { MemberSearch, RangeProblem, ReportTable } from '../components/reportParts';
import { rangeAllowed, rangeInstants } from '../figures';

export const RECORDS_PAGE_SIZE = 20;

interface Filter {
  username?: string;
  type?: string;
  range: DayRange;
  page: number;
}

// agentDownlineTransactions: every movement of the team's wallets (or one member's), by type and days.
export function DownlineTransactionsPage() {
  const { t } = useTranslation();
  const referenceText = (r: TeamRecord) => {
    const readable = readableReference(r);
    return readable ? t(readable.key, readable.values) : r.reference;
  };
  const typeId = useId();
  const [filter, setFilter] = useState<Filter>(() => ({ range: previousDays(7), page: 1 }));
  const [records, setRecords] = useState<TeamRecords | null>(null);
  const [error, setError] = useState<string | null>(null);
  const allowed = rangeAllowed(filter.range);
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    setError(null);
    const { username, type, range, page } = filter;
    agentApi.teamTransactions({ username, type, ...rangeInstants(range), page, pageSize: RECORDS_PAGE_SIZE }).then(
      (found) => live && setRecords(found),
      (problem: unknown) => live && setError(errorText(t, problem)),
    );
    return () => {
      live = false;
    };
  }, [filter, allowed, t]);
  const refine = (change: Partial<Filter>) => setFilter((current) => ({ ...current, ...change, page: 1 }));
  return (
    <div className="ac-page" data-testid="agent-transactions">
      <MemberSearch onSearch={(username) => refine({ username })} />
      <div className="filters ac-filters">
        <label htmlFor={typeId}>{t('wallet.records.type')}</label>
        <select id={typeId} value={filter.type ?? ''} onChange={(e) => refine({ type: e.target.value || undefined })}>
          <option value="">{t('wallet.records.allTypes')}</option>
          {RECORD_TYPES.map((name) => <option key={name} value={name}>{t(`wallet.records.types.${name}`)}</option>)}
        </select>
        <DateRangeFilter range={filter.range} onChange={(range) => refine({ range })} />
      </div>
      <RangeProblem range={filter.range} />
      {allowed && error && <p className="form-error" role="alert">{error}</p>}
      {allowed && !records && !error && <Loading />}
      {allowed && !error && records && records.list.length === 0 && <p className="empty-state">{t('agentCentre.reports.noRecords')}</p>}
      {allowed && !error && records && records.list.length > 0 && (
        <>
          <ReportTable testId="agent-record-table">
            <thead>
              <tr>
                <th scope="col">{t('agentCentre.reports.username')}</th>
                <th scope="col">{t('agentCentre.team.columns.level')}</th>
                <th scope="col">{t('wallet.time')}</th>
                <th scope="col">{t('wallet.records.type')}</th>
                <th scope="col">{t('wallet.amount')}</th>
                <th scope="col">{t('wallet.records.balanceAfter')}</th>
                <th scope="col">{t('wallet.records.reference')}</th>
              </tr>
            </thead>
            <tbody>
              {records.list.map((r) => (
                <tr key={r.id} data-testid="agent-record-row">
                  <td>{r.username}</td>
                  <td>{r.level}</td>
                  <td>{dateTime(r.createdAt)}</td>
                  <td>
                    {t(`wallet.records.types.${r.type}`, { defaultValue: r.type })}
                    {isLedgerKind(r.kind) && <span className="record-kind">{t(`wallet.records.kinds.${r.kind}`)}</span>}
                  </td>
                  <td><Money amount={r.amount} signed /></td>
                  <td><Money amount={r.balanceAfter} /></td>
                  <td className="muted">{referenceText(r)}</td>
                </tr>
              ))}
            </tbody>
          </ReportTable>
          <Pagination page={records.pageNum} totalPages={records.totalPages}
            onPage={(page) => setFilter((current) => ({ ...current, page }))} />
        </>
      )}
    </div>
  );
}
