// The mini-games' console calls (/wps/admin/minigames; promotions.read to read, promotions.write to change,
// every change audited by the server): the red-envelope rains with their daily schedule, a one-off session,
// a rain's sessions (the history with each seed once closed) and one session with its grabs; the prize games
// (lucky wheel, golden egg) with their prize tables and how members earn plays.
//
// The shapes are the contract (issue 33, "Console calls") as the wire spells them (camelCase). They
// are written out here until the generated schema (src/api/schema.d.ts, `npm run gen:api`) carries them.
// Money is a decimal string ("12.34"), never a float; a probability a decimal string of percent with up to
// four decimals ("12.5" = 12.5 %); times epoch milliseconds; ids integers.
import { consoleCall } from './api';

// Language code (EN, CN, ...) -> text; EN is required.
export type PerLanguage = Record<string, string>;

export type LimitMode = 'FLAT' | 'VIP';
export type SessionState = 'SCHEDULED' | 'OPEN' | 'CLOSED';
export type GameKind = 'WHEEL' | 'EGG';
export type PrizeKind = 'MONEY' | 'POINTS' | 'TICKETS' | 'NOTHING';

export interface RainIn {
  name: PerLanguage;
  enabled: boolean;
  dailyAt: string; // "HH:MM", the brand's business time zone
  durationSeconds: number; // 10..3600
  budget: string;
  envelopes: number; // 1..10000
  minAmount: string; // budget >= envelopes x minAmount
  wagerMultiple: number; // 0..50
  limitMode: LimitMode;
  flatLimit: number; // FLAT: grabs per member per session, 1..1000 (kept, and still sent, under VIP)
  vipLimits: Record<string, number>; // VIP: level -> grabs (0: none); a member takes the highest level at or below theirs
}

export interface Rain extends RainIn {
  id: number;
}

// A session as the history lists it; the seed only once the session closed.
export interface RainSession {
  id: number;
  startsAt: number;
  endsAt: number;
  state: SessionState;
  envelopes: number;
  grabbed: number;
  left: number;
  budget: string;
  paid: string;
  seedHash: string;
  seed: string | null;
}

export interface Grab {
  seq: number;
  account: string; // the member's username, unmasked for staff
  amount: string;
  at: number;
}

export interface SessionDetail extends RainSession {
  rainId?: number;
  grabs: Grab[];
}

export interface SessionPage {
  list: RainSession[];
  page: number;
  pageSize: number;
  total: number;
}

// `minigames:state`, pushed to the merchant's room on open, on close and after grabs (at most every 500 ms).
export interface StateEvent {
  sessionId: number;
  rainId: number;
  state: SessionState;
  left: number;
  endsAt: number;
}

export interface Earn {
  perDeposit: string | null; // one play per so much deposited; null: none
  perTurnover: string | null; // one play per so much valid turnover; null: none
  perCheckin: number; // plays a daily check-in gives
}

export interface PrizeIn {
  kind: PrizeKind;
  amount: string | null; // MONEY
  value: number | null; // POINTS, TICKETS
  wagerMultiple: number;
  label: PerLanguage;
  probability: string; // percent, "12.5"
}

export interface GameIn {
  kind: GameKind;
  name: PerLanguage;
  enabled: boolean;
  earn: Earn;
  prizes: PrizeIn[]; // 2..12, probabilities summing to exactly 100
}

export interface Game extends GameIn {
  id: number;
  expectedCost: string; // money per play, the server's reckoning
}

export const LIMIT_MODES: readonly LimitMode[] = ['FLAT', 'VIP'];
export const GAME_KINDS: readonly GameKind[] = ['WHEEL', 'EGG'];
export const PRIZE_KINDS: readonly PrizeKind[] = ['MONEY', 'POINTS', 'TICKETS', 'NOTHING'];
export const MINI_GAME_LANGUAGES: readonly string[] = ['EN', 'CN', 'JA', 'TH', 'VI', 'PT', 'TY'];

// The contract's bounds.
export const DURATION_MIN = 10;
export const DURATION_MAX = 3600;
export const ENVELOPES_MAX = 10_000;
export const WAGER_MULTIPLE_MAX = 50;
export const FLAT_LIMIT_MAX = 1000;
export const VIP_LEVEL_MAX = 10;
export const PRIZES_MIN = 2;
export const PRIZES_MAX = 12;
export const NAME_MAX = 64;
export const LABEL_MAX = 32;
export const COUNT_MAX = 1_000_000; // points, tickets
export const CHECKIN_PLAYS_MAX = 100; // plays a check-in gives
export const SESSIONS_PAGE = 20;

const MINIGAMES = '/wps/admin/minigames';

// A list may come bare or as {list}: the same array either way.
const listOf = <T>(answer: T[] | { list: T[] } | null): T[] => (Array.isArray(answer) ? answer : (answer?.list ?? []));

export const listRains = () => consoleCall<Rain[] | { list: Rain[] }>(`${MINIGAMES}/rains`).then(listOf);
export const addRain = (body: RainIn) => consoleCall<Rain>(`${MINIGAMES}/rains`, { method: 'POST', body });
export const changeRain = (id: number, body: RainIn) => consoleCall<Rain>(`${MINIGAMES}/rains/${id}`, { method: 'PUT', body });

// A one-off session of the rain, now or later (startsAt >= now).
export const startSession = (rainId: number, startsAt: number) =>
  consoleCall<RainSession>(`${MINIGAMES}/rains/${rainId}/sessions`, { method: 'POST', body: { startsAt } });

// The rain's sessions, newest first; a bare list is read as one page.
export async function listSessions(rainId: number, page: number, pageSize = SESSIONS_PAGE): Promise<SessionPage> {
  const answer = await consoleCall<RainSession[] | SessionPage>(`${MINIGAMES}/rains/${rainId}/sessions`, {
    query: { page, pageSize },
  });
  if (Array.isArray(answer)) return { list: answer, page, pageSize, total: (page - 1) * pageSize + answer.length };
  return answer;
}

export const readSession = (id: number) => consoleCall<SessionDetail>(`${MINIGAMES}/sessions/${id}`);

export const listGames = () => consoleCall<Game[] | { list: Game[] }>(`${MINIGAMES}/games`).then(listOf);
export const addGame = (body: GameIn) => consoleCall<Game>(`${MINIGAMES}/games`, { method: 'POST', body });
export const changeGame = (id: number, body: GameIn) => consoleCall<Game>(`${MINIGAMES}/games/${id}`, { method: 'PUT', body });
