// Loyalty's portal calls (issue 32): VIP levels and the member's rank, cashback (switch MANPLAYREB3), points
// and the points mall (SPEC §7's seven points calls), and invite friends (switch REFERRAL3, players only).
// The wire shapes are the contract (server/loyalty/*), written out here until api/schema.d.ts is
// generated again from the server's OpenAPI document. Money is a decimal string, points whole numbers,
// rates decimal strings ("0.80" = 0.80 %), times milliseconds since 1970.
import { call } from '../../api/client';

export const EMBLEMS = ['BRONZE', 'SILVER', 'GOLD', 'PLATINUM', 'DIAMOND', 'CROWN'] as const;
export type Emblem = (typeof EMBLEMS)[number];

export interface LevelPerks {
  upgradeBonus: string;
  monthlyBonus: string;
  birthdayBonus: string;
  wagerMultiple: number;
  cashbackRates: Record<string, string>;
  dailyWithdrawalCount: number | null;
  dailyWithdrawalAmount: string | null;
  vipChat: boolean;
}

export interface VipLevel {
  level: number;
  name: string;
  emblem: Emblem;
  depositRequired: string;
  turnoverRequired: string;
  perks: LevelPerks;
}

export interface VipLevels {
  windowDays: number;
  levels: VipLevel[];
}

export interface MemberVip {
  level: number;
  name: string;
  emblem: Emblem;
  deposits: string;
  turnover: string;
  windowDays: number;
  next: { level: number; name: string; depositRequired: string; turnoverRequired: string } | null;
  promotedAt: number | null;
  keepUntil: number | null;
}

export interface CashbackRow {
  category: string;
  turnover: string;
  rate: string;
  amount: string;
}

export interface Cashback {
  mode: 'MANUAL' | 'DAILY';
  since: number;
  until: number;
  rows: CashbackRow[];
  total: string;
  lastClaim: { amount: string; at: number } | null;
}

export interface CashbackClaim {
  amount: string;
  since: number;
  until: number;
}

export interface Page<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number;
}

export type CashbackClaimRow = CashbackClaim & { at: number; auto: boolean };

export interface PointsBalance {
  current: number;
  changed: number;
  balance: string;
  ratio: number;
}

export interface PointsConfig {
  ratio: number;
  minConvert: number;
  rates: Record<string, string>;
  rounding: string;
  expires: boolean;
}

export const ITEM_CATEGORIES = ['BONUS', 'FREE_SPINS', 'RAFFLE_TICKETS', 'GOODS'] as const;
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];
export type ItemStatus = 'AVAILABLE' | 'SOLD_OUT' | 'LIMIT_REACHED' | 'NOT_ENOUGH_POINTS' | 'DEPOSIT_REQUIRED';

export interface MallItem {
  id: number;
  category: ItemCategory;
  name: string;
  description: string;
  imageUrl: string | null;
  points: number;
  amountRequired: string;
  value: string | null;
  stock: number | null;
  perMember: number | null;
  redeemed: number;
  status: ItemStatus;
}

export type RedeemStatus = 'IN_PROCESS' | 'REJECTED' | 'APPROVED';

export interface Redeem {
  id: number;
  itemId: number;
  itemName: string;
  category: ItemCategory;
  quantity: number;
  points: number;
  status: RedeemStatus;
  address: string | null;
  mobile: string | null;
  reason: string | null;
  createdAt: number;
  decidedAt: number | null;
}

export interface RedeemBody {
  itemId: number;
  quantity: number;
  paymentPassword: string;
  requestId: string;
  address?: string;
  mobile?: string;
}

export interface ConvertResult {
  points: number;
  amount: string;
  current: number;
}

export type PointsReason = 'EARNED' | 'REDEEM' | 'REDEEM_REFUND' | 'CONVERT' | 'ADJUST';

export interface PointsDetail {
  id: number;
  change: number;
  balance: number;
  reason: PointsReason;
  reference: string;
  createdAt: number;
}

export type InviteeStatus = 'REGISTERED' | 'QUALIFIED' | 'REWARDED' | 'INELIGIBLE';

export interface Referral {
  code: string;
  link: string;
  // The path of the link's QR code (an SVG the server draws, as for the agent's link); not in the first
  // contract: none sent, no QR code shown.
  qrUrl?: string | null;
  rules: { reward: string; deposit: string; turnover: string; days: number; wagerMultiple: number };
  earned: string;
  invitees: {
    name: string;
    registeredAt: number;
    status: InviteeStatus;
    deposit: string;
    turnover: string;
    reward: string | null;
  }[];
}

// A retry key per submission: a double click or a retried request redeems or converts once.
export function requestId(): string {
  return crypto.randomUUID();
}

type Signal = AbortSignal | undefined;
const paged = (page: number, pageSize: number) => ({ page, pageSize });

export const loyaltyApi = {
  levels: (signal?: Signal) => call<VipLevels>('/wps/vip/levels', { signal }),
  myVip: (signal?: Signal) => call<MemberVip>('/wps/member/vip', { signal }),
  cashback: (signal?: Signal) => call<Cashback>('/wps/member/cashback', { signal, moduleId: 'MANPLAYREB3' }),
  claimCashback: () => call<CashbackClaim>('/wps/member/cashback/claim', { method: 'POST', body: {}, moduleId: 'MANPLAYREB3' }),
  cashbackClaims: (page: number, pageSize = 10, signal?: Signal) =>
    call<Page<CashbackClaimRow>>('/wps/member/cashback/claims', { query: paged(page, pageSize), signal, moduleId: 'MANPLAYREB3' }),
  points: (signal?: Signal) => call<PointsBalance>('/wps/points/balance', { signal }),
  pointsConfig: (signal?: Signal) => call<PointsConfig>('/wps/points/config', { signal }),
  rewards: (category?: ItemCategory, signal?: Signal) =>
    call<{ list: MallItem[] }>('/wps/points/rewards', { query: { category }, signal }),
  redeem: (body: RedeemBody) => call<Redeem>('/wps/points/redeem', { method: 'POST', body }),
  redeems: (page: number, pageSize = 10, signal?: Signal) =>
    call<Page<Redeem>>('/wps/points/redeems', { query: paged(page, pageSize), signal }),
  convert: (body: { points: number; paymentPassword: string; requestId: string }) =>
    call<ConvertResult>('/wps/points/convert', { method: 'POST', body }),
  details: (page: number, pageSize = 10, signal?: Signal) =>
    call<Page<PointsDetail>>('/wps/points/details', { query: paged(page, pageSize), signal }),
  referral: (signal?: Signal) => call<Referral>('/wps/member/referral', { signal, moduleId: 'REFERRAL3' }),
};
