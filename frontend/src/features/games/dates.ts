// Dates of the record pages: yyyy-MM-dd in the browser's calendar, both ends inclusive.
import { isoDay } from '../../lib/dates';

export { dateTime, isoDay } from '../../lib/dates';

export interface DayRange {
  startDate: string;
  endDate: string;
}

// SPEC §9 quick picks "previous 7 days" / "previous 30 days": from that many days ago up to today.
export function previousDays(days: number, now = new Date()): DayRange {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  return { startDate: isoDay(start), endDate: isoDay(now) };
}

export const QUICK_PICKS = [
  ['previous7', 7],
  ['previous30', 30],
] as const;
