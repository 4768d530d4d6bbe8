// Rates and date ranges of the agent centre's reports, in integers and strings only: a rate is whole basis
// points on the wire, a day is yyyy-MM-dd, and neither passes through a float on its way to the screen.
import type { DayRange } from '../../lib/dates';

// The server refuses a longer range (server/games/bets.py MAX_RECORD_DAYS); saying so here spares the trip.
export const MAX_RANGE_DAYS = 92;
export const MAX_RATE_BPS = 10_000;
export const MAX_TIERS = 10;

// 150 -> "1.50", 5 -> "0.05", 10000 -> "100.00".
export function bpsPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const rest = Math.abs(bps % 100);
  return `${bps < 0 && whole === 0 ? '-' : ''}${whole}.${String(rest).padStart(2, '0')}`;
}

const DAY_MS = 86_400_000;

function dayNumber(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS : null;
}

// Whether the server will take the range: start not after end, and at most MAX_RANGE_DAYS between them.
export function rangeAllowed({ startDate, endDate }: DayRange): boolean {
  const start = dayNumber(startDate);
  const end = dayNumber(endDate);
  return start !== null && end !== null && start <= end && end - start <= MAX_RANGE_DAYS;
}

// The instants of a day range in the browser's calendar, the end exclusive (the day after endDate begins):
// downline transactions are asked for by instant, the bets by day.
export function rangeInstants({ startDate, endDate }: DayRange): { from: string; to: string } {
  const local = (day: string, plus = 0) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d + plus).toISOString();
  };
  return { from: local(startDate), to: local(endDate, 1) };
}
