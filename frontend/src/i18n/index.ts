import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import { languageAtom } from '../state/atoms';
import { LOCAL_KEYS, readLocal, writeLocal } from '../state/sessionKeys';
import { store } from '../state/store';
import en from './locales/en.json';
import { SWITCHER_LANGUAGES } from './languages';

export type Translation = typeof en;

// English is the fallback and ships with the page; every other language is its own chunk, fetched when a
// visitor first reads it, so that nobody downloads the strings of seven languages to read one.
const LAZY = import.meta.glob<{ default: Translation }>(['./locales/*.json', '!./locales/en.json']);

export async function loadTranslation(code: string): Promise<Translation | undefined> {
  if (code === 'EN') return en;
  const load = LAZY[`./locales/${code.toLowerCase()}.json`];
  return load ? (await load()).default : undefined;
}

export const i18n = i18next;

export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: { EN: { translation: en } },
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

export async function changeLanguage(code: string): Promise<void> {
  const previous = readLocal(LOCAL_KEYS.lang);
  if (previous && previous !== code) writeLocal(LOCAL_KEYS.hisLang, previous);
  writeLocal(LOCAL_KEYS.lang, code);
  if (!i18next.hasResourceBundle(code, 'translation')) {
    const strings = await loadTranslation(code);
    if (strings) i18next.addResourceBundle(code, 'translation', strings);
  }
  await i18next.changeLanguage(code);
  store.set(languageAtom, code);
  const htmlLang = SWITCHER_LANGUAGES.find((l) => l.code === code)?.htmlLang ?? 'en';
  document.documentElement.lang = htmlLang;
}
