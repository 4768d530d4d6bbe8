// Browser storage keys of SPEC §3. Session storage holds the login and brand; local storage the language.
export const SESSION_KEYS = {
  token: 'token',
  isAgent: 'isAgent',
  merchant: 'merchant',
  merchantCode: 'merchantCode',
  platform: 'platform',
  // The launched game's address, so /game survives a reload (SPEC §3, §4).
  iframeUrl: 'iframeUrl',
  // Set while that game plays from a wallet filled by automatic transfer (issue 29).
  gameAutoTransfer: 'gameAutoTransfer',
} as const;

export const LOCAL_KEYS = {
  lang: 'lang',
  hisLang: 'hisLang',
} as const;

export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode quotas); the app keeps working from memory.
  }
}

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // See writeSession.
  }
}
