// The chart's data, shaped from the server's days without the charting library (so it is tested as it is).
// Amounts become numbers here and only here: a canvas needs positions, never sums; every figure a person
// reads (tiles, table, the chart's legend) is the server's own string.
import type { DashboardDay } from '../../dashboardApi';

export interface ChartSeries {
  x: number[]; // the day's position, 0 = the oldest
  labels: string[]; // "MM-DD" under each position
  ggr: (number | null)[];
  deposits: (number | null)[];
  withdrawals: (number | null)[];
}

// A decimal string as a plotting position; what is not a number leaves a gap rather than a false zero.
export function plotValue(amount: string): number | null {
  if (!/^-?\d+(\.\d+)?$/.test(amount.trim())) return null;
  return Number(amount);
}

// "2026-03-07" -> "03-07": the year adds nothing to a window of at most a month.
export function dayLabel(day: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[1]}-${match[2]}` : day;
}

export function chartSeries(days: readonly DashboardDay[]): ChartSeries {
  return {
    x: days.map((_, index) => index),
    labels: days.map((d) => dayLabel(d.day)),
    ggr: days.map((d) => plotValue(d.ggr)),
    deposits: days.map((d) => plotValue(d.deposits)),
    withdrawals: days.map((d) => plotValue(d.withdrawals)),
  };
}

// Whether an amount is below zero, read from the string (a GGR can be: the players won more than they staked).
export function isNegative(amount: string): boolean {
  return amount.trim().startsWith('-') && /[1-9]/.test(amount);
}
