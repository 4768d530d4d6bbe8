// The promotions section's calls (/wps/admin/promotions; promotions.read to read, promotions.write to change):
// the promotions with their schedule, texts per language, the kind's parameters and what they have cost, the
// pause / resume / end switches, each promotion's entries (who joined, what was paid) and the brand's
// wagering weights (how much of a game category's stakes counts toward a bonus's turnover).
//
// The shapes are server/promotions/schemas.py and kinds.py as the wire spells them (camelCase). They are
// written out here until the generated schema (src/api/schema.d.ts, `npm run gen:api`) carries them; then
// they can become Schemas['PromotionAdminOut'] and the rest, as contentApi.ts's are.
import { consoleCall } from './api';
import type { LeaderboardIn, LeaderboardOut, TaskIn, TaskOut } from './missionsApi';
import type { TicketBy } from './raffleApi';

export type PromotionKind = 'SIGNUP' | 'FIRST_DEPOSIT' | 'RELOAD' | 'CHECKIN' | 'TURNOVER_TIERS' | 'LOSS_REBATE' | 'MISSION' | 'RAFFLE' | 'APPLICATION';
export type PromotionCategory = 'NEW_MEMBER' | 'DEPOSIT' | 'DAILY' | 'CASINO' | 'SPORTS' | 'OTHER';
export type PromotionState = 'SCHEDULED' | 'RUNNING' | 'PAUSED' | 'ENDED';
export type ClaimMode = 'BEFORE' | 'AFTER';
export type WagerBase = 'BONUS' | 'DEPOSIT_PLUS_BONUS';
export type ReloadPeriod = 'DAILY' | 'WEEKLY' | 'SEMIMONTHLY' | 'MONTHLY';
export type EntryStatus = 'JOINED' | 'CLAIMABLE' | 'CLAIMED' | 'ISSUED' | 'EXPIRED' | 'APPLYING' | 'REJECTED';
export type WagerCategory = 'ELOTT' | 'LOTT' | 'LIVE' | 'SPORTS' | 'FISH' | 'RNG' | 'PVP' | 'ESPORTS';
export type PromotionSwitch = 'pause' | 'resume' | 'end';

export interface PromotionText {
  title: string;
  content: string; // the rules, HTML (the server sanitises it when it is saved)
}

// A turnover tier: the valid turnover a member reaches over a period, and what reaching it pays.
export interface RewardTier {
  turnover: string;
  reward: string;
}

// What staff send: only the parameters the kind uses, amounts as decimal strings ("100", "100.50").
export interface ParamsIn {
  amount?: string; // SIGNUP
  percent?: number; // FIRST_DEPOSIT, RELOAD: of the deposit, 1..500; LOSS_REBATE: of the net loss, 1..100
  cap?: string; // the most one deposit's bonus can be; LOSS_REBATE: the most one period's rebate can be
  minDeposit?: string;
  claimMode?: ClaimMode;
  claimDays?: number; // 1..90 (TURNOVER_TIERS, LOSS_REBATE: after the period has closed)
  period?: ReloadPeriod; // RELOAD; TURNOVER_TIERS and LOSS_REBATE: what is counted over (required)
  onePerAddress?: boolean;
  rewards?: string[]; // CHECKIN: one amount per streak day, 1..7
  tiers?: RewardTier[]; // TURNOVER_TIERS: 1..5, each with more turnover and a bigger reward than the one before
  minLoss?: string; // LOSS_REBATE: the net loss a period must reach to pay a rebate
  wagerMultiple: number; // 0..100
  wagerBase?: WagerBase; // the deposit kinds (the others wager the bonus)
  maxStake?: string; // left out: no limit
  expiryDays: number; // 1..365
  tasks?: TaskIn[]; // MISSION: 1..5
  leaderboard?: LeaderboardIn; // MISSION: left out, none
  ticketBy?: TicketBy; // RAFFLE: what earns a ticket
  ticketEvery?: string; // RAFFLE: the amount per ticket
  maxTickets?: number; // RAFFLE: left out, no limit
  prizes?: string[]; // RAFFLE: by rank, none above the one before
}

// What the server stored: every field, null where the kind has none.
export interface ParamsOut {
  amount: string | null;
  percent: number | null;
  cap: string | null;
  minDeposit: string | null;
  claimMode: ClaimMode | null;
  claimDays: number | null;
  period: ReloadPeriod | null;
  rewards: string[] | null;
  tiers: RewardTier[] | null;
  minLoss: string | null;
  wagerMultiple: number;
  wagerBase: WagerBase;
  maxStake: string | null;
  expiryDays: number;
  onePerAddress: boolean;
  tasks?: TaskOut[] | null;
  leaderboard?: LeaderboardOut | null;
  ticketBy?: TicketBy | null;
  ticketEvery?: string | null;
  maxTickets?: number | null;
  prizes?: string[] | null;
}

export interface PromotionIn {
  kind: PromotionKind;
  category: PromotionCategory;
  startsAt: string; // ISO instant
  endsAt: string | null; // null: until it is ended
  sortOrder: number;
  imageUrl: string | null;
  texts: Record<string, PromotionText>;
  params: ParamsIn;
}

