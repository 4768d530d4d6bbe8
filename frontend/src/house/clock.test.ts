import { describe, expect, it } from 'vitest';

import { clockOffsetMs, countdownSeconds, msUntil, windowLeft } from './clock';

const T0 = Date.parse('2026-11-22T10:00:00.000Z');

describe('baccarat countdown clock', () => {
  it('estimates the server clock offset from the middle of the request', () => {
    // Sent at T0, answered at T0 + 200 ms; the server said T0 + 5 s + 100 ms, i.e. it runs 5 s ahead.
    expect(clockOffsetMs('2026-11-22T10:00:05.100Z', T0, T0 + 200)).toBe(5000);
    // A local clock 3 s ahead of the server.
    expect(clockOffsetMs('2026-11-22T09:59:57.050Z', T0, T0 + 100)).toBe(-3000);
    expect(clockOffsetMs('not a date', T0, T0)).toBe(0);
  });

  it('counts down to closesAt on the server clock, not the local one', () => {
    const closesAt = '2026-11-22T10:00:20.000Z';
    // The local clock is 5 s behind the server: at local T0 the server is at 10:00:05, 15 s are left.
    expect(msUntil(closesAt, 5000, T0)).toBe(15_000);
    expect(countdownSeconds(closesAt, 5000, T0)).toBe(15);
    // Without the correction the player would see 20 s and bet into a closed round.
    expect(countdownSeconds(closesAt, 0, T0)).toBe(20);
    // A local clock ahead of the server.
    expect(countdownSeconds(closesAt, -3000, T0)).toBe(23);
  });

  it('rounds partial seconds up and never goes below zero', () => {
    const closesAt = '2026-11-22T10:00:01.000Z';
    expect(countdownSeconds(closesAt, 0, T0 + 800)).toBe(1);
    expect(countdownSeconds(closesAt, 0, T0 + 1000)).toBe(0);
    expect(msUntil(closesAt, 0, T0 + 60_000)).toBe(0);
  });

  it('gives the share of the betting window left', () => {
    const opens = '2026-11-22T10:00:00.000Z';
    const closes = '2026-11-22T10:00:20.000Z';
    expect(windowLeft(opens, closes, 0, T0)).toBe(1);
    expect(windowLeft(opens, closes, 0, T0 + 5000)).toBe(0.75);
    expect(windowLeft(opens, closes, 5000, T0)).toBe(0.75);
    expect(windowLeft(opens, closes, 0, T0 + 30_000)).toBe(0);
  });
});
