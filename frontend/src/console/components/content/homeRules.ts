// The home page's words as the console edits them: the server's rules (server/brands/home.py) repeated, so
// that a mistake shows at its field rather than as a refusal, and the preview as the portal will fill it.
// The server checks everything again.
import type { HomeText } from '../../contentApi';
import { charCount } from '../brand/rules';
import { editorLanguages } from './rules';

export const TITLE_MAX = 80;
export const SUBTITLE_MAX = 200;
export const CHIP_MAX = 60;
export const CHIPS_MAX = 4;
export const ABOUT_MAX = 500;
// What the server fills: {brand} the brand's name, the others a number of games from the catalogue.
export const PLACEHOLDERS = ['brand', 'games', 'slots', 'live', 'lotteries', 'fish', 'sports', 'esports', 'pvp'] as const;

// One language as the form holds it: always CHIPS_MAX chip boxes, empty ones dropped when sent.
export interface HomeWords {
  heroTitle: string;
  heroSubtitle: string;
  chips: string[];
  footerAbout: string;
}
export type HomeForm = Record<string, HomeWords>;
export type HomeField = 'heroTitle' | 'heroSubtitle' | 'footerAbout' | `chip${number}`;

export interface HomeProblem {
  language: string;
  field: HomeField;
  key: string;
  values?: Record<string, string>;
}

const PLACEHOLDER = /\{([^{}]*)\}/g;
const line = (text: string) => text.trim().replace(/\s+/g, ' ');

export function homeForm(stored: Record<string, HomeText> = {}): HomeForm {
  return Object.fromEntries(
    editorLanguages(stored).map((code) => {
      const text = stored[code];
      const chips = [...(text?.chips ?? [])];
      while (chips.length < CHIPS_MAX) chips.push('');
      return [
        code,
        {
          heroTitle: text?.heroTitle ?? '',
          heroSubtitle: text?.heroSubtitle ?? '',
          chips,
          footerAbout: text?.footerAbout ?? '',
        },
      ];
    }),
  );
}

export function isWritten(words: HomeWords | undefined): boolean {
  return !!words && [words.heroTitle, words.heroSubtitle, words.footerAbout, ...words.chips].some((text) => text.trim());
}

function unknownPlaceholders(text: string): string[] {
  const known: readonly string[] = PLACEHOLDERS;
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !known.includes(name));
}

// The words to send: each language with anything written, collapsed to single lines; a language left empty
// is dropped (the portal then reads the brand's default language, else English). Problems: a language
// without its title, a text too long, a placeholder the server does not fill.
export function homePayload(form: HomeForm): { texts: Record<string, HomeText> } | { problems: HomeProblem[] } {
  const texts: Record<string, HomeText> = {};
  const problems: HomeProblem[] = [];
  for (const [language, words] of Object.entries(form)) {
    if (!isWritten(words)) continue;
    const check = (field: HomeField, text: string, max: number) => {
      if (charCount(text) > max) problems.push({ language, field, key: 'content.home.tooLong', values: { max: String(max) } });
      const unknown = unknownPlaceholders(text);
      if (unknown.length > 0) {
        const names = unknown.map((name) => `{${name}}`).join(', ');
        problems.push({ language, field, key: 'content.home.unknownPlaceholder', values: { names } });
      }
    };
    const heroTitle = line(words.heroTitle);
    if (!heroTitle) problems.push({ language, field: 'heroTitle', key: 'content.home.titleRequired' });
    check('heroTitle', heroTitle, TITLE_MAX);
    const heroSubtitle = line(words.heroSubtitle);
    check('heroSubtitle', heroSubtitle, SUBTITLE_MAX);
    const chips: string[] = [];
    words.chips.forEach((chip, i) => {
      const text = line(chip);
      if (!text) return;
      check(`chip${i}`, text, CHIP_MAX);
      chips.push(text);
    });
    const footerAbout = line(words.footerAbout);
    check('footerAbout', footerAbout, ABOUT_MAX);
    texts[language] = { heroTitle, heroSubtitle, chips, footerAbout };
  }
  return problems.length > 0 ? { problems } : { texts };
}

// A text as the portal will show it now: the placeholders filled with the current figures (numbers grouped
// as the language writes them, as the server does).
export function filled(text: string, figures: Record<string, number | string>, language: string): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = figures[name];
    if (value === undefined) return whole;
    if (typeof value === 'string') return value;
    const grouped = value.toLocaleString('en-US');
    return language === 'VI' || language === 'PT' ? grouped.replaceAll(',', '.') : grouped;
  });
}