export interface PromotionStats {
  entries: number;
  paid: number; // how many entries were paid
  paidAmount: string;
  turnover: string; // weighted turnover counted on the bonuses it paid
}

export interface PromotionAdmin {
  id: number;
  kind: PromotionKind;
  category: PromotionCategory;
  state: PromotionState;
  startsAt: string;
  endsAt: string | null;
  paused: boolean;
  endedAt: string | null;
  sortOrder: number;
  imageUrl: string | null;
  texts: Record<string, PromotionText>;
  params: ParamsOut;
  mostPerMember: string; // the most one member can receive a period: the expected cost per member
  stats: PromotionStats;
  updatedAt: string;
}

export interface PromotionList {
  list: PromotionAdmin[];
}

export interface EntryAdmin {
  id: number;
  memberId: number;
  username: string;
  status: EntryStatus;
  periodKey: string; // "once", a day "2026-11-29", a week "2026-W48", a half month "2026-11-H2", a month "2026-11"
  amount: string;
  depositAmount: string | null;
  createdAt: string;
  paidAt: string | null;
}

export interface EntryPage {
  list: EntryAdmin[];
  pageNum: number;
  totalPages: number;
  total: number;
}

export interface Weights {
  weights: Partial<Record<WagerCategory, number>>; // percent, 0..100
}

export const PROMOTION_KINDS: readonly PromotionKind[] = [
  'SIGNUP',
  'FIRST_DEPOSIT',
  'RELOAD',
  'CHECKIN',
  'TURNOVER_TIERS',
  'LOSS_REBATE',
  'MISSION',
  'RAFFLE',
  'APPLICATION',
];
export const PROMOTION_CATEGORIES: readonly PromotionCategory[] = [
  'NEW_MEMBER',
  'DEPOSIT',
  'DAILY',
  'CASINO',
  'SPORTS',
  'OTHER',
];
export const CLAIM_MODES: readonly ClaimMode[] = ['BEFORE', 'AFTER'];
export const WAGER_BASES: readonly WagerBase[] = ['BONUS', 'DEPOSIT_PLUS_BONUS'];
export const RELOAD_PERIODS: readonly ReloadPeriod[] = ['DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'];
export const ENTRY_STATUSES: readonly EntryStatus[] = ['JOINED', 'CLAIMABLE', 'CLAIMED', 'ISSUED', 'EXPIRED'];
// In the order the console shows them (the records' bet categories).
export const WAGER_CATEGORIES: readonly WagerCategory[] = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT'];
// The kinds paid on a deposit (a percentage of it, up to a cap).
export const DEPOSIT_KINDS: readonly PromotionKind[] = ['FIRST_DEPOSIT', 'RELOAD'];
// The kinds counted over a period from the bet records (no joining; the reward is offered to claim once the
// period has closed).
export const PERIODIC_KINDS: readonly PromotionKind[] = ['TURNOVER_TIERS', 'LOSS_REBATE'];

// The server's bounds (server/promotions/kinds.py, schemas.py).
export const PERCENT_MIN = 1;
export const PERCENT_MAX = 500;
export const CLAIM_DAYS_MAX = 90;
export const WAGER_MULTIPLE_MAX = 100;
export const EXPIRY_DAYS_MAX = 365;
export const STREAK_DAYS_MAX = 7;
export const TIERS_MAX = 5;
export const REBATE_PERCENT_MAX = 100;
export const SORT_ORDER_MAX = 1000; // either way
export const IMAGE_URL_MAX = 500;
export const ENTRIES_PAGE = 20;

const PROMOTIONS = '/wps/admin/promotions';

export function listPromotions(): Promise<PromotionList> {
  return consoleCall<PromotionList>(PROMOTIONS);
}

export function addPromotion(body: PromotionIn): Promise<PromotionAdmin> {
  return consoleCall<PromotionAdmin>(PROMOTIONS, { method: 'POST', body });
}

// The kind stays what it was (another one is 422 PROMOTION_KIND_FIXED).
export function changePromotion(id: number, body: PromotionIn): Promise<PromotionAdmin> {
  return consoleCall<PromotionAdmin>(`${PROMOTIONS}/${id}`, { method: 'PUT', body });
}

// Pause (no one joins or claims until it is resumed), resume, or end it for good.
export function switchPromotion(id: number, to: PromotionSwitch): Promise<PromotionAdmin> {
  return consoleCall<PromotionAdmin>(`${PROMOTIONS}/${id}/${to}`, { method: 'POST' });
}

export const pausePromotion = (id: number) => switchPromotion(id, 'pause');
export const resumePromotion = (id: number) => switchPromotion(id, 'resume');
export const endPromotion = (id: number) => switchPromotion(id, 'end');

export function listEntries(id: number, page: number, pageSize = ENTRIES_PAGE): Promise<EntryPage> {
  return consoleCall<EntryPage>(`${PROMOTIONS}/${id}/entries`, { query: { page, pageSize } });
}

export function readWeights(): Promise<Weights> {
  return consoleCall<Weights>(`${PROMOTIONS}/weights`);
}

export function saveWeights(weights: Partial<Record<WagerCategory, number>>): Promise<Weights> {
  return consoleCall<Weights>(`${PROMOTIONS}/weights`, { method: 'PUT', body: { weights } });
}
