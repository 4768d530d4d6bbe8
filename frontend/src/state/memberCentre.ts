// Which member-centre page is open. The account panel and the wallet pages open it and the app shell shows
// it, so the overlay's state lives here rather than in any one of them.
import { atom } from 'jotai';

// SPEC §2.3 member-centre pages; null when the overlay is closed.
export const MEMBER_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'manualRebate',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  // Not in SPEC §2.3's list: the member's feedback and the staff's answers (§7 /wps/feedback), opened from
  // the menu and from the help centre.
  'feedback',
  // SPEC §2.3's "other member pages named elsewhere" (issue 32): the member's VIP progress, the points'
  // transactions and the point mall's redeem history.
  'playerRank',
  'pointsDetails',
  'redeemHistory',
  // Player protection (issue 34): limits, breaks and exclusion; identity verification.
  'responsibleGaming',
  'verifyIdentity',
] as const;

export type MemberPage = (typeof MEMBER_PAGES)[number];

export const memberCentreAtom = atom<MemberPage | null>(null);
