import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import { languageAtom } from '../state/atoms';
import { LOCAL_KEYS, readLocal, writeLocal } from '../state/sessionKeys';
import { store } from '../state/store';
import cn from './locales/cn.json';
import en from './locales/en.json';
import ja from './locales/ja.json';
import pt from './locales/pt.json';
import th from './locales/th.json';
import ty from './locales/ty.json';
import vi from './locales/vi.json';
import { SWITCHER_LANGUAGES } from './languages';

export const RESOURCES = {
  EN: { translation: en },
  CN: { translation: cn },
  JA: { translation: ja },
  TH: { translation: th },
  VI: { translation: vi },
  PT: { translation: pt },
  TY: { translation: ty },
} as const;

export const i18n = i18next;

export async function initI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: RESOURCES,
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
  await i18next.changeLanguage(code);
  store.set(languageAtom, code);
  const htmlLang = SWITCHER_LANGUAGES.find((l) => l.code === code)?.htmlLang ?? 'en';
  document.documentElement.lang = htmlLang;
}
