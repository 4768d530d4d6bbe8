// The header switcher's languages (SPEC §9) with the label each shows and the HTML lang it sets.
export interface Language {
  code: string;
  label: string;
  htmlLang: string;
}

export const SWITCHER_LANGUAGES: readonly Language[] = [
  { code: 'CN', label: '中文', htmlLang: 'zh-CN' },
  { code: 'EN', label: 'English', htmlLang: 'en' },
  { code: 'JA', label: '日本語', htmlLang: 'ja' },
  { code: 'TH', label: 'ไทย', htmlLang: 'th' },
  { code: 'VI', label: 'Tiếng Việt', htmlLang: 'vi' },
  { code: 'PT', label: 'Português', htmlLang: 'pt' },
  { code: 'TY', label: 'Tagalog', htmlLang: 'tl' },
];

export function languagesFor(supported: readonly string[]): Language[] {
  const offered = SWITCHER_LANGUAGES.filter((language) => supported.includes(language.code));
  return offered.length > 0 ? offered : SWITCHER_LANGUAGES.filter((l) => l.code === 'EN');
}
