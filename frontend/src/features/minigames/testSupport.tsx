// Test support for the mini-games: the wire shapes of the contract to serve, and who is reading.
import type { Brand } from '../../api/system';
import { isAgentAtom, type MemberInfo, memberAtom } from '../../state/account';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import type { PrizeGame, RainDetail, RainSession } from './api';
import { PLACE_KEY } from './position';
import { miniGamesAtom } from './state';

export function rain(overrides: Partial<RainSession> = {}): RainSession {
  const now = Date.now();
  return {
    id: 7, rainId: 2, name: 'Evening rain', state: 'OPEN', startsAt: now - 10_000, endsAt: now + 50_000,
    envelopes: 10, left: 10, budget: '100.00', minAmount: '0.01',
    seedHash: 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb', seed: null,
    myGrabs: 0, myLimit: 3, myWon: '0.00',
    ...overrides,
  };
}

export function detail(session: RainSession, overrides: Partial<RainDetail> = {}): RainDetail {
  return { ...session, rule: 'The envelopes of session S are drawn in order k = 0, 1, ... (HMAC-SHA256)', grabs: [], ...overrides };
}

export function game(overrides: Partial<PrizeGame> = {}): PrizeGame {
  return {
    id: 4, kind: 'WHEEL', name: 'Lucky wheel',
    prizes: [
      { index: 0, kind: 'NOTHING', amount: null, value: null, wagerMultiple: 0, label: 'Try again', probability: '50' },
      { index: 1, kind: 'MONEY', amount: '5.00', value: null, wagerMultiple: 3, label: 'P 5', probability: '30' },
      { index: 2, kind: 'POINTS', amount: null, value: 100, wagerMultiple: 0, label: '100 pts', probability: '15' },
      { index: 3, kind: 'TICKETS', amount: null, value: 2, wagerMultiple: 0, label: '2 tickets', probability: '4.9' },
      { index: 4, kind: 'MONEY', amount: '888.00', value: null, wagerMultiple: 0, label: 'Jackpot', probability: '0.1' },
    ],
    expectedCost: '2.39',
    earn: { perDeposit: '100.00', perTurnover: null, perCheckin: 1 },
    playsEarned: 3, playsUsed: 1, playsLeft: 2, checkedInToday: false,
    seedHash: 'c0ffee', clientSeed: 'lucky_me', nonce: 0,
    ...overrides,
  };
}

function brand() {
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(miniGamesAtom, null);
  // A member who opened the launcher before (it starts as one small button: widget.test.tsx).
  localStorage.setItem(PLACE_KEY, JSON.stringify({ x: 0, y: 0, collapsed: false }));
}

export function asMember(trial = false) {
  brand();
  store.set(tokenAtom, 'member-token');
  store.set(isAgentAtom, trial ? 4 : 0);
  store.set(memberAtom, { id: 5, nickname: 'Amelia', userName: 'amelia', isAgent: trial ? 4 : 0 } as unknown as MemberInfo);
}

export function asVisitor() {
  brand();
  store.set(tokenAtom, null);
  store.set(isAgentAtom, null);
  store.set(memberAtom, null);
}
