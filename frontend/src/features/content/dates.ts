// Notice dates as the player reads them: yyyy-MM-dd HH:mm:ss (SPEC §3) in the player's time zone, which is
// the browser's (the app has no zone setting of its own); `timeZone` names another zone (tests, or a
// future setting). The server sends millisecond timestamps.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let known = formatters.get(key);
  if (!known) {
    known = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, known);
  }
  return known;
}

function parts(value: number | Date, timeZone?: string): Record<string, string> | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(formatter(timeZone).formatToParts(date).map((part) => [part.type, part.value]));
}

// "2026-11-27 08:05:09"; '' for what is not a date.
export function noticeDate(value: number | Date, timeZone?: string): string {
  const p = parts(value, timeZone);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}` : '';
}

// The player's calendar day, yyyy-MM-dd: "do not show again today" lasts until it changes.
export function playerDay(value: number | Date, timeZone?: string): string {
  const p = parts(value, timeZone);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

// The instant for a <time dateTime>; undefined for what is not a date (toISOString would throw).
export function isoOf(value: number | Date): string | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
