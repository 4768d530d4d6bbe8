import { isTrialAtom, memberActionAllowed } from '../../state/account';
import { tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import { type Game, gamesApi } from './api';
import { favouritesAtom, recentGamesAtom } from './atoms';

// Real members only: a visitor or a trial account (which the server refuses) simply has no lists, and
// is not asked for them.
function hasMemberLists(): boolean {
  return Boolean(store.get(tokenAtom)) && !store.get(isTrialAtom);
}

export async function loadMemberLists(): Promise<void> {
  if (!hasMemberLists()) {
    store.set(favouritesAtom, null);
    store.set(recentGamesAtom, null);
    return;
  }
  const [favourites, recent] = await Promise.allSettled([gamesApi.favourites(), gamesApi.recentGames()]);
  store.set(favouritesAtom, favourites.status === 'fulfilled' ? favourites.value.list : null);
  store.set(recentGamesAtom, recent.status === 'fulfilled' ? recent.value.list : null);
}

export async function loadRecentGames(): Promise<void> {
  if (!hasMemberLists()) return;
  try {
    store.set(recentGamesAtom, (await gamesApi.recentGames()).list);
  } catch {
    // Keeps the previous list.
  }
}

export function isFavourite(game: Game): boolean {
  const list = store.get(favouritesAtom);
  return list ? list.some((g) => g.gameId === game.gameId) : game.isFavourite;
}

// The heart: visitors get the login prompt and trial accounts the real-account warning (SPEC §6); members
// see the change at once and it is undone if the server refuses.
export async function toggleFavourite(game: Game): Promise<void> {
  if (!memberActionAllowed()) return;
  const next = !isFavourite(game);
  const before = store.get(favouritesAtom);
  const without = (before ?? []).filter((g) => g.gameId !== game.gameId);
  store.set(favouritesAtom, next ? [{ ...game, isFavourite: true }, ...without] : without);
  try {
    await gamesApi.setFavourite(game.gameId, next);
  } catch (error) {
    store.set(favouritesAtom, before);
    throw error;
  }
}
