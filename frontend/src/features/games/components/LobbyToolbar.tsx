import { useTranslation } from '../../../i18n/react';
import type { LobbyFacets } from '../facets';

export interface LobbyFilters {
  name: string;
  minBet: boolean;
  lines: boolean;
  classification: string | null;
}

export const NO_FILTERS: LobbyFilters = { name: '', minBet: false, lines: false, classification: null };

// Search by name, and the filters that apply to this vendor's games (facets.ts): the two SPEC §9 states
// (minimum bet 1, 25 lines) and the SPEC §2.8 classifications the games have. A filter that is on stays
// shown, so that it can be turned off.
export function LobbyToolbar({ filters, onChange, facets }: {
  filters: LobbyFilters;
  onChange: (next: LobbyFilters) => void;
  facets: LobbyFacets;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<LobbyFilters>) => onChange({ ...filters, ...patch });
  const chosen = filters.classification;
  const classes =
    chosen === null || facets.classifications.some((chip) => chip.value === chosen)
      ? facets.classifications
      : [...facets.classifications, { value: chosen, key: null }];
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
        {(facets.minBet || filters.minBet) && (
          <button type="button" className={filters.minBet ? 'chip on' : 'chip'} data-testid="filter-minbet"
            aria-pressed={filters.minBet} onClick={() => set({ minBet: !filters.minBet })}>
            {t('games.filters.minBet')}
          </button>
        )}
        {(facets.lines || filters.lines) && (
          <button type="button" className={filters.lines ? 'chip on' : 'chip'} data-testid="filter-lines"
            aria-pressed={filters.lines} onClick={() => set({ lines: !filters.lines })}>
            {t('games.filters.lines')}
          </button>
        )}
      </div>
      {classes.length > 0 && (
        <div className="lobby-classes" role="group" aria-label={t('games.classification.label')}>
          <button type="button" className={chosen === null ? 'chip on' : 'chip'} data-testid="class-all"
            aria-pressed={chosen === null} onClick={() => set({ classification: null })}>
            {t('games.classification.all')}
          </button>
          {classes.map(({ value, key }) => (
            <button key={value} type="button" className={chosen === value ? 'chip on' : 'chip'}
              data-testid={`class-${key ?? value}`} aria-pressed={chosen === value}
              onClick={() => set({ classification: value })}>
              {key ? t(`games.classification.${key}`) : value}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
