// Today's figures as tiles: the money (the server's strings, as given), new members, and the players online
// now (seen in the last five minutes), which is the one live figure.
import { useTranslation } from '../../../i18n/react';
import type { DashboardDay } from '../../dashboardApi';
import { isNegative } from './series';

interface TileProps {
  id: string;
  label: string;
  value: string | number;
  hint?: string;
  className?: string;
  badge?: string;
}

function Tile({ id, label, value, hint, className, badge }: TileProps) {
  return (
    <div className={className ? `cs-dash-tile ${className}` : 'cs-dash-tile'} data-testid={`tile-${id}`}>
      <dt>
        {label}
        {badge && <span className="cs-dash-live">{badge}</span>}
      </dt>
      <dd className="cs-dash-value">{value}</dd>
      {hint && <dd className="cs-dash-hint">{hint}</dd>}
    </div>
  );
}

export function Tiles({ today, playersActive }: { today: DashboardDay; playersActive: number }) {
  const { t } = useTranslation();
  return (
    <section className="cs-panel" aria-labelledby="cs-dash-today">
      <h2 id="cs-dash-today">{t('dashboard.today', { day: today.day })}</h2>
      <dl className="cs-dash-tiles">
        <Tile id="deposits" label={t('dashboard.deposits')} value={today.deposits} />
        <Tile id="withdrawals" label={t('dashboard.withdrawals')} value={today.withdrawals} />
        <Tile id="stakes" label={t('dashboard.stakes')} value={today.stakes} />
        <Tile id="wins" label={t('dashboard.wins')} value={today.wins} />
        <Tile
          id="ggr"
          label={t('dashboard.ggr')}
          value={today.ggr}
          hint={t('dashboard.ggrHint')}
          className={isNegative(today.ggr) ? 'is-negative' : undefined}
        />
        <Tile id="new-members" label={t('dashboard.newMembers')} value={today.newMembers} />
        <Tile
          id="players-online"
          label={t('dashboard.playersOnline')}
          value={playersActive}
          hint={t('dashboard.onlineHint')}
          className="is-live"
          badge={t('dashboard.live')}
        />
      </dl>
    </section>
  );
}
