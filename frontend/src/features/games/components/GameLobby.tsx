import { useAtomValue, useSetAtom } from 'jotai';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { useDebounced } from '../../../lib/useDebounced';
import { brandAtom, languageAtom, tokenAtom } from '../../../state/atoms';
import { type Category, type Game, gamesApi, type Vendor } from '../api';
import { currentVendorAtom, favouritesAtom, recentGamesAtom, vendorsAtom } from '../atoms';
import { sameClassification } from '../classifications';
import { LINES_FILTER, MIN_BET_FILTER, NO_FACETS, useLobbyFacets } from '../facets';
import { loadMemberLists } from '../favourites';
import { lobbyVendors } from '../navigation';
import { type Launchable, useLaunchGame } from '../useLaunchGame';
import type { ListQuery } from '../useGameList';
import { GameGrid } from './GameGrid';
import { GameStrip } from './GameStrip';
import { type LobbyFilters, LobbyToolbar, NO_FILTERS } from './LobbyToolbar';
import { VendorLogo } from './VendorLogo';
import '../games.css';

const SEARCH_DEBOUNCE_MS = 300;

interface GameLobbyProps {
  // The page's own path: kept-alive lobbies stay mounted on other pages and must ignore their ?page=.
  path: string;
  categories: readonly Category[];
  titleKey: string;
  // Extra content under the tabs for the chosen vendor (the PVP rooms).
  extra?: (vendor: Vendor, play: (game: Launchable) => void) => ReactNode;
}

// Picks the vendor: ?page= when it names one of this lobby's vendors, then the current vendor, then the first.
function useVendorChoice(path: string, vendors: Vendor[]) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const requested = pathname === path ? params.get('page') : null;
  const current = useAtomValue(currentVendorAtom);
  const [chosen, setChosen] = useState<string | null>(requested);
  useEffect(() => {
    if (requested) setChosen(requested);
  }, [requested]);
  const find = (code: string | null) => vendors.find((v) => v.vassalage === code);
  return find(chosen) ?? find(current) ?? vendors[0] ?? null;
}

function inCategories(categories: readonly string[], list: Game[] | null) {
  return list ? list.filter((g) => categories.includes(g.category)) : null;
}

// The one lobby behind /rng, /live, /pvp, /fish, /sports, /esports and /elott (SPEC §2.1, §7).
export function GameLobby({ path, categories, titleKey, extra }: GameLobbyProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const answer = useAtomValue(vendorsAtom);
  const brand = useAtomValue(brandAtom);
  const language = useAtomValue(languageAtom);
  const token = useAtomValue(tokenAtom);
  const favourites = useAtomValue(favouritesAtom);
  const recent = useAtomValue(recentGamesAtom);
  const setCurrentVendor = useSetAtom(currentVendorAtom);
  const { launchGame } = useLaunchGame();
  const play = useCallback((game: Launchable) => void launchGame(game), [launchGame]);

  const vendors = useMemo(
    () => (answer ? lobbyVendors(answer.groups, answer.sorting, categories) : []),
    [answer, categories],
  );
  const vendor = useVendorChoice(path, vendors);
  const [filters, setFilters] = useState<LobbyFilters>(NO_FILTERS);
  const name = useDebounced(filters.name.trim(), SEARCH_DEBOUNCE_MS);
  const [hot, setHot] = useState<Game[] | null>(null);

  useEffect(() => {
    void loadMemberLists();
  }, [token]);

  useEffect(() => {
    setHot(null);
    if (!vendor || !brand) return;
    let live = true;
    gamesApi
      .hotGames({ merchantCode: brand.merchantCode, vassalage: vendor.vassalage, language })
      .then((found) => live && setHot(found.list), () => undefined);
    return () => {
      live = false;
    };
  }, [vendor, brand, language]);

  const query = useMemo<ListQuery | null>(
    () =>
      vendor && {
        merchant: brand?.merchantCode,
        vassalage: vendor.vassalage,
        category: vendor.category,
        gameName: name || undefined,
        minBet: filters.minBet ? MIN_BET_FILTER : undefined,
        minLineNum: filters.lines ? LINES_FILTER : undefined,
        language,
      },
    [vendor, brand, name, filters.minBet, filters.lines, language],
  );
  // The classification is not a server filter: it narrows what has been fetched, and paging keeps
  // fetching until the grid is filled with matching games.
  const classification = filters.classification;
  const shown = useCallback(
    (g: Game) => !classification || sameClassification(classification, g.classification),
    [classification],
  );
  const facets = useLobbyFacets(
    vendor && { merchant: brand?.merchantCode, vassalage: vendor.vassalage, category: vendor.category, language },
  );

  const choose = (next: Vendor) => {
    setCurrentVendor(next.vassalage);
    navigate(`${path}?page=${encodeURIComponent(next.vassalage)}`);
  };

  return (
    <section className="page container lobby" data-testid={`lobby-${path.slice(1)}`}>
      <h1 className="page-title">{t(titleKey)}</h1>
      {answer === null && <p className="muted" role="status">{t('games.loading')}</p>}
      {answer !== null && vendors.length === 0 && <p className="empty-state">{t('games.noVendors')}</p>}
      {vendor && (
        <>
          <div className="vendor-tabs" role="tablist" aria-label={t('games.vendors')}>
            {vendors.map((v) => (
              <button key={v.vassalage} type="button" role="tab" aria-selected={v === vendor}
                className={v === vendor ? 'vendor-tab active' : 'vendor-tab'} data-testid={`vendor-tab-${v.vassalage}`}
                onClick={() => choose(v)}>
                <VendorLogo vassalage={v.vassalage} />
                {v.displayName}
              </button>
            ))}
          </div>
          {extra?.(vendor, play)}
          <GameStrip title={t('games.hotGames')} games={hot} testId="strip-hot" onPlay={play} />
          <GameStrip title={t('games.favourites')} games={inCategories(categories, favourites)} testId="strip-favourites"
            onPlay={play} />
          <GameStrip title={t('games.recent')} games={inCategories(categories, recent)} testId="strip-recent"
            onPlay={play} />
          <LobbyToolbar filters={filters} onChange={setFilters} facets={facets ?? NO_FACETS} />
          <GameGrid query={query} shown={shown} onPlay={play} />
        </>
      )}
    </section>
  );
}
