// Boot: the launch parameters from the URL, then the session. Runs once, outside React, because the
// launch token is single use (StrictMode's double effects would burn it).
import { openSession, SESSION_GONE_CODES, errorCodeOf, setSessionGoneHandler } from './api';
import { setBalance } from './balance';
import { bootAtom, fairnessAtom, houseStore, sessionAtom } from './store';

export interface LaunchParams {
  token: string | null;
  lang: string | null;
  game: string | null;
  merchant: string | null;
}

export function launchParams(search: string): LaunchParams {
  const params = new URLSearchParams(search);
  const read = (name: string) => params.get(name)?.trim() || null;
  return { token: read('token'), lang: read('lang'), game: read('game'), merchant: read('merchant') };
}

let launch: LaunchParams = { token: null, lang: null, game: null, merchant: null };

export function launchInfo(): LaunchParams {
  return launch;
}

// The token should not stay in the address (it is spent anyway): keep the other parameters.
function forgetToken(): void {
  try {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.toString());
  } catch {
    // not fatal
  }
}

export async function bootHouse(params: LaunchParams): Promise<void> {
  launch = params;
  setSessionGoneHandler((code) => houseStore.set(bootAtom, { phase: 'expired', code }));
  if (!params.token) {
    houseStore.set(bootAtom, { phase: 'expired', code: 'LAUNCH_TOKEN_INVALID' });
    return;
  }
  houseStore.set(bootAtom, { phase: 'loading' });
  try {
    const session = await openSession(params.token, params.merchant);
    houseStore.set(sessionAtom, session);
    houseStore.set(fairnessAtom, session.fairness);
    setBalance(session.balance);
    houseStore.set(bootAtom, { phase: 'ready' });
  } catch (error) {
    const code = errorCodeOf(error);
    const expired = SESSION_GONE_CODES.includes(code) || (error as { status?: number }).status === 401;
    houseStore.set(bootAtom, expired ? { phase: 'expired', code } : { phase: 'failed', code });
  } finally {
    forgetToken();
  }
}
