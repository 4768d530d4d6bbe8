import { describe, expect, it } from 'vitest';

import { clockTime, dateTime, zoneLabel } from './dates';

// Vitest runs with TZ=Asia/Ho_Chi_Minh (vite.config.ts), so local time is UTC+7 with no summer time.
describe('dates in the viewer zone', () => {
  it('shows a UTC instant in the browser zone, naming the zone', () => {
    expect(dateTime('2026-11-24T17:30:05Z')).toBe('2026-11-25 00:30:05 GMT+7');
  });

  it('names the zone of the instant itself', () => {
    expect(zoneLabel(new Date('2026-06-01T00:00:00Z'))).toBe('GMT+7');
  });

  it('gives nothing for what is not a date', () => {
    expect(dateTime('soon')).toBe('');
    expect(clockTime('soon')).toBe('');
  });

  it('gives the clock time with the zone', () => {
    expect(clockTime('2026-11-24T17:30:05Z')).toBe('00:30 GMT+7');
    expect(clockTime('2026-11-24T17:30:05Z', true)).toBe('00:30:05 GMT+7');
  });
});
