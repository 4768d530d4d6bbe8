// The countdown runs on the server's clock: a state answer carries the server's `now`, from which the local
// clock's offset is estimated (the answer was made, on average, halfway through the request). Every
// deadline is then compared with local time plus that offset.
import type { Issue } from './api';

export function clockOffsetMs(serverNowIso: string, sentAtMs: number, receivedAtMs: number): number {
  const serverNow = Date.parse(serverNowIso);
  if (Number.isNaN(serverNow)) return 0;
  return serverNow - (sentAtMs + (receivedAtMs - sentAtMs) / 2);
}

// open: taking bets until closesAt; drawing: closed, the draw is at drawAt; waiting: past drawAt, the
// result has not arrived yet. msLeft counts to the phase's end (0 while waiting).
export type PhaseKind = 'open' | 'drawing' | 'waiting';

export interface Phase {
  kind: PhaseKind;
  msLeft: number;
}

type Times = Pick<Issue, 'closesAt' | 'drawAt'>;

export function phaseOf(issue: Times, offsetMs: number, localNowMs: number): Phase {
  const now = localNowMs + offsetMs;
  const closes = Date.parse(issue.closesAt);
  const draws = Date.parse(issue.drawAt);
  if (now < closes) return { kind: 'open', msLeft: closes - now };
  if (now < draws) return { kind: 'drawing', msLeft: draws - now };
  return { kind: 'waiting', msLeft: 0 };
}

// Local milliseconds until the phase next changes (null once waiting): when to look again.
export function msToNextPhase(issue: Times, offsetMs: number, localNowMs: number): number | null {
  const phase = phaseOf(issue, offsetMs, localNowMs);
  return phase.kind === 'waiting' ? null : phase.msLeft;
}

// Whole seconds shown: 0.2 s left still shows 1.
export function wholeSeconds(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

// 75 -> "01:15"; an hour or more -> "2:03:04".
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.trunc(total));
  const hours = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}
