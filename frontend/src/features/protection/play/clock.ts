// The reality check's arithmetic: its times are counted from the login session's start, every N minutes.

const MINUTE = 60_000;

// The first check after `now`: startedAt + k x N minutes, k >= 1.
export function nextCheckAt(startedAt: number, minutes: number, now: number): number {
  const every = Math.max(1, minutes) * MINUTE;
  const passed = Math.max(0, now - startedAt);
  return startedAt + (Math.floor(passed / every) + 1) * every;
}

// The time played as h:mm ("0:45", "2:05"), never below zero.
export function playedText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
