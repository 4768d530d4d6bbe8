// The loyalty section's calls (/wps/admin/loyalty; loyalty.read to read, loyalty.write to change): the VIP
// levels with their perks and the rank review's settings, the cashback mode, the points rates, the points
// mall's items, the redeem queue (physical goods wait for staff) and the invite-a-friend rules.
//
// The shapes are the contract (issue 32, "The wire") as the wire spells them (camelCase). They are
// written out here until the generated schema (src/api/schema.d.ts, `npm run gen:api`) carries them. Money is
// a decimal string ("12.34"), a rate a string with two decimals ("0.80"), times epoch milliseconds.
import { consoleCall } from './api';

export type Emblem = 'BRONZE' | 'SILVER' | 'GOLD' | 'PLATINUM' | 'DIAMOND' | 'CROWN';
export type CashbackMode = 'MANUAL' | 'DAILY';
export type MallCategory = 'BONUS' | 'FREE_SPINS' | 'RAFFLE_TICKETS' | 'GOODS';
export type RedeemStatus = 'IN_PROCESS' | 'REJECTED' | 'APPROVED';
// Category -> rate ("0.80"): cashback in percent of valid turnover, points per 1.00 of it.
export type Rates = Record<string, string>;
// Language code (EN, CN, ...) -> text; a language left out falls back to the brand's default.
export type PerLanguage = Record<string, string>;

export interface VipSettings {
  windowDays: number; // the rolling window deposits and turnover are counted over
  demote: boolean; // whether a member who falls below their level is moved down
  graceDays: number; // how long a member keeps a level they no longer reach
}

export interface VipLevelIn {
  names: PerLanguage;
  emblem: Emblem;
  depositRequired: string;
  turnoverRequired: string;
  upgradeBonus: string;
  monthlyBonus: string;
  birthdayBonus: string;
  wagerMultiple: number;
  cashbackRates: Rates;
  dailyWithdrawalCount: number | null; // null: no limit
  dailyWithdrawalAmount: string | null; // null: no limit
  vipChat: boolean;
}

export interface VipLevel extends VipLevelIn {
  level: number; // 0: where every member starts
}

export interface VipConfig {
  settings: VipSettings;
  levels: VipLevel[];
}

export interface CashbackConfig {
  mode: CashbackMode; // MANUAL: members claim it; DAILY: a job pays the previous business day
  minimum: string; // the smallest amount paid
}

export interface PointsConfig {
  ratio: number; // points per 1.00 when converted
  minConvert: number; // the fewest points a conversion takes
  rates: Rates;
}

export interface MallItemIn {
  category: MallCategory;
  names: PerLanguage;
  descriptions: PerLanguage;
  imageUrl: string | null;
  points: number;
  amountRequired: string; // the member's completed deposits must reach it; "0.00": none
  value: string | null; // money for BONUS ("5.00"), a count for FREE_SPINS / RAFFLE_TICKETS ("10"), null for GOODS
  stock: number | null; // null: unlimited
  perMember: number | null; // null: no limit
  raffleId: number | null; // RAFFLE_TICKETS: the raffle the tickets go into
  active: boolean;
  sort: number; // the mall's order, smallest first
}

export interface MallItem extends MallItemIn {
  id: number;
  redeemed?: number; // units redeemed and not rejected
}

export interface MallItemList {
  list: MallItem[];
}

export interface Redeem {
  id: number;
  memberId?: number;
  username: string;
  itemId: number;
  itemName: string;
  category: MallCategory;
  quantity: number;
  points: number;
  status: RedeemStatus;
  address: string | null;
  mobile: string | null;
  reason: string | null;
  createdAt: number | string;
  decidedAt: number | string | null;
  decidedBy?: number | null;
}

export interface RedeemPage {
  list: Redeem[];
  page: number;
  pageSize: number;
  total: number;
}

export interface ReferralConfig {
  enabled: boolean;
  reward: string; // paid to the inviter per invitee who qualifies
  deposit: string; // the invitee's first deposit at least
  turnover: string; // the invitee's valid turnover at least
  days: number; // within so many days of registering
  wagerMultiple: number;
}

