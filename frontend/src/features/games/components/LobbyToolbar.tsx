import { useTranslation } from '../../../i18n/react';
import { LIVE_CLASSIFICATIONS } from '../classifications';

export interface LobbyFilters {
  name: string;
  minBet: boolean;
  lines: boolean;
  classification: string | null;
}

export const NO_FILTERS: LobbyFilters = { name: '', minBet: false, lines: false, classification: null };

// Search by name, the two filters SPEC §9 states (minimum bet 1, 25 lines) and, on /live, the
// classification tabs of SPEC §2.8.
export function LobbyToolbar({ filters, onChange, live }: {
  filters: LobbyFilters;
  onChange: (next: LobbyFilters) => void;
  live: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<LobbyFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="lobby-toolbar">
      <div className="lobby-filters">
        <input
          type="search"
          className="lobby-search"
          data-testid="lobby-search"
          value={filters.name}
          placeholder={t('games.search')}
          aria-label={t('games.search')}
          maxLength={64}
          onChange={(event) => set({ name: event.target.value })}
        />
        <button type="button" className={filters.minBet ? 'chip on' : 'chip'} data-testid="filter-minbet"
          aria-pressed={filters.minBet} onClick={() => set({ minBet: !filters.minBet })}>
          {t('games.filters.minBet')}
        </button>
        <button type="button" className={filters.lines ? 'chip on' : 'chip'} data-testid="filter-lines"
          aria-pressed={filters.lines} onClick={() => set({ lines: !filters.lines })}>
          {t('games.filters.lines')}
        </button>
      </div>
      {live && (
        <div className="lobby-classes" role="group" aria-label={t('games.classification.label')}>
          <button type="button" className={filters.classification === null ? 'chip on' : 'chip'}
            aria-pressed={filters.classification === null} onClick={() => set({ classification: null })}>
            {t('games.classification.all')}
          </button>
          {LIVE_CLASSIFICATIONS.map(([value, key]) => (
            <button key={key} type="button" className={filters.classification === value ? 'chip on' : 'chip'}
              data-testid={`class-${key}`} aria-pressed={filters.classification === value}
              onClick={() => set({ classification: value })}>
              {t(`games.classification.${key}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
