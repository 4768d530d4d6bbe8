import { describe, expect, it } from 'vitest';

import { ageOn, isUnderage, latestAdultBirthday } from './age';

const on = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12);

describe('the minimum age', () => {
  it('counts whole years, turning a year older on the birthday itself', () => {
    expect(ageOn('2008-12-01', on(2026, 11, 30))).toBe(17);
    expect(ageOn('2008-12-01', on(2026, 12, 1))).toBe(18);
    expect(isUnderage('2008-12-02', on(2026, 12, 1))).toBe(true);
    expect(isUnderage('2008-12-01', on(2026, 12, 1))).toBe(false);
  });

  it('has one born on 29 February turn a year older on 1 March of a common year, as the server does', () => {
    expect(isUnderage('2008-02-29', on(2026, 2, 28))).toBe(true);
    expect(isUnderage('2008-02-29', on(2026, 3, 1))).toBe(false);
  });

  it('refuses nothing that is not a date (the server checks the pattern), and a date to come is under age', () => {
    expect(ageOn('2008-02-30')).toBeNull();
    expect(isUnderage('not a date')).toBe(false);
    expect(isUnderage('2030-01-01', on(2026, 12, 1))).toBe(true);
  });

  it("gives the date picker's latest old-enough birthday", () => {
    expect(latestAdultBirthday(on(2026, 12, 1))).toBe('2008-12-01');
    expect(latestAdultBirthday(on(2028, 2, 29))).toBe('2010-02-28');
    expect(isUnderage(latestAdultBirthday(on(2028, 2, 29)), on(2028, 2, 29))).toBe(false);
  });
});
