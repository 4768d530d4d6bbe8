// The chart's figures as a table, newest day first: what the canvas shows, readable by anyone (screen
// readers included) and exact (the server's strings).
import { useTranslation } from '../../../i18n/react';
import type { DashboardDay } from '../../dashboardApi';
import { isNegative } from './series';

export function DailyTable({ days }: { days: readonly DashboardDay[] }) {
  const { t } = useTranslation();
  const columns = [
    ['deposits', t('dashboard.deposits')],
    ['withdrawals', t('dashboard.withdrawals')],
    ['stakes', t('dashboard.stakes')],
    ['wins', t('dashboard.wins')],
    ['ggr', t('dashboard.ggr')],
  ] as const;
  return (
    <details className="cs-dash-daily">
      <summary>{t('dashboard.daily')}</summary>
      <div className="cs-table-wrap">
        <table className="cs-table cs-dash-table">
          <caption className="visually-hidden">{t('dashboard.daily')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.columns.day')}</th>
              {columns.map(([key, label]) => (
                <th scope="col" key={key} className="cs-amount">
                  {label}
                </th>
              ))}
              <th scope="col" className="cs-amount">
                {t('dashboard.newMembers')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.day}>
                <th scope="row" className="cs-time">
                  {day.day}
                </th>
                {columns.map(([key, label]) => (
                  <td
                    key={key}
                    data-label={label}
                    className={key === 'ggr' && isNegative(day.ggr) ? 'cs-amount is-negative' : 'cs-amount'}
                  >
                    {day[key]}
                  </td>
                ))}
                <td data-label={t('dashboard.newMembers')} className="cs-amount">
                  {day.newMembers}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
