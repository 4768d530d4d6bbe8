// The promotions' portal calls (issue 31, server/promotions): the list and a promotion's page for visitors
// and members alike, the member's join, claim and check-in and the reward centre.
// Two kinds are counted over a period from the member's play (turnover reward tiers, loss rebates): nothing
// to join, the card says PROCESS while the period runs, and the page shows the member's progress.
// The wire shapes follow server/promotions/schemas.py and kinds.py (camelCase JSON); they are written out
// here until api/schema.d.ts is generated again from the server's OpenAPI document. Amounts are decimal
// strings, times milliseconds since 1970.
import { call } from '../../api/client';
import type { Mission } from './missionsApi';

// A promotion's own page (SPEC §2.1 /promoDetail).
export const detailPath = (id: number) => `/promoDetail?id=${id}`;

export const PROMOTION_KINDS = ['SIGNUP', 'FIRST_DEPOSIT', 'RELOAD', 'CHECKIN', 'TURNOVER_TIERS', 'LOSS_REBATE', 'MISSION', 'RAFFLE', 'APPLICATION'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export const PROMOTION_CATEGORIES = ['NEW_MEMBER', 'DEPOSIT', 'DAILY', 'CASINO', 'SPORTS', 'OTHER'] as const;
export type PromotionCategory = (typeof PROMOTION_CATEGORIES)[number];

// The kinds counted over a period (params.period) and offered to claim once it has closed.
export const PERIODIC_KINDS: readonly PromotionKind[] = ['TURNOVER_TIERS', 'LOSS_REBATE'];

// SPEC §4's activity state, as the reader sees it. PROCESS: a periodic promotion counting the member's play
// (no button; its reward is offered, as CLAIM, once the period closes).
export const PROMOTION_STATUSES = ['JOIN', 'CLAIM', 'CLOSE', 'COMING_SOON', 'CLAIMED', 'ISSUED', 'SIGNED', 'JOINED', 'PROCESS', 'APPLYING', 'REJECTED'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

// What the button does: LOGIN opens the login (a visitor), DEPOSIT the member centre's deposit page, the
// others are calls; null: no button, the status is shown as a label.
export type PromotionAction = 'LOGIN' | 'JOIN' | 'CLAIM' | 'CHECKIN' | 'DEPOSIT' | 'APPLY';

export type ReloadPeriod = 'DAILY' | 'WEEKLY' | 'SEMIMONTHLY' | 'MONTHLY';

export interface PromotionCard {
  id: number;
  kind: PromotionKind;
  category: PromotionCategory;
  title: string;
  imageUrl: string | null;
  startsAt: number;
  // null: open-ended.
  endsAt: number | null;
  // The period of a reload bonus, a turnover reward or a loss rebate.
  period: ReloadPeriod | null;
  status: PromotionStatus;
  action: PromotionAction | null;
}

export interface PromotionList {
  list: PromotionCard[];
  // The categories that have promotions, for the tabs.
  categories: PromotionCategory[];
}

// A turnover reward's tier: a period's turnover of at least `turnover` pays `reward` (the highest tier reached
// pays; each tier asks and pays more than the one before it).
export interface RewardTier {
  turnover: string;
  reward: string;
}

// A kind's parameters; the ones a kind does not use are null.
export interface PromotionParams {
  amount: string | null;
  // A deposit bonus's percent of the deposit, a loss rebate's of the net loss.
  percent: number | null;
  cap: string | null;
  minDeposit: string | null;
  claimMode: 'BEFORE' | 'AFTER' | null;
  claimDays: number | null;
  period: ReloadPeriod | null;
  // A check-in's reward per day of the streak.
  rewards: string[] | null;
  // A turnover reward's tiers, by rising turnover.
  tiers: RewardTier[] | null;
  // A loss rebate's smallest net loss that earns one.
  minLoss: string | null;
  wagerMultiple: number;
  wagerBase: 'BONUS' | 'DEPOSIT_PLUS_BONUS';
  maxStake: string | null;
  expiryDays: number;
  onePerAddress: boolean;
}

export const REWARD_STATUSES = ['JOINED', 'CLAIMABLE', 'CLAIMED', 'ISSUED', 'EXPIRED', 'APPLYING', 'REJECTED'] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];

export interface Reward {
  id: number;
  promotionId: number;
  promotionTitle: string;
  kind: PromotionKind;
  status: RewardStatus;
  // 0.00 while a joined deposit bonus waits for its deposit.
  amount: string;
  depositAmount: string | null;
  // A check-in's day in its streak; 0 otherwise.
  streak: number;
  createdAt: number;
  claimBy: number | null;
  paidAt: number | null;
  // An application (APPLICATION): the member's remark, how many pictures, and a rejection's reason.
  remark?: string | null;
  images?: number;
  reviewReason?: string | null;
}

// A periodic promotion's figures for the member in the period running now [startsAt, endsAt).
export interface PromotionProgress {
  startsAt: number;
  endsAt: number;
  // Valid turnover so far: the stakes of settled real-money rounds.
  turnover: string;
  // Stakes less wins so far; negative when the member is ahead.
  loss: string;
  // What the period would pay if it closed now.
  reward: string;
}

export interface PromotionDetail extends PromotionCard {
  // The rules, sanitised HTML (and sanitised again before it is shown: components/SafeHtml).
  content: string;
  params: PromotionParams;
  // The reader's entry for the current period.
  entry: Reward | null;
  // A check-in: the day of the streak the next check-in (or today's) is.
  streak: number;
  // A turnover reward or loss rebate read by a member; null otherwise (and for visitors).
  progress: PromotionProgress | null;
}

export interface ActionResult {
  promotion: PromotionCard;
  reward: Reward | null;
}

export interface RewardList {
  list: Reward[];
  // Promotions the member can claim now without an entry yet (a sign-up bonus).
  claimable: PromotionCard[];
  // Running missions with a task done and not claimed yet (missionsApi.claimTask claims it).
  missions?: Mission[];
  // What loyalty paid: VIP bonuses, cashback, invite rewards, points converted or redeemed (the last 50).
  loyalty?: LoyaltyReward[];
  // What the mini-games gave (issue 33): a rain's envelopes, a wheel's or an egg's prizes (the last 50).
  minigames?: MiniGamePrize[];
}

export type LoyaltyRewardKind = 'VIP_UPGRADE' | 'VIP_MONTHLY' | 'VIP_BIRTHDAY' | 'CASHBACK' | 'REFERRAL' | 'POINTS_CONVERT' | 'POINTS_REDEEM';

export interface LoyaltyReward {
  id: number;
  kind: LoyaltyRewardKind;
  amount: string;
  wagerMultiple: number;
  paidAt: number | null;
}

// A mini-game prize in the reward centre (the contract's MiniGamePrizeOut): money (with its wagering),
// points or raffle tickets, paid when won.
export interface MiniGamePrize {
  id: number;
  game: 'RAIN' | 'WHEEL' | 'EGG';
  kind: 'MONEY' | 'POINTS' | 'TICKETS';
  amount: string | null;
  value: number | null;
  wagerMultiple: number;
  wonAt: number;
}

export const promotionsApi = {
  // Visitors too; the token, when there is one, gives each card the member's own status.
  list: (category?: PromotionCategory, signal?: AbortSignal) =>
    call<PromotionList>('/wps/promotions', { query: { category }, signal }),
  detail: (id: number, signal?: AbortSignal) => call<PromotionDetail>(`/wps/promotions/${id}`, { signal }),
  join: (id: number) => call<ActionResult>(`/wps/promotions/${id}/join`, { method: 'POST' }),
  claim: (id: number) => call<ActionResult>(`/wps/promotions/${id}/claim`, { method: 'POST' }),
  checkin: (id: number) => call<ActionResult>(`/wps/promotions/${id}/checkin`, { method: 'POST' }),
  rewards: (signal?: AbortSignal) => call<RewardList>('/wps/member/rewards', { signal }),
  claimReward: (rewardId: number) => call<ActionResult>(`/wps/member/rewards/${rewardId}/claim`, { method: 'POST' }),
};
