// The games calls of SPEC §7 (e-games, PVP, launch) and the member's betting records.
// The interfaces below mirror the server's schemas (server/games/schemas.py, the games API contract) by hand
// until the OpenAPI types are regenerated; then they should become Schemas['...'] aliases like wallet/api.ts.
import { call } from '../../api/client';

export const CATEGORIES = ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS'] as const;
export type Category = (typeof CATEGORIES)[number];

// Money is a decimal string with two decimals ("12.50"), never a number.
export type Amount = string;

export interface Vendor {
  vassalage: string;
  displayName: string;
  gameType: string;
  category: string;
  isHot: 0 | 1;
  accountTypeName: string | null;
  // Set when the vendor is one game: a click launches it.
  singleGameId: number | null;
}

export interface Sorting {
  gameCategory: string;
  // Vassalage codes in display order.
  vendors: string[];
}

export interface VendorsOut {
  // Only categories that have vendors.
  groups: Partial<Record<string, Vendor[]>>;
  sorting: Sorting[];
}

export interface Game {
  gameId: number;
  nodeId: number;
  vassalage: string;
  name: string;
  gameType: string;
  category: string;
  // May 404: the card then shows the default icon.
  thumbnail: string;
  minBet: Amount;
  lines: number | null;
  isHot: boolean;
  isFavourite: boolean;
  roomId: string | null;
  accountTypeName: string | null;
  // The live-game classification of SPEC §2.8, e.g. "Baccarat".
  classification: string | null;
  // The vendor's code of the game; a lottery game opens /lottery?gameCode=… with it (SPEC §4).
  gameCode: string;
  defaultPlayType?: string | null;
}

export interface GameListOut {
  games: Game[];
  pageNum: number;
  totalPages: number;
  total: number;
}

export interface GameItemsOut {
  list: Game[];
}

export interface GameTypesOut {
  types: { gameType: string; count: number }[];
}

export interface FavouriteOut {
  gameId: number;
  isFavourite: boolean;
}

export interface Room {
  roomId: string;
  name: string;
  gameId: number;
  vassalage: string;
  minBet: Amount;
  players: number;
}

export interface RoomsOut {
  rooms: Room[];
}

export interface Winner {
  // Masked ("pl***1").
  account: string;
  gameName: string;
  vassalage: string;
  amount: Amount;
  // ISO date-time.
  time: string;
}

export interface WinnersOut {
  list: Winner[];
}

export interface JackpotOut {
  amount: Amount;
  currency: string;
}

export interface LaunchIn {
  gameId: number;
  // Unknown when a vendor is launched by its singleGameId (the server does not need it).
  nodeId: number | null;
  accountType: 1;
  confirmTrans: 0;
  vassalage: string;
  launchMode: 'GLS';
  platform: 'html5-desktop';
  clientType: 3;
  username: string | null;
  token: string | null;
  merchantCode: string | null;
  language: string;
}

// snake_case game_url as SPEC §4 names it.
export interface LaunchOut {
  game_url: string;
  game_url2: string;
  launchMode: string;
  trial: boolean;
}

export type BetStatus = 'OPEN' | 'SETTLED' | 'CANCELLED';

export interface Bet {
  roundId: string;
  gameName: string;
  vassalage: string;
  category: string;
  betAmount: Amount;
  winAmount: Amount;
  // win - bet
  profit: Amount;
  status: BetStatus;
  placedAt: string;
  settledAt: string | null;
}

export interface BetTotals {
  betAmount: Amount;
  winAmount: Amount;
  profit: Amount;
  count: number;
}

export interface BetsOut {
  list: Bet[];
  pageNum: number;
  totalPages: number;
  total: number;
  totals: BetTotals;
}

export interface ProfitRow {
  category: string;
  betAmount: Amount;
  validBet: Amount;
  winAmount: Amount;
  profit: Amount;
  count: number;
}

export interface ProfitOut {
  rows: ProfitRow[];
  total: ProfitRow;
}

// SPEC §7 game-list query: clientType 3 and the flash,html5-desktop platform are fixed.
export interface GameListQuery {
  merchant?: string;
  channel?: string;
  vassalage?: string;
  category?: string;
  gameType?: string;
  gameName?: string;
  minBet?: string;
  minLineNum?: number;
  pageNo: number;
  pageSize: number;
  language: string;
}

export interface BetQuery {
  category?: string;
  vassalage?: string;
  // yyyy-MM-dd, both inclusive.
  startDate: string;
  endDate: string;
  pageNo: number;
  pageSize: number;
}

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
  jackpot: () => call<JackpotOut>('/wps/relay/jackpot'),
  launch: (body: LaunchIn) => call<LaunchOut>('/wps/game/launchGame', { method: 'POST', body }),
  bettingRecord: (query: BetQuery) => call<BetsOut>('/wps/relay/personalHistoryCopy', { query: { ...query } }),
  personalProfit: (query: { startDate: string; endDate: string }) =>
    call<ProfitOut>('/wps/relay/personalProfit', { query }),
};
