import { atom } from 'jotai';

import { readSession, SESSION_KEYS } from '../../state/sessionKeys';
import type { Game, VendorsOut, Winner } from './api';
import { buildNavigation } from './navigation';

// The merchant's vendors (GCS_gameVendor), loaded at boot for visitors too; null until they arrive.
export const vendorsAtom = atom<VendorsOut | null>(null);
export const navigationAtom = atom((get) => {
  const vendors = get(vendorsAtom);
  return vendors ? buildNavigation(vendors.groups, vendors.sorting) : [];
});

// vassalage -> display name, for the vendor line on game cards and the records' vendor column.
export const vendorNamesAtom = atom((get) => {
  const groups = get(vendorsAtom)?.groups ?? {};
  return new Map(Object.values(groups).flatMap((list) => (list ?? []).map((v) => [v.vassalage, v.displayName] as const)));
});

// The vendor last chosen in the header or a lobby's tabs (SPEC §2.2 "sets the current vendor").
export const currentVendorAtom = atom<string | null>(null);

// The launched game's address; /game shows it. Session storage keeps it across a reload.
export const iframeUrlAtom = atom<string | null>(readSession(SESSION_KEYS.iframeUrl));
// The launched game's wallet was filled by automatic transfer: leaving /game sends its money back. Session
// storage keeps it with the address.
export const autoTransferAtom = atom<boolean>(readSession(SESSION_KEYS.gameAutoTransfer) === '1');
// True while a launch call is out: the full-screen loader shows.
export const launchingAtom = atom(false);

// The member's favourites and recent games; null for visitors or before the first answer.
export const favouritesAtom = atom<Game[] | null>(null);
export const recentGamesAtom = atom<Game[] | null>(null);
export const favouriteIdsAtom = atom((get) => {
  const list = get(favouritesAtom);
  return list ? new Set(list.map((g) => g.gameId)) : null;
});

// The home page's winner board, newest first, at most WINNER_ROWS rows.
export const WINNER_ROWS = 20;
export const winnersAtom = atom<Winner[]>([]);
