// The lottery calls (SPEC §7 "Lottery", the lottery wire contract). Amounts are decimal strings, times
// ISO-8601 UTC strings. The wire types are the generated OpenAPI ones (api/schema.d.ts); written here by
// hand is only what the document does not say: the pick kinds (one flat PickOut there, its kind a string),
// the areas and bet filters this client knows, and the socket push.
import { call, type Schemas } from '../../api/client';

export type Area = 'VN' | 'SEA' | 'FAST' | 'ELOTT';
export const AREAS: readonly Area[] = ['VN', 'FAST', 'SEA', 'ELOTT'];

type PickOut = Schemas['PickOut'];
// Up to maxCount numbers of `digits` digits.
export type NumberPick = Pick<PickOut, 'maxCount'> & { kind: 'number'; digits: 1 | 2 | 3 | 4 };
// One of the options ("BIG", "SMALL").
export type OptionPick = Pick<PickOut, 'options'> & { kind: 'option' };
export type PickSpec = NumberPick | OptionPick;

// odds: prize mode -> payout multiple per unit stake on a hit; tierOdds (4D Big/Small): prize mode -> tier
// -> multiple; minStake and maxStake: per selected number or option.
export type PlayType = Omit<Schemas['PlayTypeOut'], 'pick'> & { pick: PickSpec };

export type Issue = Schemas['IssueOut'];
export type Tier = Schemas['TierOut'];
export type Opened = Schemas['OpenedOut'];

// The lottery:opened push (realtime, not in the OpenAPI document): the draw and the issue now taking bets.
export type OpenedEvent = Opened & { next: Issue };

// intervalSeconds null: one draw a day; the first prize mode is the default.
export type GameMenuItem = Omit<Schemas['GameMenuItem'], 'playTypes'> & { playTypes: PlayType[] };
export type Menu = Omit<Schemas['MenuGroup'], 'games'> & { games: GameMenuItem[] };
export type MenusOut = Omit<Schemas['MenusOut'], 'menus'> & { menus: Menu[] };
export type GameItemsOut = Omit<Schemas['LotteryGameListOut'], 'list'> & { list: GameMenuItem[] };

export type StateOut = Schemas['StateOut'];
export type OpenedListOut = Schemas['OpenedListOut'];
// SPEC §7 lobby payload: the LOTT-mode part of the launch body; the server defaults the game launch's fields.
export type LobbyLaunchIn = Pick<
  Schemas['LaunchIn'],
  'launchMode' | 'lottoArea' | 'lottoPrizeMode' | 'lottoGameCode' | 'lottoView' | 'device' | 'backUrl' | 'language'
>;
export type LaunchOut = Schemas['LaunchOut'];
export type SessionOut = Schemas['LotterySessionOut'];
export type LotteryBet = Schemas['LotteryBetOut'];
export type PlaceBetIn = Schemas['LotteryBetIn'];
export type PlaceBetOut = Schemas['BetPlacedOut'];
export type MyBetsOut = Schemas['BetListOut'];

export type BetFilter = 'ALL' | 'OPEN' | 'SETTLED';

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
