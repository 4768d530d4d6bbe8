// What the member sees in the portal's records, for support on the phone with them: the betting record
// (rounds, with totals) and the account records (deposits, withdrawals, transfers, bonuses), by type or
// category and dates, a page at a time. Amounts are the server's strings.
import { useCallback, useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { type BetsPage, isSessionProblem, readMemberBets, readMemberTransactions, type RecordsPage, type RecordsQuery } from '../../api';
import { Field } from '../../components/Field';
import { Loading } from '../../components/Problem';
import { walletKind } from '../../labels';
import { Block, Failed } from './blocks';

export const BET_CATEGORIES = ['LIVE', 'RNG', 'SPORTS', 'FISH', 'PVP', 'ESPORTS', 'LOTT', 'ELOTT'] as const;
export const RECORD_TYPES = ['DEPOSIT', 'WITHDRAW', 'TRANSFER', 'BONUS', 'SALARY', 'GAME', 'TRIAL', 'ADJUSTMENT'] as const;
const PAGE_SIZE = 20;

type Tab = 'bets' | 'transactions';
type Page = { kind: 'bets'; value: BetsPage } | { kind: 'transactions'; value: RecordsPage };

// A day (yyyy-mm-dd, the date input's value) as the start of that UTC day, for the account records' filter.
export function dayStart(day: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00Z` : undefined;
}

// The end of that day: the next day's start, which the filter excludes.
export function dayEnd(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().replace('.000Z', 'Z');
}

function BetsTable({ page }: { page: BetsPage }) {
  const { t } = useTranslation();
  return (
    <table className="cs-table" aria-label={t('records.bets')}>
      <thead>
        <tr>
          <th scope="col">{t('records.columns.placed')}</th>
          <th scope="col">{t('records.columns.game')}</th>
          <th scope="col">{t('records.columns.category')}</th>
          <th scope="col">{t('records.columns.round')}</th>
          <th scope="col">{t('records.columns.status')}</th>
          <th scope="col" className="cs-amount">{t('records.columns.bet')}</th>
          <th scope="col" className="cs-amount">{t('records.columns.win')}</th>
          <th scope="col" className="cs-amount">{t('records.columns.profit')}</th>
        </tr>
      </thead>
      <tbody>
        {page.list.length === 0 ? (
          <tr>
            <td colSpan={8} className="cs-muted">{t('records.none')}</td>
          </tr>
        ) : (
          page.list.map((bet) => (
            <tr key={`${bet.vassalage}:${bet.roundId}`}>
              <td className="cs-time">{dateTime(bet.placedAt)}</td>
              <td>{bet.gameName}</td>
              <td>{t(`records.categories.${bet.category}`, { defaultValue: bet.category })}</td>
              <td className="cs-detail">{bet.roundId}</td>
              <td>{t(`records.betStatus.${bet.status}`)}</td>
              <td className="cs-amount">{bet.betAmount}</td>
              <td className="cs-amount">{bet.winAmount}</td>
              <td className={bet.profit.startsWith('-') ? 'cs-amount is-debit' : 'cs-amount'}>{bet.profit}</td>
            </tr>
          ))
        )}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={5}>{t('records.totals', { count: String(page.totals.count) })}</th>
          <td className="cs-amount">{page.totals.betAmount}</td>
          <td className="cs-amount">{page.totals.winAmount}</td>
          <td className="cs-amount">{page.totals.profit}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function TransactionsTable({ page }: { page: RecordsPage }) {
  const { t } = useTranslation();
  return (
    <table className="cs-table" aria-label={t('records.transactions')}>
      <thead>
        <tr>
          <th scope="col">{t('records.columns.at')}</th>
          <th scope="col">{t('records.columns.type')}</th>
          <th scope="col">{t('records.columns.wallet')}</th>
          <th scope="col">{t('records.columns.reference')}</th>
          <th scope="col" className="cs-amount">{t('records.columns.amount')}</th>
          <th scope="col" className="cs-amount">{t('records.columns.balanceAfter')}</th>
        </tr>
      </thead>
      <tbody>
        {page.list.length === 0 ? (
          <tr>
            <td colSpan={6} className="cs-muted">{t('records.none')}</td>
          </tr>
        ) : (
          page.list.map((record) => (
            <tr key={record.id}>
              <td className="cs-time">{dateTime(record.createdAt)}</td>
              <td>{t(`records.types.${record.type}`)}</td>
              <td>{walletKind(t, record.wallet)}</td>
              <td className="cs-detail">{record.reference}</td>
              <td className={record.amount.startsWith('-') ? 'cs-amount is-debit' : 'cs-amount'}>{record.amount}</td>
              <td className="cs-amount">{record.balanceAfter}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

export function Records({ memberId, moved }: { memberId: number; moved: number }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('bets');
  const [filter, setFilter] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<Page | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const latest = useRef(0);

  const load = useCallback(() => {
    const request = ++latest.current;
    setProblem(null);
    const query: RecordsQuery = { filter: filter || undefined, from: from || undefined, to: to || undefined, pageNo, pageSize: PAGE_SIZE };
    const read: Promise<Page> =
      tab === 'bets'
        ? readMemberBets(memberId, query).then((value) => ({ kind: 'bets', value }))
        : readMemberTransactions(memberId, { ...query, from: dayStart(from), to: dayEnd(to) }).then((value) => ({
            kind: 'transactions',
            value,
          }));
    read.then(
      (found) => {
        if (request === latest.current) setPage(found);
      },
      (error: unknown) => {
        if (request === latest.current && !isSessionProblem(error)) setProblem(error);
      },
    );
  }, [memberId, tab, filter, from, to, pageNo]);

  // `moved`: the member's money moved, so the first page may have changed.
  useEffect(load, [load, moved]);

  const choose = (next: Tab) => {
    setTab(next);
    setFilter('');
    setPageNo(1);
    setPage(null);
  };
  // A changed filter reads from its first page.
  const refine = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPageNo(1);
  };
  const totalPages = page ? page.value.totalPages : 0;
  const options = tab === 'bets' ? BET_CATEGORIES : RECORD_TYPES;

  return (
    <Block id="cs-member-records" title={t('records.title')}>
      <div className="cs-tabs" role="tablist" aria-label={t('records.title')}>
        {(['bets', 'transactions'] as const).map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} className="cs-tab" onClick={() => choose(name)}>
            {t(`records.${name}`)}
          </button>
        ))}
      </div>
      <div className="cs-filters cs-record-filters">
        <div className="cs-field">
          <label htmlFor="cs-record-filter">{tab === 'bets' ? t('records.category') : t('records.type')}</label>
          <select id="cs-record-filter" value={filter} onChange={(event) => refine(setFilter)(event.target.value)}>
            <option value="">{t('records.all')}</option>
            {options.map((option) => (
              <option key={option} value={option}>
                {t(tab === 'bets' ? `records.categories.${option}` : `records.types.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <Field label={t('records.from')} type="date" value={from} onValue={refine(setFrom)} />
        <Field label={t('records.to')} type="date" value={to} onValue={refine(setTo)} />
      </div>
      {problem !== null ? (
        <Failed problem={problem} retry={load} />
      ) : page === null || page.kind !== tab ? (
        <Loading />
      ) : (
        <div className="cs-table-wrap">
          {page.kind === 'bets' ? <BetsTable page={page.value} /> : <TransactionsTable page={page.value} />}
        </div>
      )}
      {totalPages > 1 && (
        <div className="cs-actions cs-paging">
          <button type="button" className="cs-button secondary small" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
            {t('records.previous')}
          </button>
          <span className="cs-muted">{t('records.page', { page: String(pageNo), pages: String(totalPages) })}</span>
          <button type="button" className="cs-button secondary small" disabled={pageNo >= totalPages} onClick={() => setPageNo(pageNo + 1)}>
            {t('records.next')}
          </button>
        </div>
      )}
    </Block>
  );
}
