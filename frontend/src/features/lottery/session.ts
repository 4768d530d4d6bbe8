// The lottery session a member needs to bet (the lottery wire contract): the portal launches the game in
// LOTT mode, the one-time token of the returned address is exchanged at POST /lgw/session, and the session
// id rides in X-House-Session. An expired session (HOUSE_SESSION_INVALID) is opened again, once.
import { ApiError } from '../../api/client';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import { store } from '../../state/store';
import { type LobbyLaunchIn, lotteryApi } from './api';
import { lotterySessionAtom } from './atoms';

export const SESSION_INVALID = 'HOUSE_SESSION_INVALID';

export interface SessionGame {
  gameCode: string;
  prizeMode: string;
}

// SPEC §7 lobby payload; lottoArea is always VN there.
export function lobbyPayload(game: SessionGame, backUrl = '/lottery'): LobbyLaunchIn {
  return {
    launchMode: 'LOTT',
    lottoArea: 'VN',
    lottoPrizeMode: game.prizeMode,
    lottoGameCode: game.gameCode,
    lottoView: 'betting',
    device: 'WEB',
    backUrl,
    language: store.get(languageAtom),
  };
}

export function launchTokenOf(url: string): string | null {
  try {
    return new URL(url, window.location.origin).searchParams.get('token');
  } catch {
    return null;
  }
}

export function currentSessionId(): string | null {
  const session = store.get(lotterySessionAtom);
  const token = store.get(tokenAtom);
  return session && token && session.token === token ? session.sessionId : null;
}

// Exchanges a one-time launch token for a session of the logged-in member.
export async function adoptLaunchToken(launchToken: string): Promise<string> {
  const portalToken = store.get(tokenAtom);
  if (!portalToken) throw new ApiError('UNAUTHORIZED', '', 401);
  const merchant = store.get(brandAtom)?.merchantCode ?? '';
  const opened = await lotteryApi.openSession(launchToken, merchant);
  store.set(lotterySessionAtom, { token: portalToken, sessionId: opened.sessionId });
  return opened.sessionId;
}

async function openSession(game: SessionGame): Promise<string> {
  if (!store.get(tokenAtom)) throw new ApiError('UNAUTHORIZED', '', 401);
  const launched = await lotteryApi.launch(lobbyPayload(game));
  const launchToken = launchTokenOf(launched.game_url) ?? launchTokenOf(launched.game_url2);
  if (!launchToken) throw new ApiError('NETWORK_ERROR', 'launch without a token', 0);
  return adoptLaunchToken(launchToken);
}

let opening: Promise<string> | null = null;

// The current session, or one opened now (concurrent callers share the one launch).
export function ensureSession(game: SessionGame): Promise<string> {
  const known = currentSessionId();
  if (known) return Promise.resolve(known);
  opening ??= openSession(game).finally(() => {
    opening = null;
  });
  return opening;
}

export function forgetSession(sessionId: string): void {
  if (store.get(lotterySessionAtom)?.sessionId === sessionId) store.set(lotterySessionAtom, null);
}

// Runs a session call; when the session turns out to be gone it launches again and retries once.
export async function withSession<T>(game: SessionGame, run: (sessionId: string) => Promise<T>): Promise<T> {
  const sessionId = await ensureSession(game);
  try {
    return await run(sessionId);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== SESSION_INVALID) throw error;
    forgetSession(sessionId);
    return run(await ensureSession(game));
  }
}
