// The staff console's own translations (apart from the portal's): the same seven languages, the choice
// remembered in localStorage under a key of its own.
import { createInstance, type i18n as I18n, type TFunction } from 'i18next';

import cn from './locales/cn.json';
import en from './locales/en.json';
import ja from './locales/ja.json';
import pt from './locales/pt.json';
import th from './locales/th.json';
import ty from './locales/ty.json';
import vi from './locales/vi.json';
import { ConsoleError } from './transport';

export const CONSOLE_LANGUAGES = ['EN', 'CN', 'JA', 'TH', 'VI', 'PT', 'TY'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

export const LANGUAGE_KEY = 'console.lang';

export const CONSOLE_RESOURCES: Record<ConsoleLanguage, { translation: typeof en }> = {
  EN: { translation: en },
  CN: { translation: cn },
  JA: { translation: ja },
  TH: { translation: th },
  VI: { translation: vi },
  PT: { translation: pt },
  TY: { translation: ty },
};

// Each language named in itself, as the portal's switcher names them, and the HTML lang it sets.
export const LANGUAGE_NAMES: Record<ConsoleLanguage, { label: string; htmlLang: string }> = {
  EN: { label: 'English', htmlLang: 'en' },
  CN: { label: '中文', htmlLang: 'zh-CN' },
  JA: { label: '日本語', htmlLang: 'ja' },
  TH: { label: 'ไทย', htmlLang: 'th' },
  VI: { label: 'Tiếng Việt', htmlLang: 'vi' },
  PT: { label: 'Português', htmlLang: 'pt' },
  TY: { label: 'Tagalog', htmlLang: 'tl' },
};

export function languageFrom(value: string | null | undefined): ConsoleLanguage {
  const code = (value ?? '').trim().toUpperCase();
  return (CONSOLE_LANGUAGES as readonly string[]).includes(code) ? (code as ConsoleLanguage) : 'EN';
}

export function storedLanguage(): ConsoleLanguage {
  try {
    return languageFrom(localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return 'EN';
  }
}

// errorCode -> i18n key; a code without a text of its own gets the generic one.
export function errorKey(code: string): string {
  return code in en.errors ? `errors.${code}` : 'errors.GENERIC';
}

// A failed call as the staff member reads it: the text of its code (never the server's English message).
export function problemText(t: TFunction, problem: unknown): string {
  return t(problem instanceof ConsoleError ? errorKey(problem.code) : 'errors.GENERIC');
}

function showLanguage(i18n: I18n, language: ConsoleLanguage): void {
  document.documentElement.lang = LANGUAGE_NAMES[language].htmlLang;
  document.title = i18n.t('app.title');
}

export async function initConsoleI18n(language: ConsoleLanguage): Promise<I18n> {
  const instance = createInstance();
  await instance.init({
    resources: CONSOLE_RESOURCES,
    lng: language,
    fallbackLng: 'EN',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  showLanguage(instance, language);
  return instance;
}

export async function switchLanguage(i18n: I18n, language: ConsoleLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // not remembered, still switched
  }
  await i18n.changeLanguage(language);
  showLanguage(i18n, language);
}
