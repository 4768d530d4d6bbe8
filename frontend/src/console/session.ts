// Where the console keeps what outlives a reload: the merchant it runs for and the staff token, both in
// sessionStorage (one tab, gone with it) under keys of their own, never the portal's member token.

export const TOKEN_KEY = 'console.token';
export const MERCHANT_KEY = 'console.merchant';
export const DEFAULT_MERCHANT = 'demo';

const MERCHANT_CODE = /^[A-Za-z0-9_-]{1,64}$/;

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null; // storage switched off: the console still works for this page's life
  }
}

function write(storage: Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // as above
  }
}

// The merchant: `?merchant=` of the address the console was opened with, else the one this tab remembers,
// else the demo merchant. What the query names is remembered for the next pages of the tab.
export function merchantFrom(search: string, storage: Storage): string {
  const asked = new URLSearchParams(search).get('merchant')?.trim() ?? '';
  if (MERCHANT_CODE.test(asked)) {
    write(storage, MERCHANT_KEY, asked);
    return asked;
  }
  const remembered = read(storage, MERCHANT_KEY);
  return remembered && MERCHANT_CODE.test(remembered) ? remembered : DEFAULT_MERCHANT;
}

export function readToken(storage: Storage = sessionStorage): string | null {
  return read(storage, TOKEN_KEY);
}

export function saveToken(token: string | null, storage: Storage = sessionStorage): void {
  write(storage, TOKEN_KEY, token);
}
