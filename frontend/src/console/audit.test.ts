import { describe, expect, it } from 'vitest';

import { auditQuery, NO_FILTERS } from './audit';

// The tests run in Asia/Ho_Chi_Minh (UTC+7, no summer time): a day starts at 17:00 UTC the day before.
describe('the audit filters', () => {
  it('send nothing when nothing is filled in', () => {
    expect(auditQuery(NO_FILTERS)).toEqual({ query: {} });
    expect(auditQuery({ ...NO_FILTERS, action: '  ', staff: ' ' })).toEqual({ query: {} });
  });

  it('send the action prefix, the staff username and the target trimmed', () => {
    expect(auditQuery({ ...NO_FILTERS, action: ' staff. ', staff: ' admin1', target: 'bob ' })).toEqual({
      query: { action: 'staff.', staff: 'admin1', target: 'bob' },
    });
  });

  it('turn the days into the instants they start and end at, in the browser zone, both days included', () => {
    expect(auditQuery({ ...NO_FILTERS, from: '2026-03-01', to: '2026-03-01' })).toEqual({
      query: { from: '2026-02-28T17:00:00.000Z', to: '2026-03-01T17:00:00.000Z' },
    });
    expect(auditQuery({ ...NO_FILTERS, to: '2026-12-31' })).toEqual({ query: { to: '2026-12-31T17:00:00.000Z' } });
  });

  it('refuse a range that ends before it starts, and what is not a day', () => {
    expect(auditQuery({ ...NO_FILTERS, from: '2026-03-02', to: '2026-03-01' })).toEqual({ problem: 'badRange' });
    expect(auditQuery({ ...NO_FILTERS, from: '03/01/2026' })).toEqual({ problem: 'badDate' });
  });
});
