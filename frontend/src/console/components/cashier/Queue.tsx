// One queue of the desk (deposits, withdrawals, operators' bonus grants): its filters, its rows newest first
// with "More" for the orders before the last one shown, and each row's actions as its state and the login's
// permission allow.
// An action is confirmed with a reason first; its answer updates the row in place. An order that moved on
// meanwhile (409) says so and the queue is read again. A live arrival (`refresh`) re-reads it too.
import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { isSessionProblem } from '../../api';
import { CASHIER_PAGE, type QueueQuery } from '../../cashierApi';
import { problemText } from '../../i18n';
import { ConsoleError } from '../../transport';
import { Field } from '../Field';
import { Problem } from '../Problem';
import { ActionDialog, type Asking } from './ActionDialog';
import { isStale, NO_FILTERS, type QueueFilters, queueQuery, type Tab } from './rules';

const MAX_ROWS = 200; // the server's largest page: a re-read keeps at most this many rows

export interface QueueRow {
  orderNo: string;
  member: string;
  amount: string;
  status: string;
  createdAt: string;
}

interface Props<Row extends QueueRow> {
  tab: Tab;
  statuses: readonly string[];
  columns: readonly string[]; // i18n keys of the columns between the member and the actions
  cells: (row: Row) => ReactNode;
  actionsFor: (status: string, row: Row) => readonly string[];
  mayAct: boolean;
  load: (status: string, query: QueueQuery) => Promise<Row[]>;
  act: (orderNo: string, action: string, note: string) => Promise<Partial<Row>>;
  refresh: number; // bumped when a request arrives live
  highlight: string | null; // the order that arrived last
  doneKeys?: string; // where the "done" texts are, by action (the bonus grants have their own)
  describe?: (t: TFunction, error: unknown) => string; // a refusal in the queue's words
}

type Applied = { status: string; query: QueueQuery };

// The desk's own text for a code (e.g. WITHDRAWAL_STATE), else the console's.
export function cashierProblem(t: TFunction, error: unknown): string {
  const own = error instanceof ConsoleError ? t(`cashier.errors.${error.code}`, { defaultValue: '' }) : '';
  return own || problemText(t, error);
}

