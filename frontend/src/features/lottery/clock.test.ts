import { describe, expect, it } from 'vitest';

import { clockOffsetMs, formatSeconds, msToNextPhase, phaseOf, wholeSeconds } from './clock';

const T0 = Date.parse('2026-11-23T07:45:00Z');
const issue = { closesAt: '2026-11-23T07:45:50Z', drawAt: '2026-11-23T07:46:00Z' };

describe('lottery countdown', () => {
  it('estimates the server clock offset from the middle of the request', () => {
    // The server says 07:45:10 while the local clock read 07:45:00.000 to 07:45:00.400: 9.8 s behind.
    expect(clockOffsetMs('2026-11-23T07:45:10Z', T0, T0 + 400)).toBe(9800);
    expect(clockOffsetMs('not a date', T0, T0)).toBe(0);
  });

  it('counts to closesAt, then to drawAt, then waits for the result', () => {
    expect(phaseOf(issue, 0, T0 + 10_000)).toEqual({ kind: 'open', msLeft: 40_000 });
    expect(phaseOf(issue, 0, T0 + 50_000)).toEqual({ kind: 'drawing', msLeft: 10_000 });
    expect(phaseOf(issue, 0, T0 + 60_000)).toEqual({ kind: 'waiting', msLeft: 0 });
  });

  it('corrects a skewed local clock with the offset', () => {
    // The local clock is 30 s slow: locally 07:45:25 is 07:45:55 on the server, betting has closed.
    const local = T0 + 25_000;
    expect(phaseOf(issue, 0, local).kind).toBe('open');
    expect(phaseOf(issue, 30_000, local)).toEqual({ kind: 'drawing', msLeft: 5_000 });
    // A fast local clock (offset negative) still shows time left.
    expect(phaseOf(issue, -20_000, T0 + 60_000)).toEqual({ kind: 'open', msLeft: 10_000 });
    expect(msToNextPhase(issue, 30_000, local)).toBe(5_000);
    expect(msToNextPhase(issue, 0, T0 + 70_000)).toBeNull();
  });

  it('shows whole seconds, rounding up, and hours for daily draws', () => {
    expect(wholeSeconds(200)).toBe(1);
    expect(wholeSeconds(0)).toBe(0);
    expect(wholeSeconds(-5)).toBe(0);
    expect(formatSeconds(75)).toBe('01:15');
    expect(formatSeconds(7384)).toBe('2:03:04');
  });
});
