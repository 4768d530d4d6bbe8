// Test support for the promotions: the portal's fake server, English strings and render
// (src/testing/portalTest), with the promotion pages' link targets, and cards to serve.
import type { ReactNode } from 'react';

import { renderAt as renderPortalAt } from '../../testing/portalTest';
import type { PromotionCard, PromotionDetail, PromotionParams, Reward } from './api';

export { fakeServer, setUp } from '../../testing/portalTest';

// Where the links lead: a marker each.
const LINK_TARGETS = [
  { path: '/promoDetail', element: <p>detail page</p> },
  { path: '/promotions', element: <p>promotions page</p> },
];

export function renderAt(path: string, element: ReactNode, routePath = path.split(/[?#]/)[0]!) {
  return renderPortalAt(path, element, routePath, LINK_TARGETS);
}

// 2026-12-01 00:00 and 2026-12-31 00:00 UTC.
export const STARTS = Date.UTC(2026, 11, 1);
export const ENDS = Date.UTC(2026, 11, 31);

export function card(id: number, overrides: Partial<PromotionCard> = {}): PromotionCard {
  return {
    id,
    kind: 'FIRST_DEPOSIT',
    category: 'DEPOSIT',
    title: `Promotion ${id}`,
    imageUrl: null,
    startsAt: STARTS,
    endsAt: ENDS,
    period: null,
    status: 'JOIN',
    action: 'JOIN',
    ...overrides,
  };
}

export const PARAMS: PromotionParams = {
  amount: null,
  percent: 100,
  cap: '500.00',
  minDeposit: '100.00',
  claimMode: 'BEFORE',
  claimDays: 7,
  period: null,
  rewards: null,
  tiers: null,
  minLoss: null,
  wagerMultiple: 10,
  wagerBase: 'BONUS',
  maxStake: '50.00',
  expiryDays: 30,
  onePerAddress: true,
};

export function detail(id: number, overrides: Partial<PromotionDetail> = {}): PromotionDetail {
  return { ...card(id), content: '<p>Read <b>these</b> rules.</p>', params: PARAMS, entry: null, streak: 0, progress: null, ...overrides };
}

export function reward(id: number, overrides: Partial<Reward> = {}): Reward {
  return {
    id,
    promotionId: 1,
    promotionTitle: 'Welcome bonus',
    kind: 'SIGNUP',
    status: 'CLAIMABLE',
    amount: '20.00',
    depositAmount: null,
    streak: 0,
    createdAt: STARTS,
    claimBy: ENDS,
    paidAt: null,
    ...overrides,
  };
}
