// Which of the lobby's optional filters apply to a vendor's games: a chip that cannot change what the grid
// shows (every game already passes it, or none does) is left out, and so is a classification no game has.
import { useEffect, useState } from 'react';

import { parseCents } from '../../lib/money';
import { type Game, gamesApi } from './api';
import { type ClassificationChip, classificationChips } from './classifications';
import type { ListQuery } from './useGameList';

// The two filters SPEC §9 states: games playable with a bet of 1, and games with 25 lines or more.
export const MIN_BET_FILTER = '1';
export const LINES_FILTER = 25;
// One request reads the vendor's games for its chips (the server's largest page): a vendor with more games
// has its chips from its first hundred.
export const FACETS_PAGE_SIZE = 100;

export interface LobbyFacets {
  classifications: ClassificationChip[];
  minBet: boolean;
  lines: boolean;
}

export const NO_FACETS: LobbyFacets = { classifications: [], minBet: false, lines: false };

// A filter narrows the list when some games pass it and some do not.
const narrows = (games: Game[], passes: (game: Game) => boolean) => games.some(passes) && !games.every(passes);

export function lobbyFacets(games: Game[]): LobbyFacets {
  const limit = parseCents(MIN_BET_FILTER) ?? 0n;
  return {
    classifications: classificationChips(games.flatMap((game) => (game.classification ? [game.classification] : []))),
    minBet: narrows(games, (game) => (parseCents(game.minBet) ?? limit + 1n) <= limit),
    // Only games that have lines can pass: a lobby without any (live tables, fishing) gets no lines chip.
    lines: narrows(games, (game) => (game.lines ?? 0) >= LINES_FILTER),
  };
}

export type FacetQuery = Pick<ListQuery, 'merchant' | 'vassalage' | 'category' | 'language'>;

// The vendor's games without the lobby's filters, read once per vendor: the chips stay put while the player
// types a name or toggles a filter. Null until they are known (and when they could not be read).
export function useLobbyFacets(query: FacetQuery | null): LobbyFacets | null {
  const key = query ? JSON.stringify(query) : '';
  const [found, setFound] = useState<{ key: string; facets: LobbyFacets } | null>(null);
  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    gamesApi.gameList({ ...query, pageNo: 1, pageSize: FACETS_PAGE_SIZE }, controller.signal).then(
      (page) => setFound({ key, facets: lobbyFacets(page.games) }),
      () => undefined,
    );
    return () => controller.abort();
    // The query is captured through its key.
  }, [key]);
  return found?.key === key ? found.facets : null;
}
