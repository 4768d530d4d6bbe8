// Finding a member: one search box (an id, the beginning of a username or affiliate code, or mobile digits)
// and the members it matches; a row opens that member's page. The search stays in the address (?q=), so
// that coming back from a member shows the same results.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { useTranslation } from '../../i18n/react';
import { dateTime } from '../../lib/dates';
import { isSessionProblem, type MemberRow, searchMembers } from '../api';
import { Field } from '../components/Field';
import { MemberStatus } from '../components/MemberStatus';
import { Problem } from '../components/Problem';
import { problemText } from '../i18n';
import '../styles/members.css';

const QUERY_MAX = 64;

export function MembersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const searched = (params.get('q') ?? '').trim();
  const [text, setText] = useState(searched);
  const [rows, setRows] = useState<MemberRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const [empty, setEmpty] = useState(false);
  // Only the newest search's answer is shown.
  const latest = useRef(0);

  useEffect(() => {
    if (!searched) {
      setRows(null);
      return;
    }
    const request = ++latest.current;
    setBusy(true);
    setProblem(null);
    searchMembers(searched)
      .then(
        (found) => {
          if (request === latest.current) setRows(found);
        },
        (error: unknown) => {
          if (request !== latest.current) return;
          setRows(null);
          if (!isSessionProblem(error)) setProblem(error);
        },
      )
      .finally(() => {
        if (request === latest.current) setBusy(false);
      });
  }, [searched]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    setEmpty(q === '');
    if (q === '') return;
    setParams({ q });
  };

  return (
    <section className="cs-page" aria-labelledby="cs-members-title">
      <h1 id="cs-members-title">{t('members.title')}</h1>
      <form role="search" className="cs-panel cs-member-search" onSubmit={submit} noValidate aria-label={t('members.search')}>
        <Field
          label={t('members.query')}
          hint={t('members.queryHint')}
          problem={empty ? t('members.queryEmpty') : null}
          value={text}
          onValue={(value) => {
            setText(value);
            setEmpty(false);
          }}
          type="search"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={QUERY_MAX}
        />
        <div className="cs-actions">
          <button type="submit" className="cs-button primary" disabled={busy}>
            {t('members.searchButton')}
          </button>
        </div>
      </form>
      {problem !== null && <Problem>{problemText(t, problem)}</Problem>}
      {busy && rows === null && (
        <p className="cs-muted" role="status">
          {t('app.loading')}
        </p>
      )}
      {rows !== null && (
        <div className="cs-table-wrap">
          <table className="cs-table cs-members-table">
            <caption className="visually-hidden">{t('members.results', { q: searched })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('members.columns.username')}</th>
                <th scope="col">{t('members.columns.nickname')}</th>
                <th scope="col">{t('members.columns.mobile')}</th>
                <th scope="col">{t('members.columns.status')}</th>
                <th scope="col">{t('members.columns.rank')}</th>
                <th scope="col">{t('members.columns.created')}</th>
                <th scope="col">{t('members.columns.lastLogin')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={7} className="cs-muted">
                    {t('members.none', { q: searched })}
                  </td>
                </tr>
              ) : (
                rows.map((member) => (
                  <tr key={member.id} className="cs-clickable" onClick={() => void navigate(`/members/${member.id}`)}>
                    <td data-label={t('members.columns.username')}>
                      <Link to={`/members/${member.id}`} className="cs-username" onClick={(event) => event.stopPropagation()}>
                        {member.username}
                      </Link>
                    </td>
                    <td data-label={t('members.columns.nickname')}>{member.nickname || '—'}</td>
                    <td data-label={t('members.columns.mobile')}>{member.mobile || '—'}</td>
                    <td data-label={t('members.columns.status')}>
                      <MemberStatus status={member.status} />
                    </td>
                    <td data-label={t('members.columns.rank')}>{member.rankLevel}</td>
                    <td data-label={t('members.columns.created')} className="cs-time">
                      {dateTime(member.createdAt)}
                    </td>
                    <td data-label={t('members.columns.lastLogin')} className="cs-time">
                      {member.lastLoginAt ? dateTime(member.lastLoginAt) : '—'}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
