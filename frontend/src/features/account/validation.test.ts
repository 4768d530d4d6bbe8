import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { checkConfirmation, checkField, lengthRange, matchesPattern, type RegisterRule } from './validation';

// The same samples the server's catalogue is tested with (tests/brands/test_patterns.py).
const table = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../../../tests/fixtures/pattern_cases.json'), 'utf8'),
) as Record<string, { expression: string; accepted: string[]; rejected: string[] }>;

const rule = (over: Partial<RegisterRule> = {}): RegisterRule => ({
  field: 'username',
  enabled: true,
  required: true,
  minLength: 6,
  maxLength: 16,
  patternId: 1,
  acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
  messageKey: 'reg_pattern_1',
  ...over,
});

describe('pattern catalogue in the browser', () => {
  for (const [id, { expression, accepted, rejected }] of Object.entries(table)) {
    it(`pattern ${id} reads the same in JavaScript`, () => {
      for (const value of accepted) expect(matchesPattern(expression, value, Number(id)), value).toBe(true);
      for (const value of rejected) expect(matchesPattern(expression, value, Number(id)), value).toBe(false);
    });
  }
});

describe('field checks', () => {
  it('gives the rule hint with the length range for a missing, short, long or malformed value', () => {
    const problem = { key: 'reg_pattern_1', values: { range: '6-16' } };
    expect(checkField(rule(), '')).toEqual(problem);
    expect(checkField(rule(), 'abc')).toEqual(problem);
    expect(checkField(rule(), 'a'.repeat(17))).toEqual(problem);
    expect(checkField(rule(), '1player')).toEqual(problem);
    expect(checkField(rule(), 'player1')).toBeNull();
    expect(checkField(rule({ required: false }), '')).toBeNull();
  });

  it('writes a single number when min equals max', () => {
    expect(lengthRange({ minLength: 6, maxLength: 6 })).toBe('6');
    expect(lengthRange({ minLength: 6, maxLength: 20 })).toBe('6-20');
  });

  it('says "inconsistent twice" when the confirmation differs', () => {
    expect(checkConfirmation('Demo1234', 'Demo1235')).toEqual({ key: 'account.errors.inconsistentTwice' });
    expect(checkConfirmation('Demo1234', 'Demo1234')).toBeNull();
  });
});
