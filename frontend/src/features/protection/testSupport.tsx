// Test support for player protection: the portal's fake server, English strings and render
// (src/testing/portalTest), a logged-in member, and the contract's wire shapes to serve.
import type { Brand } from '../../api/system';
import { accountModalAtom, isAgentAtom, type MemberInfo, memberAtom } from '../../state/account';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { sumBalanceAtom } from '../../state/balance';
import { excludedAtom } from '../../state/excluded';
import { memberCentreAtom } from '../../state/memberCentre';
import { store } from '../../state/store';
import { LIMIT_KINDS, LIMIT_PERIODS, type KycStatus, type Protection, type ProtectionLimit } from './api';

export { fakeServer, renderAt, setUp } from '../../testing/portalTest';

// 2026-12-01 00:00 UTC: 07:00 in the tests' Ho Chi Minh City.
export const DAY = Date.UTC(2026, 11, 1);
export const HOUR = 3_600_000;

export function limit(kind: ProtectionLimit['kind'], period: ProtectionLimit['period'], overrides: Partial<ProtectionLimit> = {}): ProtectionLimit {
  return { kind, period, amount: null, used: '0.00', left: null, pending: null, ...overrides };
}

// Nine rows, every one without a limit, unless `rows` says otherwise.
export function protection(rows: ProtectionLimit[] = [], overrides: Partial<Protection> = {}): Protection {
  const limits = LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period) => rows.find((r) => r.kind === kind && r.period === period) ?? limit(kind, period)),
  );
  return {
    limits,
    sessionMinutes: null,
    sessionPending: null,
    realityCheckMinutes: 60,
    realityCheckChoices: [15, 30, 45, 60, 90, 120],
    exclusion: null,
    timeOutDays: [1, 3, 7, 14, 30, 42],
    selfExclusionMonths: [6, 12, 60],
    ...overrides,
  };
}

export function kyc(overrides: Partial<KycStatus> = {}): KycStatus {
  return {
    status: 'NONE',
    documentType: null,
    reason: null,
    submittedAt: null,
    reviewedAt: null,
    rule: 'NONE',
    ruleAmount: null,
    hasSelfie: false,
    ...overrides,
  };
}

// A logged-in player, in English, with the brand's currency symbol P.
export function asMember() {
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, 'member-token');
  store.set(isAgentAtom, 0);
  store.set(memberAtom, { id: 5, nickname: 'Amelia', userName: 'amelia', account: 'amelia', isAgent: 0 } as unknown as MemberInfo);
  store.set(sumBalanceAtom, null);
  store.set(excludedAtom, null);
  store.set(accountModalAtom, null);
  store.set(memberCentreAtom, 'responsibleGaming');
}

// A visitor (the login refused): no session.
export function asVisitor() {
  asMember();
  store.set(tokenAtom, null);
  store.set(isAgentAtom, null);
  store.set(memberAtom, null);
  store.set(memberCentreAtom, null);
}
