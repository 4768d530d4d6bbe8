// The audit log's filters as the form holds them, turned into the API's query (an entry's detail is drawn
// by components/AuditDetail).
import type { AuditQuery } from './api';

export interface AuditFilters {
  action: string; // an action or its prefix: "staff." matches staff.create, staff.role, ...
  staff: string; // the acting staff member's username
  target: string;
  from: string; // yyyy-MM-dd, the browser's calendar; both days included
  to: string;
}

export const NO_FILTERS: AuditFilters = { action: '', staff: '', target: '', from: '', to: '' };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// The instant a calendar day starts in the browser's time zone, `days` later.
function dayStart(day: string, days = 0): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return Number.isNaN(date.getTime()) ? null : date;
}

export type FilterResult = { query: AuditQuery } | { problem: 'badRange' | 'badDate' };

export function auditQuery(filters: AuditFilters): FilterResult {
  const query: AuditQuery = {};
  const action = filters.action.trim();
  const staff = filters.staff.trim();
  const target = filters.target.trim();
  if (action) query.action = action;
  if (staff) query.staff = staff;
  if (target) query.target = target;
  const from = filters.from ? dayStart(filters.from) : undefined;
  // The server's `to` excludes its instant: the day after the last day shown, at midnight.
  const to = filters.to ? dayStart(filters.to, 1) : undefined;
  if (from === null || to === null) return { problem: 'badDate' };
  if (from && to && from >= to) return { problem: 'badRange' };
  if (from) query.from = from.toISOString();
  if (to) query.to = to.toISOString();
  return { query };
}