export function Queue<Row extends QueueRow>(props: Props<Row>) {
  const { tab, statuses, columns, cells, actionsFor, mayAct, load, act, refresh, highlight } = props;
  const { doneKeys = 'cashier.done', describe = cashierProblem } = props;
  const { t } = useTranslation();
  const [filters, setFilters] = useState<QueueFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<Applied>({ status: NO_FILTERS.status, query: {} });
  const [rows, setRows] = useState<Row[] | null>(null);
  const [more, setMore] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const [filterProblem, setFilterProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ text: string; ok: boolean } | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [acting, setActing] = useState(false);
  const [actProblem, setActProblem] = useState<string | null>(null);
  const latest = useRef(0); // only the newest read's answer is shown
  const shown = useRef(0); // how many rows are on screen, for a re-read in place

  // A fresh read (first page), a re-read of what is on screen (`count`), or the page before `before`.
  const read = useCallback(
    async (wanted: Applied, options: { before?: string; count?: number } = {}) => {
      const request = ++latest.current;
      setBusy(true);
      setProblem(null);
      const limit = Math.min(Math.max(options.count ?? CASHIER_PAGE, CASHIER_PAGE), MAX_ROWS);
      try {
        const page = await load(wanted.status, { ...wanted.query, before: options.before, limit });
        if (request !== latest.current) return;
        setRows((old) => {
          const next = options.before && old ? [...old, ...page] : page;
          shown.current = next.length;
          return next;
        });
        setMore(page.length >= limit);
      } catch (error) {
        if (request === latest.current && !isSessionProblem(error)) setProblem(error);
      } finally {
        if (request === latest.current) setBusy(false);
      }
    },
    [load],
  );

  useEffect(() => {
    void read(applied, { count: shown.current });
  }, [read, applied, refresh]);

  const edit = (field: keyof QueueFilters) => (value: string) => setFilters((old) => ({ ...old, [field]: value }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const result = queueQuery(filters);
    if ('problem' in result) {
      setFilterProblem(t(`cashier.${result.problem}`));
      return;
    }
    setFilterProblem(null);
    shown.current = 0;
    setApplied(result);
  };

  const clear = () => {
    setFilters(NO_FILTERS);
    setFilterProblem(null);
    shown.current = 0;
    setApplied({ status: NO_FILTERS.status, query: {} });
  };

  const confirm = async (note: string) => {
    if (!asking) return;
    const { orderNo, action } = asking;
    setActing(true);
    setActProblem(null);
    try {
      const answer = await act(orderNo, action, note);
      setRows((old) => old && old.map((row) => (row.orderNo === orderNo ? { ...row, ...answer } : row)));
      setOutcome({ ok: true, text: t(`${doneKeys}.${action}`, { orderNo }) });
      setAsking(null);
    } catch (error) {
      if (isSessionProblem(error)) {
        setAsking(null);
      } else if (isStale(error)) {
        setAsking(null);
        setOutcome({ ok: false, text: t('cashier.stale', { orderNo, problem: describe(t, error) }) });
        void read(applied, { count: shown.current });
      } else {
        setActProblem(describe(t, error)); // the dialog stays open: try again or cancel
      }
    } finally {
      setActing(false);
    }
  };

  const last = rows && rows.length > 0 ? rows[rows.length - 1] : undefined;
  const width = columns.length + 3 + (mayAct ? 1 : 0);
  return (
    <div
      className="cs-cashier-queue"
      role="tabpanel"
      id={`cs-cashier-${tab}`}
      aria-labelledby={`cs-cashier-tab-${tab}`}
    >
      <form className="cs-panel cs-filters" onSubmit={apply} noValidate aria-label={t('cashier.filters')}>
        <div className="cs-field">
          <label htmlFor={`cs-cashier-status-${tab}`}>{t('cashier.statusFilter')}</label>
          <select
            id={`cs-cashier-status-${tab}`}
            value={filters.status}
            onChange={(event) => edit('status')(event.target.value)}
          >
            {statuses.map((status) => (
              <option key={status} value={status}>
                {t(`cashier.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('cashier.member')}
          value={filters.member}
          onValue={edit('member')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
        />
        <Field label={t('cashier.from')} type="date" value={filters.from} onValue={edit('from')} />
        <Field label={t('cashier.to')} type="date" value={filters.to} onValue={edit('to')} />
        <div className="cs-actions">
          <button type="submit" className="cs-button primary" disabled={busy}>
            {t('cashier.apply')}
          </button>
          <button type="button" className="cs-button secondary" onClick={clear} disabled={busy}>
            {t('cashier.clear')}
          </button>
        </div>
        <Problem>{filterProblem}</Problem>
      </form>
      {!mayAct && <p className="cs-muted">{t('cashier.readOnly')}</p>}
      {outcome &&
        (outcome.ok ? (
          <p className="cs-success" role="status">
            {outcome.text}
          </p>
        ) : (
          <Problem>{outcome.text}</Problem>
        ))}
      {rows === null && problem === null ? (
        <p className="cs-muted" role="status">
          {t('app.loading')}
        </p>
      ) : (
        rows !== null && (
          <div className="cs-table-wrap">
            <table className="cs-table cs-cashier-table">
              <caption className="visually-hidden">{t(`cashier.tabs.${tab}`)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('cashier.columns.orderNo')}</th>
                  <th scope="col">{t('cashier.columns.member')}</th>
                  <th scope="col">{t('cashier.columns.amount')}</th>
                  {columns.map((key) => (
                    <th scope="col" key={key}>
                      {t(key)}
                    </th>
                  ))}
                  {mayAct && <th scope="col">{t('cashier.columns.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={width} className="cs-muted">
                      {t('cashier.empty')}
                    </td>
                  </tr>
                ) : (
                  rows.map((row) => (
                    <tr
                      key={row.orderNo}
                      data-order={row.orderNo}
                      className={row.orderNo === highlight ? 'cs-cashier-new' : undefined}
                    >
                      <td>
                        <code>{row.orderNo}</code>
                        <span className="cs-cashier-when">{dateTime(row.createdAt)}</span>
                      </td>
                      <td>{row.member}</td>
                      <td className="cs-cashier-amount">{row.amount}</td>
                      {cells(row)}
                      {mayAct && (
                        <td>
                          <div className="cs-buttons">
                            {actionsFor(row.status, row).map((action) => (
                              <button
                                key={action}
                                type="button"
                                className={`cs-button small ${action === 'reject' ? 'danger' : 'secondary'}`}
                                disabled={acting}
                                onClick={() => {
                                  setActProblem(null);
                                  setAsking({ orderNo: row.orderNo, action, member: row.member, amount: row.amount });
                                }}
                              >
                                {t(`cashier.actions.${action}`)}
                              </button>
                            ))}
                          </div>
                        </td>
                      )}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        )
      )}
      {problem !== null && <Problem>{problemText(t, problem)}</Problem>}
      <div className="cs-actions cs-paging">
        {more && last ? (
          <button
            type="button"
            className="cs-button secondary"
            disabled={busy}
            onClick={() => void read(applied, { before: last.orderNo })}
          >
            {t('cashier.more')}
          </button>
        ) : (
          rows !== null && rows.length > 0 && <span className="cs-muted">{t('cashier.end')}</span>
        )}
      </div>
      {asking && (
        <ActionDialog
          asking={asking}
          busy={acting}
          problem={actProblem}
          onConfirm={(note) => void confirm(note)}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}