export const EMBLEMS: readonly Emblem[] = ['BRONZE', 'SILVER', 'GOLD', 'PLATINUM', 'DIAMOND', 'CROWN'];
export const CASHBACK_MODES: readonly CashbackMode[] = ['MANUAL', 'DAILY'];
// FREE_SPINS is not offered: the product has no way to deliver free spins outside the house's own slots
// (the server refuses it with MALL_CATEGORY_UNAVAILABLE).
export const MALL_CATEGORIES: readonly MallCategory[] = ['BONUS', 'RAFFLE_TICKETS', 'GOODS'];
export const REDEEM_STATUSES: readonly RedeemStatus[] = ['IN_PROCESS', 'APPROVED', 'REJECTED'];
// The game categories rates are set for (SPEC §9's six, and the lotteries), in the order the console shows
// them; a category the server adds is shown after these. A category left out of the stored rates earns none.
export const RATE_CATEGORIES: readonly string[] = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT'];
// The languages a level's or an item's texts are kept in.
export const LOYALTY_LANGUAGES: readonly string[] = ['EN', 'CN', 'JA', 'TH', 'VI', 'PT', 'TY'];

// Bounds (the contract's, and the promotions' where it names none).
export const LEVEL_MAX = 10;
export const WAGER_MULTIPLE_MAX = 100;
export const WINDOW_DAYS_MAX = 365;
export const GRACE_DAYS_MAX = 365;
export const CASHBACK_RATE_MAX = 100; // percent
export const POINTS_RATE_MAX = 999; // points per 1.00
export const RATIO_MAX = 1_000_000;
export const COUNT_MAX = 1_000_000; // points, stock, per member
export const WITHDRAWALS_MAX = 1000; // withdrawals a day
export const REFERRAL_DAYS_MAX = 365;
export const LEVEL_NAME_MAX = 32;
export const ITEM_NAME_MAX = 100;
export const DESCRIPTION_MAX = 1000;
export const SORT_MAX = 1_000_000;
export const IMAGE_URL_MAX = 500;
export const REASON_MAX = 200;
export const REDEEMS_PAGE = 20;

const LOYALTY = '/wps/admin/loyalty';

export const readVip = () => consoleCall<VipConfig>(`${LOYALTY}/vip`);
export const saveVipSettings = (body: VipSettings) => consoleCall<unknown>(`${LOYALTY}/vip/settings`, { method: 'PUT', body });
// Creates the level or replaces it (0..10; a new one is the next after the highest).
export const saveVipLevel = (level: number, body: VipLevelIn) =>
  consoleCall<unknown>(`${LOYALTY}/vip/levels/${level}`, { method: 'PUT', body });
// Only the highest level, never 0.
export const deleteVipLevel = (level: number) => consoleCall<unknown>(`${LOYALTY}/vip/levels/${level}`, { method: 'DELETE' });

export const readCashback = () => consoleCall<CashbackConfig>(`${LOYALTY}/cashback`);
export const saveCashback = (body: CashbackConfig) => consoleCall<unknown>(`${LOYALTY}/cashback`, { method: 'PUT', body });

export const readPoints = () => consoleCall<PointsConfig>(`${LOYALTY}/points`);
export const savePoints = (body: PointsConfig) => consoleCall<unknown>(`${LOYALTY}/points`, { method: 'PUT', body });

export const listMallItems = () => consoleCall<MallItemList>(`${LOYALTY}/mall/items`);
export const addMallItem = (body: MallItemIn) => consoleCall<unknown>(`${LOYALTY}/mall/items`, { method: 'POST', body });
export const changeMallItem = (id: number, body: MallItemIn) =>
  consoleCall<unknown>(`${LOYALTY}/mall/items/${id}`, { method: 'PUT', body });

export const listRedeems = (status: RedeemStatus, page: number, pageSize = REDEEMS_PAGE) =>
  consoleCall<RedeemPage>(`${LOYALTY}/redeems`, { query: { status, page, pageSize } });
export const approveRedeem = (id: number) => consoleCall<unknown>(`${LOYALTY}/redeems/${id}/approve`, { method: 'POST' });
// The points go back to the member and the stock is restored; the member is sent the reason.
export const rejectRedeem = (id: number, reason: string) =>
  consoleCall<unknown>(`${LOYALTY}/redeems/${id}/reject`, { method: 'POST', body: { reason } });

export const readReferral = () => consoleCall<ReferralConfig>(`${LOYALTY}/referral`);
export const saveReferral = (body: ReferralConfig) => consoleCall<unknown>(`${LOYALTY}/referral`, { method: 'PUT', body });
