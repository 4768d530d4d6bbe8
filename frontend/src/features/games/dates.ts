// Dates of the record pages: yyyy-MM-dd in the browser's calendar, both ends inclusive.
export interface DayRange {
  startDate: string;
  endDate: string;
}

export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
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

// "yyyy-MM-dd hh:mm:ss" (SPEC §3 date display) in the browser's time zone.
export function dateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${isoDay(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
