// A refusal's words: the translation of its code, with the value interpolated where the string names it
// (player protection's limits and exclusions: a period in words, money with the brand's symbol, a time in the
// viewer's zone, a permanent exclusion in its own words).
import { beforeAll, describe, expect, it } from 'vitest';

import { ApiError } from '../api/client';
import type { Brand } from '../api/system';
import i18next from 'i18next';
import { brandAtom } from '../state/atoms';
import { store } from '../state/store';
import { setUp } from '../testing/portalTest';
import { errorText } from './errorText';

beforeAll(async () => {
  await setUp();
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
});

const words = (code: string, value: unknown = null, status = 409) => errorText(i18next.t, new ApiError(code, 'server words', status, value));
const AT = Date.UTC(2026, 11, 8); // 07:00 in the tests' Ho Chi Minh City

describe('errorText', () => {
  it("interpolates a limit's period and what is left", () => {
    expect(words('LIMIT_DEPOSIT', { period: 'DAY', limit: '1000.00', left: '1250.50' })).toBe(
      'This deposit is over your daily deposit limit: P 1,250.50 left.',
    );
    expect(words('LIMIT_LOSS', { period: 'WEEK', limit: '50.00', left: '0.00' })).toBe(
      'This bet could take you over your weekly loss limit: P 0.00 left.',
    );
    expect(words('LIMIT_WAGER', { period: 'MONTH', limit: '50.00', left: '7.00' })).toBe('This bet is over your monthly wager limit: P 7.00 left.');
  });

  it('says until when an exclusion lasts, or that it is permanent, and when a session limit was reached', () => {
    expect(words('SELF_EXCLUDED', { kind: 'TIME_OUT', until: AT, withdrawable: '1.00' }, 403)).toBe(
      'This account is excluded from play until 2026-12-08 07:00:00 GMT+7.',
    );
    expect(words('SELF_EXCLUDED', { kind: 'SELF_EXCLUSION', until: null, withdrawable: '0.00' }, 403)).toBe(
      'This account is permanently excluded from play.',
    );
    expect(words('SESSION_LIMIT', { endsAt: AT }, 403)).toBe('Your session time limit was reached at 2026-12-08 07:00:00 GMT+7.');
  });

  it("leaves other codes' strings as they are, and falls back to the server's message", () => {
    expect(words('UNDERAGE', { minimumAge: 18 }, 400)).toBe('You must be 18 or older to open an account.');
    expect(words('KYC_REQUIRED', { rule: 'ABOVE_AMOUNT', amount: '1000.00' }, 403)).toBe(
      'Please verify your identity before this withdrawal (Member centre → Verify identity).',
    );
    expect(words('NO_SUCH_CODE')).toBe('server words');
  });
});
