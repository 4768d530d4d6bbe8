import { type FormEvent, useEffect, useId, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { Pagination } from '../../../components/Pagination';
import { useTranslation } from '../../../i18n/react';
import { isoDay } from '../../../lib/dates';
import { agentApi, MEMBER_STATUSES, type MemberStatus, type TeamMember, type TeamPage, type TeamQuery } from '../api';
import { Loading, MemberType } from '../components/common';

export const TEAM_PAGE_SIZE = 10;
// The levels a filter offers; the team is rarely deeper, and "all" still lists the deeper ones.
const LEVELS = [1, 2, 3, 4, 5];
const COLUMNS = ['username', 'nickname', 'type', 'level', 'upline', 'status', 'rank', 'joined'] as const;

// agentTeamManagement: the team, newest first, searched and filtered on the server, a page at a time.
export function TeamManagementPage({ onPay }: { onPay: (member: TeamMember) => void }) {
  const { t } = useTranslation();
  const ids = { search: useId(), status: useId(), level: useId() };
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<TeamQuery>({ pageNum: 1, pageSize: TEAM_PAGE_SIZE });
  const [found, setFound] = useState<TeamPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    agentApi.members(query).then(
      (page) => live && setFound(page),
      (problem: unknown) => live && setError(errorText(t, problem)),
    );
    return () => {
      live = false;
    };
  }, [query, t]);
  // Any new criterion starts again from the first page: page 3 of the old list means nothing in the new one.
  const refine = (change: Partial<TeamQuery>) => setQuery((current) => ({ ...current, ...change, pageNum: 1 }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    refine({ search: typed.trim() || undefined });
  };
  const cell = (member: TeamMember, column: (typeof COLUMNS)[number]) => {
    switch (column) {
      case 'username':
        return member.username;
      case 'nickname':
        return member.nickname ?? '';
      case 'type':
        return <MemberType type={member.type} />;
      case 'level':
        return member.level;
      case 'upline':
        return member.upline ?? '';
      case 'status':
        return (
          <span className={`status status-${member.status.toLowerCase()}`}>{t(`agentCentre.statuses.${member.status}`)}</span>
        );
      case 'rank':
        return member.rankLevel;
      case 'joined':
        return isoDay(new Date(member.createdAt));
    }
  };
  return (
    <div className="ac-page" data-testid="agent-team">
      <form className="filters ac-filters" role="search" onSubmit={search}>
        <label className="visually-hidden" htmlFor={ids.search}>{t('agentCentre.team.search')}</label>
        <input id={ids.search} type="search" value={typed} onChange={(e) => setTyped(e.target.value)}
          placeholder={t('agentCentre.team.search')} maxLength={64} />
        <button type="submit" className="button button-small">{t('agentCentre.team.searchButton')}</button>
        <label htmlFor={ids.status}>{t('agentCentre.team.columns.status')}</label>
        <select id={ids.status} value={query.status ?? ''}
          onChange={(e) => refine({ status: (e.target.value || undefined) as MemberStatus | undefined })}>
          <option value="">{t('agentCentre.team.all')}</option>
          {MEMBER_STATUSES.map((s) => <option key={s} value={s}>{t(`agentCentre.statuses.${s}`)}</option>)}
        </select>
        <label htmlFor={ids.level}>{t('agentCentre.team.columns.level')}</label>
        <select id={ids.level} value={query.level ?? ''}
          onChange={(e) => refine({ level: e.target.value ? Number(e.target.value) : undefined })}>
          <option value="">{t('agentCentre.team.all')}</option>
          {LEVELS.map((l) => <option key={l} value={l}>{l}</option>)}
        </select>
      </form>
      {error && <p className="form-error" role="alert">{error}</p>}
      {!found && !error && <Loading />}
      {found && found.list.length === 0 && <p className="empty-state">{t('agentCentre.team.empty')}</p>}
      {found && found.list.length > 0 && (
        <>
          <p className="muted">{t('agentCentre.team.total', { total: found.total })}</p>
          <table className="mc-table ac-members" data-testid="agent-members">
            <thead>
              <tr>
                {COLUMNS.map((c) => <th key={c} scope="col">{t(`agentCentre.team.columns.${c}`)}</th>)}
                <th scope="col"><span className="visually-hidden">{t('agentCentre.team.columns.actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {found.list.map((member) => (
                <tr key={member.id} data-member={member.username}>
                  {COLUMNS.map((c) => <td key={c} data-label={t(`agentCentre.team.columns.${c}`)}>{cell(member, c)}</td>)}
                  <td className="ac-actions">
                    <button type="button" className="button button-small" onClick={() => onPay(member)}
                      aria-label={t('agentCentre.team.payMember', { username: member.username })}>
                      {t('agentCentre.team.pay')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={found.pageNum} totalPages={found.totalPages}
            onPage={(pageNum) => setQuery((current) => ({ ...current, pageNum }))} />
        </>
      )}
    </div>
  );
}
