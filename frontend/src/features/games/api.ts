// The games calls of SPEC §7 (e-games, PVP, launch) and the member's betting records. The wire types are
// the generated OpenAPI ones (api/schema.d.ts, regenerated from the server by `npm run gen:api`).
import { call, type Schemas } from '../../api/client';
import type { paths } from '../../api/schema';

export { CATEGORIES, type Category } from '../../lib/recordKinds';

export type Vendor = Schemas['VendorOut'];
export type Sorting = Schemas['SortingOut'];
export type VendorsOut = Schemas['VendorsOut'];
export type Game = Schemas['GameOut'];
export type GameListOut = Schemas['GameListOut'];
export type GameItemsOut = Schemas['GameListItems'];
export type GameTypesOut = Schemas['GameTypesOut'];
export type FavouriteOut = Schemas['FavouriteOut'];
export type Room = Schemas['RoomOut'];
export type RoomsOut = Schemas['RoomsOut'];
export type Winner = Schemas['WinnerOut'];
export type WinnersOut = Schemas['WinnersOut'];
export type LaunchIn = Schemas['LaunchIn'];
export type LaunchOut = Schemas['LaunchOut'];
export type LeaveOut = Schemas['LeaveOut'];
export type Bet = Schemas['BetOut'];
export type BetStatus = Bet['status'];
export type BetTotals = Schemas['BetTotals'];
export type BetsOut = Schemas['BetsOut'];
export type ProfitRow = Schemas['ProfitRow'];
export type ProfitOut = Schemas['ProfitOut'];

// The query of a GET as the OpenAPI document describes it.
type QueryOf<P extends keyof paths> = paths[P]['get'] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

// SPEC §7 game-list query; gameList adds the fixed clientType 3 and flash,html5-desktop platform. The
// client always names the page, and also sends the merchant and language (which the document leaves out).
export type GameListQuery = QueryOf<'/wps/relay/GCS_gameList'> & {
  pageNo: number;
  pageSize: number;
  merchant?: string;
  language: string;
};

// startDate and endDate: yyyy-MM-dd, both inclusive; the record pages always send both and the page.
export type BetQuery = QueryOf<'/wps/relay/personalHistoryCopy'> & {
  startDate: string;
  endDate: string;
  pageNo: number;
  pageSize: number;
};

const PLATFORMS = 'flash,html5-desktop';

export const gamesApi = {
  vendors: (merchantCode: string) => call<VendorsOut>('/wps/relay/GCS_gameVendor', { query: { merchantCode } }),
  gameList: (query: GameListQuery, signal?: AbortSignal) =>
    call<GameListOut>('/wps/relay/GCS_gameList', {
      query: { clientType: 3, platform: PLATFORMS, ...query },
      signal,
    }),
  hotGames: (q: { merchantCode: string; vassalage?: string; language: string }) =>
    call<GameItemsOut>('/wps/relay/GCS_hotGames', { query: { isPlatform: 2, platform: PLATFORMS, ...q } }),
  vendorGameTypes: (vassalage: string) =>
    call<GameTypesOut>('/wps/relay/GCS_vendorGameType', { query: { vassalage } }),
  favourites: () => call<GameItemsOut>('/wps/relay/GCS_favouriteList'),
  setFavourite: (gameId: number, favourite: boolean) =>
    call<FavouriteOut>('/wps/relay/GCS_favourite', { method: 'POST', body: { gameId, favourite } }),
  recentGames: () => call<GameItemsOut>('/wps/relay/GCS_recentGames'),
  rooms: (vassalage: string) => call<RoomsOut>('/wps/relay/GLS2_roomList', { query: { vassalage } }),
  winnerBoard: () => call<WinnersOut>('/wps/relay/winnerBoard'),
  launch: (body: LaunchIn) => call<LaunchOut>('/wps/game/launchGame', { method: 'POST', body }),
  // The player left the game (automatic transfer: its wallet's money goes back); keepalive, as the page
  // may be going.
  leaveGame: () => call<LeaveOut>('/wps/game/leaveGame', { method: 'POST', keepalive: true }),
  bettingRecord: (query: BetQuery) => call<BetsOut>('/wps/relay/personalHistoryCopy', { query: { ...query } }),
  personalProfit: (query: { startDate: string; endDate: string }) =>
    call<ProfitOut>('/wps/relay/personalProfit', { query }),
};
