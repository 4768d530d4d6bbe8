// The lottery calls (SPEC §7 "Lottery", the lottery wire contract). Amounts are decimal strings, times
// ISO-8601 UTC strings. The interfaces follow the server's schemas (server/lottery/schemas.py) by hand, with
// the pick kinds and areas narrowed to what the contract names.
import { call } from '../../api/client';

export type Amount = string;
export type Area = 'VN' | 'SEA' | 'FAST' | 'ELOTT';
export const AREAS: readonly Area[] = ['VN', 'FAST', 'SEA', 'ELOTT'];

export interface NumberPick {
  kind: 'number';
  digits: 1 | 2 | 3 | 4;
  maxCount: number;
}

export interface OptionPick {
  kind: 'option';
  options: string[];
}

export type PickSpec = NumberPick | OptionPick;

export interface PlayType {
  code: string;
  pick: PickSpec;
  // Payout multiple per unit stake on a hit, by prize mode.
  odds: Record<string, string>;
  // Tiered plays (4D Big/Small): prize mode -> tier -> multiple.
  tierOdds?: Record<string, Record<string, string>>;
  // Per selected number or option.
  minStake: Amount;
  maxStake: Amount;
}

export interface Issue {
  gameCode: string;
  issueNo: string;
  opensAt: string;
  closesAt: string;
  drawAt: string;
  // sha256 hex of the draw seed, published before the draw.
  commitment: string;
}

export interface Tier {
  tier: string;
  numbers: string[];
}

export interface Opened {
  gameCode: string;
  issueNo: string;
  drawnAt: string | null;
  tiers: Tier[];
  serverSeed: string;
  commitment: string;
}

// The lottery:opened push: the draw and the issue now taking bets.
export interface OpenedEvent extends Opened {
  next: Issue;
}

export interface GameMenuItem {
  gameCode: string;
  // Already in the Language header's language.
  name: string;
  area: Area;
  drawFormat: string;
  // null: one draw a day.
  intervalSeconds: number | null;
  // The first is the default.
  prizeModes: string[];
  playTypes: PlayType[];
  currentIssue: Issue;
  lastOpened: Opened | null;
}

export interface Menu {
  area: Area;
  games: GameMenuItem[];
}

export interface MenusOut {
  menus: Menu[];
}

export interface GameItemsOut {
  list: GameMenuItem[];
}

export interface StateOut {
  issue: Issue;
  lastOpened: Opened | null;
  // The server's clock, to correct the local one.
  now: string;
}

export interface OpenedListOut {
  list: Opened[];
}

export interface LobbyLaunchIn {
  launchMode: 'LOTT';
  lottoArea: 'VN';
  lottoPrizeMode: string;
  lottoGameCode: string;
  lottoView: 'betting' | 'lobby';
  device: 'WEB';
  backUrl: string;
  language: string;
}

export interface LaunchOut {
  game_url: string;
  game_url2: string;
  launchMode: string;
  trial: boolean;
}

export interface SessionOut {
  sessionId: string;
  balance: Amount;
  player: { nickname: string; currency: string; demo: boolean };
}

export type LotteryBetStatus = 'OPEN' | 'WON' | 'LOST' | 'VOID';

export interface LotteryBet {
  betId: number;
  gameCode: string;
  gameName: string;
  issueNo: string;
  prizeMode: string;
  playType: string;
  numbers: string[];
  stake: Amount;
  total: Amount;
  odds: string;
  status: LotteryBetStatus;
  win: Amount;
  hits: Record<string, number>;
  // Where on the drawn sheet a won bet won: the sheet marks these.
  wonNumbers: { tier: string; index: number }[];
  placedAt: string | null;
  settledAt: string | null;
}

export interface PlaceBetIn {
  gameCode: string;
  issueNo: string;
  prizeMode: string;
  playType: string;
  // Numbers, or the chosen options ("BIG").
  numbers: string[];
  // Per number or option.
  stake: Amount;
}

export interface PlaceBetOut {
  bet: LotteryBet;
  balance: Amount;
}

export type BetFilter = 'ALL' | 'OPEN' | 'SETTLED';

export interface MyBetsOut {
  list: LotteryBet[];
  pageNum: number;
  totalPages: number;
}

export const SESSION_HEADER = 'X-House-Session';
const withSession = (sessionId: string) => ({ [SESSION_HEADER]: sessionId });

export const lotteryApi = {
  menus: () => call<MenusOut>('/lgw/games/game_menus'),
  vnMenus: () => call<MenusOut>('/lgw/vn/games/game_menu'),
  recent: () => call<GameItemsOut>('/lgw/vn/games/game_menu/recent'),
  // SPEC §7 home: the most played lottery games (count 20, device, language).
  popular: (language: string, count = 20) =>
    call<GameItemsOut>('/lgw/games/popular', { query: { count, device: 'WEB', language } }),
  state: (gameCode: string) => call<StateOut>(`/lgw/games/${encodeURIComponent(gameCode)}/state`),
  opened: (gameCode: string, count: number) =>
    call<OpenedListOut>('/lgw/vn/numeros/opened/game', { query: { gameCode, count } }),
  launch: (body: LobbyLaunchIn) => call<LaunchOut>('/wps/game/launchGame', { method: 'POST', body }),
  openSession: (token: string, merchant: string) =>
    call<SessionOut>('/lgw/session', { method: 'POST', body: { token, merchant } }),
  placeBet: (sessionId: string, body: PlaceBetIn) =>
    call<PlaceBetOut>('/lgw/bets', { method: 'POST', body, headers: withSession(sessionId) }),
  myBets: (sessionId: string, status: BetFilter, page: number) =>
    call<MyBetsOut>('/lgw/bets', { query: { status, page }, headers: withSession(sessionId) }),
};
