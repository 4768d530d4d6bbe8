import { describe, expect, it } from 'vitest';

import { isoOf, noticeDate, playerDay } from './dates';

// 2026-11-27 01:02:03 UTC
const AT = Date.UTC(2026, 10, 27, 1, 2, 3);

describe('notice dates', () => {
  it('shows yyyy-MM-dd HH:mm:ss in the zone asked for', () => {
    expect(noticeDate(AT, 'UTC')).toBe('2026-11-27 01:02:03');
    expect(noticeDate(AT, 'Asia/Manila')).toBe('2026-11-27 09:02:03');
    // West of UTC the same instant is the day before, and the hour keeps two digits on a 24-hour clock.
    expect(noticeDate(AT, 'America/Sao_Paulo')).toBe('2026-11-26 22:02:03');
    expect(noticeDate(Date.UTC(2026, 0, 1, 16, 0, 0), 'Asia/Manila')).toBe('2026-01-02 00:00:00');
  });

  it("uses the browser's zone by default (the tests run in Asia/Ho_Chi_Minh, UTC+7)", () => {
    expect(noticeDate(AT)).toBe('2026-11-27 08:02:03');
  });

  it('gives the calendar day of the zone, and nothing for what is not a date', () => {
    expect(playerDay(AT, 'America/Sao_Paulo')).toBe('2026-11-26');
    expect(playerDay(AT, 'Asia/Tokyo')).toBe('2026-11-27');
    expect(noticeDate(Number.NaN)).toBe('');
    expect(isoOf(Number.NaN)).toBeUndefined();
    expect(isoOf(AT)).toBe('2026-11-27T01:02:03.000Z');
  });
});
