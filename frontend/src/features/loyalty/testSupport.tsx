// Test support for loyalty: the portal's fake server, English strings and render (src/testing/portalTest),
// and the wire shapes of the contract to serve.
import type { ReactNode } from 'react';

import type { Brand } from '../../api/system';
import { isAgentAtom, type MemberInfo, memberAtom } from '../../state/account';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import { renderAt as renderPortalAt } from '../../testing/portalTest';
import type { MallItem, PointsBalance, VipLevel, VipLevels } from './api';
import { forgetLevels } from './levels';

export { fakeServer, setUp } from '../../testing/portalTest';

const LINK_TARGETS = [
  { path: '/vip', element: <p>vip page</p> },
  { path: '/pointMall', element: <p>mall page</p> },
];

export function renderAt(path: string, element: ReactNode) {
  return renderPortalAt(path, element, path.split(/[?#]/)[0]!, LINK_TARGETS);
}

// 2026-12-01 00:00 UTC: 07:00 in the tests' Ho Chi Minh City.
export const DAY = Date.UTC(2026, 11, 1);

export function level(n: number, overrides: Partial<VipLevel> = {}): VipLevel {
  const emblems = ['BRONZE', 'SILVER', 'GOLD', 'PLATINUM', 'DIAMOND', 'CROWN'] as const;
  return {
    level: n,
    name: `Level ${n} name`,
    emblem: emblems[n % 6]!,
    depositRequired: `${n * 1000}.00`,
    turnoverRequired: `${n * 5000}.00`,
    perks: {
      upgradeBonus: `${n * 10}.00`,
      monthlyBonus: n > 1 ? '50.00' : '0.00',
      birthdayBonus: '0.00',
      wagerMultiple: n > 0 ? 3 : 0,
      cashbackRates: { LIVE: '0.80', RNG: '1.00' },
      dailyWithdrawalCount: n > 2 ? null : 5,
      dailyWithdrawalAmount: n > 2 ? null : '50000.00',
      vipChat: n > 4,
    },
    ...overrides,
  };
}

export const LEVELS: VipLevels = { windowDays: 30, levels: [level(0), level(1), level(2)] };

export function item(id: number, overrides: Partial<MallItem> = {}): MallItem {
  return {
    id,
    category: 'BONUS',
    name: `Item ${id}`,
    description: 'A reward',
    imageUrl: null,
    points: 100,
    amountRequired: '0.00',
    value: '10.00',
    stock: 5,
    perMember: 2,
    redeemed: 0,
    status: 'AVAILABLE',
    ...overrides,
  };
}

export const BALANCE: PointsBalance = { current: 1250, changed: 40, balance: '12.50', ratio: 100 };

// A logged-in player (or agent, `isAgent`), in English, with the brand's currency symbol P.
export function asMember(rankLevel = 1, isAgent = 0) {
  forgetLevels();
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, 'member-token');
  store.set(isAgentAtom, isAgent);
  store.set(memberAtom, {
    id: 5, nickname: 'Amelia', userName: 'amelia', isAgent, isTrial: false, toUpline: false,
    clubLabel: { labelName: 'Level 1 name', rankLevel },
  } as unknown as MemberInfo);
}

export function asVisitor() {
  forgetLevels();
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, null);
  store.set(isAgentAtom, null);
  store.set(memberAtom, null);
}
