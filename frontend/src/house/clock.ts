// The baccarat countdown runs on the server's clock: each state answer carries the server's `now`, from
// which the offset of the local clock is estimated (the answer was produced, on average, halfway through
// the request), and every deadline is then compared with local time plus that offset.

export function clockOffsetMs(serverNowIso: string, sentAtMs: number, receivedAtMs: number): number {
  const serverNow = Date.parse(serverNowIso);
  if (Number.isNaN(serverNow)) return 0;
  const midpoint = sentAtMs + (receivedAtMs - sentAtMs) / 2;
  return serverNow - midpoint;
}

// The server's time now, as best known locally.
export function serverNowMs(offsetMs: number, localNowMs: number): number {
  return localNowMs + offsetMs;
}

// Milliseconds left until the server-time deadline (never negative).
export function msUntil(deadlineIso: string, offsetMs: number, localNowMs: number): number {
  const deadline = Date.parse(deadlineIso);
  if (Number.isNaN(deadline)) return 0;
  return Math.max(0, deadline - serverNowMs(offsetMs, localNowMs));
}

// Whole seconds shown on the countdown: 0.2 s left still shows 1, nothing left shows 0.
export function countdownSeconds(deadlineIso: string, offsetMs: number, localNowMs: number): number {
  return Math.ceil(msUntil(deadlineIso, offsetMs, localNowMs) / 1000);
}

// Share of the betting window still left, 1 at opening and 0 at closing.
export function windowLeft(opensAtIso: string, closesAtIso: string, offsetMs: number, localNowMs: number): number {
  const opens = Date.parse(opensAtIso);
  const closes = Date.parse(closesAtIso);
  if (Number.isNaN(opens) || Number.isNaN(closes) || closes <= opens) return 0;
  const left = msUntil(closesAtIso, offsetMs, localNowMs) / (closes - opens);
  return Math.min(1, Math.max(0, left));
}
