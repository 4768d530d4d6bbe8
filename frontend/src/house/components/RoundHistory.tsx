import { useTranslation } from '../../i18n/react';
import { isPositive } from '../../lib/money';
import { Amount } from './Amount';

export interface HistoryRow {
  id: string;
  title: string;
  detail: string;
  bet: string;
  win: string;
  pending?: boolean;
}

// The last rounds of this session with their bet and win.
export function RoundHistory({ rows, currency }: { rows: HistoryRow[]; currency: string }) {
  const { t } = useTranslation();
  return (
    <section className="hs-history" aria-label={t('history.title')} data-testid="house-history">
      <h2 className="hs-panel-title">{t('history.title')}</h2>
      {rows.length === 0 ? (
        <p className="hs-muted hs-history__empty">{t('history.empty')}</p>
      ) : (
        <ol className="hs-history__list">
          <li className="hs-history__head" aria-hidden="true">
            <span>{t('history.round')}</span>
            <span>{t('common.bet')}</span>
            <span>{t('common.win')}</span>
          </li>
          {rows.map((row) => (
            <li
              key={row.id}
              className={`hs-history__row ${isPositive(row.win) ? 'is-win' : ''}`}
              data-testid="house-history-row"
            >
              <span className="hs-history__what">
                <strong>{row.title}</strong>
                <small title={row.detail}>{row.detail}</small>
              </span>
              <Amount value={row.bet} />
              {row.pending ? <span className="hs-muted">{t('history.pending')}</span> : <Amount value={row.win} />}
            </li>
          ))}
        </ol>
      )}
      <p className="hs-history__ccy hs-muted">{t('history.currency', { currency })}</p>
    </section>
  );
}
