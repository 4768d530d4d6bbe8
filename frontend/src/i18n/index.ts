import i18next from 'i18next';

import { languageAtom } from '../state/atoms';
import { LOCAL_KEYS, readLocal, writeLocal } from '../state/sessionKeys';
import { store } from '../state/store';
import { SWITCHER_LANGUAGES } from './languages';
import type en from './locales/en.json';

export type Translation = typeof en;

// Every language, English included, is its own chunk, fetched when a visitor first reads it: nobody
// downloads the strings of eight languages to read one, and the page's own script carries none. The
// boot fetches the likely one while it asks which brand this is (see boot.ts), so nothing waits for it.
// Every locale holds every key (locales.test.ts), so none needs English to fall back on.
const LOCALES = import.meta.glob<{ default: Translation }>('./locales/*.json');

export async function loadTranslation(code: string): Promise<Translation | undefined> {
  const load = LOCALES[`./locales/${code.toLowerCase()}.json`];
  return load ? (await load()).default : undefined;
}

// Starts fetching a language's strings; changeLanguage then finds them loaded or on their way.
export function prefetchTranslation(code: string): void {
  void loadTranslation(code).catch(() => undefined);
}

export const i18n = i18next;

// No strings yet: the splash has none, and the first language arrives with the boot.
export function initI18n(): void {
  void i18next.init({
    resources: {},
    lng: 'EN',
    fallbackLng: 'EN',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
}

// The remembered choice when the brand offers it, else the brand's default language.
export function preferredLanguage(supported: readonly string[], brandDefault: string): string {
  const remembered = readLocal(LOCAL_KEYS.lang);
  if (remembered && supported.includes(remembered)) return remembered;
  return brandDefault;
}

// The language a visitor most likely reads before the brand is known: the one they chose last time.
export function likelyLanguage(): string {
  return readLocal(LOCAL_KEYS.lang) ?? 'EN';
}

// Shows the page in a language without remembering it as the visitor's choice.
export async function showLanguage(code: string): Promise<void> {
  if (!i18next.hasResourceBundle(code, 'translation')) {
    const strings = await loadTranslation(code);
    if (strings) i18next.addResourceBundle(code, 'translation', strings);
  }
  await i18next.changeLanguage(code);
  store.set(languageAtom, code);
  const htmlLang = SWITCHER_LANGUAGES.find((l) => l.code === code)?.htmlLang ?? 'en';
  document.documentElement.lang = htmlLang;
}

export async function changeLanguage(code: string): Promise<void> {
  const previous = readLocal(LOCAL_KEYS.lang);
  if (previous && previous !== code) writeLocal(LOCAL_KEYS.hisLang, previous);
  writeLocal(LOCAL_KEYS.lang, code);
  await showLanguage(code);
}
