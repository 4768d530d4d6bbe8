// Times as the viewer reads them: in the browser's own time zone, always with the zone named, so that a
// time is never mistaken for another zone's (the server sends UTC instants).

const pad = (n: number) => String(n).padStart(2, '0');

// The calendar day yyyy-MM-dd in the browser's zone.
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const zoneFormat = new Intl.DateTimeFormat('en-US', { timeZoneName: 'shortOffset' });

// "GMT+7", "GMT-3:30", or "GMT" for UTC: the offset in force at that instant (summer time included).
export function zoneLabel(date: Date): string {
  return zoneFormat.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

// "yyyy-MM-dd HH:mm:ss GMT+7" (SPEC §3's date display, plus the zone); '' for what is not a date.
export function dateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const clock = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return `${isoDay(d)} ${clock} ${zoneLabel(d)}`;
}

// "HH:mm GMT+7", or with seconds: for lists of today's events.
export function clockTime(value: string | number | Date, withSeconds = false): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const seconds = withSeconds ? `:${pad(d.getSeconds())}` : '';
  return `${pad(d.getHours())}:${pad(d.getMinutes())}${seconds} ${zoneLabel(d)}`;
}

// A day range of the record pages: yyyy-MM-dd in the browser's calendar, both ends inclusive.
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
