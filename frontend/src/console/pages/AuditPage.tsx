// The audit log, newest first: filters (an action or its prefix, the acting staff member, the target, a
// day range), the entries, and "Older" for the next page (the entries before the last one shown).
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { dateTime } from '../../lib/dates';
import { AUDIT_PAGE, type AuditOut, type AuditQuery, isSessionProblem, readAudit } from '../api';
import { type AuditFilters, auditQuery, NO_FILTERS } from '../audit';
import { AuditDetail } from '../components/AuditDetail';
import { Field } from '../components/Field';
import { Problem } from '../components/Problem';
import { problemText } from '../i18n';
import { auditAction } from '../labels';

// The actions the server records, offered as suggestions in the action filter.
const KNOWN_ACTIONS = ['staff.', 'staff.create', 'staff.role', 'staff.disable', 'staff.enable', 'staff.2fa.'];

// The action by its name, its code beneath (what the action filter takes, and what support quotes).
function ActionCell({ action }: { action: string }) {
  const { t } = useTranslation();
  const label = auditAction(t, action);
  if (label === null) return <code>{action}</code>;
  return (
    <span className="cs-labelled">
      {label}
      <code className="cs-code-note">{action}</code>
    </span>
  );
}

export function AuditPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [query, setQuery] = useState<AuditQuery>({});
  const [entries, setEntries] = useState<AuditOut[] | null>(null);
  const [more, setMore] = useState(false);
  const [busy, setBusy] = useState(false);
  const [filterProblem, setFilterProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  // Only the newest request's answer is shown: a slower earlier one must not replace it.
  const latest = useRef(0);

  const fetchPage = useCallback(async (wanted: AuditQuery, beforeId?: number) => {
    const request = ++latest.current;
    setBusy(true);
    setProblem(null);
    try {
      const page = await readAudit(beforeId ? { ...wanted, beforeId } : wanted);
      if (request !== latest.current) return;
      setEntries((old) => (beforeId && old ? [...old, ...page] : page));
      setMore(page.length >= AUDIT_PAGE);
    } catch (error) {
      if (request !== latest.current) return;
      if (!isSessionProblem(error)) setProblem(error);
    } finally {
      if (request === latest.current) setBusy(false);
    }
  }, []);

  useEffect(() => {
    void fetchPage({});
  }, [fetchPage]);

  const edit = (field: keyof AuditFilters) => (value: string) => setFilters((old) => ({ ...old, [field]: value }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const result = auditQuery(filters);
    if ('problem' in result) {
      setFilterProblem(t(`audit.${result.problem}`));
      return;
    }
    setFilterProblem(null);
    setQuery(result.query);
    void fetchPage(result.query);
  };

  const clear = () => {
    setFilters(NO_FILTERS);
    setFilterProblem(null);
    setQuery({});
    void fetchPage({});
  };

  const last = entries && entries.length > 0 ? entries[entries.length - 1] : undefined;

  return (
    <section className="cs-page" aria-labelledby="cs-audit-title">
      <h1 id="cs-audit-title">{t('audit.title')}</h1>
      <form className="cs-panel cs-filters" onSubmit={apply} noValidate aria-label={t('audit.filters')}>
        <Field
          label={t('audit.action')}
          value={filters.action}
          onValue={edit('action')}
          placeholder={t('audit.actionPlaceholder')}
          list="cs-audit-actions"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
        />
        <datalist id="cs-audit-actions">
          {KNOWN_ACTIONS.map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
        <Field
          label={t('audit.staff')}
          value={filters.staff}
          onValue={edit('staff')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
        />
        <Field
          label={t('audit.target')}
          value={filters.target}
          onValue={edit('target')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={128}
        />
        <Field label={t('audit.from')} type="date" value={filters.from} onValue={edit('from')} />
        <Field label={t('audit.to')} type="date" value={filters.to} onValue={edit('to')} />
        <div className="cs-actions">
          <button type="submit" className="cs-button primary" disabled={busy}>
            {t('audit.apply')}
          </button>
          <button type="button" className="cs-button secondary" onClick={clear} disabled={busy}>
            {t('audit.clear')}
          </button>
        </div>
        <Problem>{filterProblem}</Problem>
      </form>
      {entries === null && problem === null ? (
        <p className="cs-muted" role="status">
          {t('app.loading')}
        </p>
      ) : (
        entries !== null && (
          <div className="cs-table-wrap">
            <table className="cs-table cs-audit-table">
              <caption className="visually-hidden">{t('audit.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.columns.at')}</th>
                  <th scope="col">{t('audit.columns.staff')}</th>
                  <th scope="col">{t('audit.columns.action')}</th>
                  <th scope="col">{t('audit.columns.target')}</th>
                  <th scope="col">{t('audit.columns.detail')}</th>
                  <th scope="col">{t('audit.columns.ip')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="cs-muted">
                      {t('audit.empty')}
                    </td>
                  </tr>
                ) : (
                  entries.map((entry) => (
                    <tr key={entry.id}>
                      <td className="cs-time">{dateTime(entry.at)}</td>
                      <td>{entry.staff ?? <span className="cs-muted">{t('audit.system')}</span>}</td>
                      <td>
                        <ActionCell action={entry.action} />
                      </td>
                      <td>{entry.target ?? '—'}</td>
                      <td className="cs-detail">
                        <AuditDetail detail={entry.detail} />
                      </td>
                      <td>{entry.ip ?? '—'}</td>
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
            onClick={() => void fetchPage(query, last.id)}
          >
            {t('audit.older')}
          </button>
        ) : (
          entries !== null && entries.length > 0 && <span className="cs-muted">{t('audit.end')}</span>
        )}
      </div>
    </section>
  );
}
