// The house page's own translations (separate from the portal's): the language comes from the launch URL.
import { createInstance, type i18n as I18n } from 'i18next';

import cn from './locales/cn.json';
import en from './locales/en.json';
import ja from './locales/ja.json';
import pt from './locales/pt.json';
import th from './locales/th.json';
import ty from './locales/ty.json';
import vi from './locales/vi.json';

export const HOUSE_LANGUAGES = ['EN', 'CN', 'JA', 'TH', 'VI', 'PT', 'TY'] as const;
export type HouseLanguage = (typeof HOUSE_LANGUAGES)[number];

export const HOUSE_RESOURCES: Record<HouseLanguage, { translation: typeof en }> = {
  EN: { translation: en },
  CN: { translation: cn },
  JA: { translation: ja },
  TH: { translation: th },
  VI: { translation: vi },
  PT: { translation: pt },
  TY: { translation: ty },
};

export const HTML_LANG: Record<HouseLanguage, string> = {
  EN: 'en',
  CN: 'zh-CN',
  JA: 'ja',
  TH: 'th',
  VI: 'vi',
  PT: 'pt',
  TY: 'tl',
};

export function languageFrom(param: string | null | undefined): HouseLanguage {
  const code = (param ?? '').trim().toUpperCase();
  return (HOUSE_LANGUAGES as readonly string[]).includes(code) ? (code as HouseLanguage) : 'EN';
}

// errorCode -> i18n key; codes without their own text get the generic one.
export function errorKey(code: string): string {
  return code in en.errors ? `errors.${code}` : 'errors.GENERIC';
}

export async function initHouseI18n(language: HouseLanguage): Promise<I18n> {
  const instance = createInstance();
  await instance.init({
    resources: HOUSE_RESOURCES,
    lng: language,
    fallbackLng: 'EN',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  document.documentElement.lang = HTML_LANG[language];
  return instance;
}
