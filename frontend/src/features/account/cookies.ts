// Remember-me (SPEC §3): the last user name and the remember flag live one day in cookies. The password
// is deliberately not stored: a cookie is readable by any script on the page and travels with every
// request, so the browser's own password manager is the right place for it.
export const REMEMBER_MS = 86_400_000;
const KEYS = { username: 'lastUsername', remember: 'rememberMe', sms: 'loginTypeSms' } as const;

function read(name: string): string | null {
  const found = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

function write(name: string, value: string | null) {
  const expires = value === null ? new Date(0) : new Date(Date.now() + REMEMBER_MS);
  document.cookie = `${name}=${encodeURIComponent(value ?? '')}; expires=${expires.toUTCString()}; path=/; SameSite=Lax`;
}

export function rememberedLogin(): { username: string; remember: boolean } {
  return { username: read(KEYS.username) ?? '', remember: read(KEYS.remember) === '1' };
}

export function saveRememberedLogin(username: string, remember: boolean) {
  write(KEYS.username, remember ? username : null);
  write(KEYS.remember, remember ? '1' : null);
}

export function rememberedSmsLogin(): { mobileNum: string; countryDialingCode: string } | null {
  const raw = read(KEYS.sms);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { mobileNum?: string; countryDialingCode?: string };
    return value.mobileNum && value.countryDialingCode
      ? { mobileNum: value.mobileNum, countryDialingCode: value.countryDialingCode }
      : null;
  } catch {
    return null;
  }
}

export function saveSmsLogin(mobileNum: string, countryDialingCode: string) {
  write(KEYS.sms, JSON.stringify({ mobileNum, countryDialingCode }));
}
