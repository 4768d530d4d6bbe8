// The house vendor's API (/house/api): every call carries X-House-Session once the session is open, and
// the envelope {success, value} / {success: false, errorCode, message} is unwrapped here, a failure
// becoming a HouseApiError that carries the stable errorCode.
import type {
  BaccaratBetAnswer,
  BaccaratResult,
  BaccaratState,
  BetOn,
  Fairness,
  HouseSession,
  InstantType,
  Market,
  Money,
  OutcomeByType,
  RoundBodyByType,
  RoundResponse,
} from './types';

export const HOUSE_API = '/house/api';
export const SESSION_HEADER = 'X-House-Session';

export class HouseApiError extends Error {
  readonly errorCode: string;
  readonly status: number;
  readonly value: unknown;

  constructor(errorCode: string, message: string, status: number, value: unknown = null) {
    super(message || errorCode);
    this.name = 'HouseApiError';
    this.errorCode = errorCode;
    this.status = status;
    this.value = value;
  }
}

// Codes after which the session cannot be used any more: the page tells the player to relaunch.
export const SESSION_GONE_CODES: readonly string[] = ['LAUNCH_TOKEN_INVALID', 'HOUSE_SESSION_INVALID'];

export function errorCodeOf(error: unknown): string {
  if (error instanceof HouseApiError) return error.errorCode;
  return 'INTERNAL_ERROR';
}

// The balance a failed bet reports (INSUFFICIENT_FUNDS carries value {balance}), if any.
export function balanceOf(error: unknown): Money | null {
  if (!(error instanceof HouseApiError) || !error.value || typeof error.value !== 'object') return null;
  const balance = (error.value as { balance?: unknown }).balance;
  return typeof balance === 'string' ? balance : null;
}

let sessionId: string | null = null;
let onSessionGone: ((code: string) => void) | null = null;

export function setSessionId(id: string | null): void {
  sessionId = id;
}

export function getSessionId(): string | null {
  return sessionId;
}

// Told once any call answers that the session is gone (reload with a used token, expiry).
export function setSessionGoneHandler(handler: ((code: string) => void) | null): void {
  onSessionGone = handler;
}

interface Envelope<T> {
  success?: unknown;
  value?: T | null;
  errorCode?: string | null;
  message?: string | null;
}

const FALLBACK_CODES: Record<number, string> = {
  401: 'HOUSE_SESSION_INVALID',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'VALIDATION_ERROR',
  429: 'TOO_MANY_REQUEST',
  503: 'SERVICE_UNAVAILABLE',
};

export async function houseCall<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (sessionId) headers[SESSION_HEADER] = sessionId;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${HOUSE_API}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HouseApiError('NETWORK_ERROR', 'network error', 0);
  }
  let envelope: Envelope<T> | null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope !== 'object' || typeof envelope.success !== 'boolean') {
    throw new HouseApiError(
      FALLBACK_CODES[response.status] ?? 'NETWORK_ERROR',
      `unexpected answer (${response.status})`,
      response.status,
    );
  }
  if (!envelope.success) {
    const code = envelope.errorCode || FALLBACK_CODES[response.status] || 'INTERNAL_ERROR';
    const error = new HouseApiError(code, envelope.message ?? '', response.status, envelope.value ?? null);
    if (SESSION_GONE_CODES.includes(code)) onSessionGone?.(code);
    throw error;
  }
  return envelope.value as T;
}

// POST /house/api/session: the launch token (single use) becomes a session; its id is kept in memory.
export async function openSession(token: string, merchant: string | null): Promise<HouseSession> {
  const session = await houseCall<HouseSession>('POST', '/session', { token, merchant });
  setSessionId(session.sessionId);
  return session;
}

export function getBalance(): Promise<{ balance: Money }> {
  return houseCall('GET', '/balance');
}

export function playRound<T extends InstantType>(
  body: RoundBodyByType[T],
): Promise<RoundResponse<OutcomeByType[T]>> {
  return houseCall('POST', '/round', body);
}

export const spinSlot = (lineBet: Money) => playRound<'SLOT'>({ lineBet });
export const shootFish = (kind: string, stake: Money) => playRound<'FISH'>({ kind, stake });
export const playDuel = (stake: Money) => playRound<'HIGHCARD'>({ stake });
export const betOnMatch = (matchId: string, selection: string, stake: Money) =>
  playRound<'FOOTBALL'>({ matchId, selection, stake });

export function getMarket(): Promise<Market> {
  return houseCall('GET', '/market');
}

export function setClientSeed(clientSeed: string): Promise<Fairness> {
  return houseCall('POST', '/clientSeed', { clientSeed });
}

export function getBaccaratState(): Promise<BaccaratState> {
  return houseCall('GET', '/baccarat/state');
}

export function placeBaccaratBet(roundNo: number, betOn: BetOn, stake: Money): Promise<BaccaratBetAnswer> {
  return houseCall('POST', '/baccarat/bet', { roundNo, betOn, stake });
}

export function getBaccaratRound(roundNo: number): Promise<BaccaratResult> {
  return houseCall('GET', `/baccarat/round/${encodeURIComponent(String(roundNo))}`);
}
