import { useEffect, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { Section } from '../../../components/Section';
import { useTranslation } from '../../../i18n/react';
import { agentApi, type Period, PERIODS, type TeamFigures, type TeamOverview } from '../api';
import { Loading, Money } from '../components/common';

const COUNTS = ['members', 'newMembers', 'activeMembers'] as const;
const AMOUNTS = ['deposits', 'withdrawals', 'stakes', 'profitLoss'] as const;

function Amount({ figures, name }: { figures: TeamFigures; name: (typeof AMOUNTS)[number] }) {
  return <Money amount={figures[name]} signed={name === 'profitLoss'} />;
}

// agentTeamOverview, the default page: the team's figures for a period, in total and by level below the agent.
export function TeamOverviewPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>('TODAY');
  const [overview, setOverview] = useState<TeamOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    agentApi.overview(period).then(
      (found) => live && setOverview(found),
      (problem: unknown) => live && setError(errorText(t, problem)),
    );
    // A period chosen while the previous one is still loading must not be overwritten by its late answer.
    return () => {
      live = false;
    };
  }, [period, t]);
  const shown = overview?.period === period ? overview : null;
  return (
    <div className="ac-page" data-testid="agent-overview">
      <div className="ac-chips" role="group" aria-label={t('agentCentre.overview.period')}>
        {PERIODS.map((name) => (
          <button key={name} type="button" className={name === period ? 'ac-chip active' : 'ac-chip'}
            aria-pressed={name === period} onClick={() => setPeriod(name)}>
            {t(`agentCentre.periods.${name}`)}
          </button>
        ))}
      </div>
      {error && <p className="form-error" role="alert">{error}</p>}
      {!shown && !error && <Loading />}
      {shown && (
        <>
          <Section title={t('agentCentre.overview.totals')}>
            <dl className="ac-totals" data-testid="agent-totals">
              {COUNTS.map((name) => (
                <div key={name} className="ac-total">
                  <dt>{t(`agentCentre.figures.${name}`)}</dt>
                  <dd>{shown.total[name]}</dd>
                </div>
              ))}
              {AMOUNTS.map((name) => (
                <div key={name} className="ac-total">
                  <dt>{t(`agentCentre.figures.${name}`)}</dt>
                  <dd><Amount figures={shown.total} name={name} /></dd>
                </div>
              ))}
            </dl>
          </Section>
          <Section title={t('agentCentre.overview.byLevel')}>
            {shown.levels.length === 0 ? (
              <p className="empty-state">{t('agentCentre.overview.noTeam')}</p>
            ) : (
              <div className="ac-scroll">
                <table className="mc-table ac-levels" data-testid="agent-levels">
                  <thead>
                    <tr>
                      <th scope="col">{t('agentCentre.overview.level')}</th>
                      {[...COUNTS, ...AMOUNTS].map((name) => <th key={name} scope="col">{t(`agentCentre.figures.${name}`)}</th>)}
                    </tr>
                  </thead>
                  <tbody>
                    {shown.levels.map((row) => (
                      <tr key={row.level}>
                        <th scope="row">
                          {row.level === 1 ? t('agentCentre.overview.direct') : t('agentCentre.overview.levelN', { level: row.level })}
                        </th>
                        {COUNTS.map((name) => <td key={name}>{row[name]}</td>)}
                        {AMOUNTS.map((name) => <td key={name}><Amount figures={row} name={name} /></td>)}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
        </>
      )}
    </div>
  );
}
