import { type FormEvent, type ReactNode, useId, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import type { DayRange } from '../../../lib/dates';
import { MAX_RANGE_DAYS, rangeAllowed } from '../figures';
import '../reports.css';

// The filters the team reports share: one member of the team by username (empty: the whole team), and the
// member's own record pages' date range with its quick picks.
export function MemberSearch({ onSearch }: { onSearch: (username: string | undefined) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim() || undefined);
  };
  return (
    <form className="ac-member-search" role="search" onSubmit={submit}>
      <label htmlFor={id}>{t('agentCentre.reports.member')}</label>
      <input id={id} type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={64}
        placeholder={t('agentCentre.reports.wholeTeam')} autoComplete="off" />
      <button type="submit" className="button button-small">{t('agentCentre.team.searchButton')}</button>
    </form>
  );
}

// A range the server would refuse is said here instead of asked for.
export function RangeProblem({ range }: { range: DayRange }) {
  const { t } = useTranslation();
  if (rangeAllowed(range)) return null;
  return <p className="form-error" role="alert">{t('agentCentre.reports.rangeTooLong', { days: MAX_RANGE_DAYS })}</p>;
}

// A report's table: it keeps its columns and scrolls sideways inside its box on a phone.
export function ReportTable({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div className="ac-scroll">
      <table className="mc-table ac-report" data-testid={testId}>{children}</table>
    </div>
  );
}
