// The merchant's day at a glance, the console's first page for the roles that read it: today's tiles (UTC
// day), the daily series of the chosen period as a chart and a table, refreshed every 30 s while in view.
// The period stays in the address (?days=). The chart's library loads with the chart only.
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';

import { useTranslation } from '../../i18n/react';
import { clockTime } from '../../lib/dates';
import { ChartBoundary } from '../components/dashboard/ChartBoundary';
import { DailyTable } from '../components/dashboard/DailyTable';
import { Tiles } from '../components/dashboard/Tiles';
import { useDashboard } from '../components/dashboard/useDashboard';
import { Problem } from '../components/Problem';
import { DAY_CHOICES, dayChoice } from '../dashboardApi';
import { problemText } from '../i18n';
import '../styles/dashboard.css';

const DashboardChart = lazy(() =>
  import('../components/dashboard/DashboardChart').then((module) => ({ default: module.DashboardChart })),
);

export function DashboardPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const days = dayChoice(params.get('days'));
  const { data, updatedAt, problem, busy, refresh } = useDashboard(days);
  const today = data?.days.at(-1);

  return (
    <section className="cs-page" aria-labelledby="cs-dash-title">
      <div className="cs-dash-head">
        <h1 id="cs-dash-title">{t('dashboard.title')}</h1>
        <div className="cs-dash-tools">
          <span className="cs-muted cs-dash-updated" data-testid="dashboard-updated">
            {updatedAt ? t('dashboard.updated', { time: clockTime(updatedAt, true) }) : t('app.loading')}
          </span>
          <button type="button" className="cs-button secondary small" onClick={refresh} disabled={busy}>
            {t('dashboard.refresh')}
          </button>
        </div>
      </div>
      {problem !== null && <Problem>{problemText(t, problem)}</Problem>}
      {data === null ? (
        problem === null && (
          <p className="cs-muted" role="status">
            {t('app.loading')}
          </p>
        )
      ) : (
        <>
          {today && <Tiles today={today} playersActive={data.playersActive} />}
          <section className="cs-panel" aria-labelledby="cs-dash-chart-title">
            <div className="cs-dash-head">
              <h2 id="cs-dash-chart-title">{t('dashboard.chartTitle', { n: String(data.days.length) })}</h2>
              <div className="cs-dash-periods" role="group" aria-label={t('dashboard.period')}>
                {DAY_CHOICES.map((choice) => (
                  <button
                    key={choice}
                    type="button"
                    className="cs-button secondary small"
                    aria-pressed={choice === days}
                    onClick={() => setParams({ days: String(choice) }, { replace: true })}
                  >
                    {t('dashboard.lastDays', { n: String(choice) })}
                  </button>
                ))}
              </div>
            </div>
            <ChartBoundary fallback={<p className="cs-muted">{t('dashboard.chartUnavailable')}</p>}>
              <Suspense fallback={<div className="cs-dash-chart is-loading" aria-hidden="true" />}>
                <DashboardChart days={data.days} />
              </Suspense>
            </ChartBoundary>
            <DailyTable days={data.days} />
          </section>
        </>
      )}
    </section>
  );
}
