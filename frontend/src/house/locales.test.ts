import { describe, expect, it } from 'vitest';

import { errorKey, HOUSE_LANGUAGES, HOUSE_RESOURCES, languageFrom } from './i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const english = flatten(HOUSE_RESOURCES.EN.translation as unknown as Tree);

describe('house translations', () => {
  it('exist for EN, CN, JA, TH, VI, PT and TY', () => {
    expect(Object.keys(HOUSE_RESOURCES).sort()).toEqual(['CN', 'EN', 'JA', 'PT', 'TH', 'TY', 'VI']);
    expect([...HOUSE_LANGUAGES].sort()).toEqual(Object.keys(HOUSE_RESOURCES).sort());
  });

  for (const code of HOUSE_LANGUAGES) {
    it(`${code} has exactly the English keys, filled, with the same placeholders`, () => {
      const strings = flatten(HOUSE_RESOURCES[code].translation as unknown as Tree);
      expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of strings) {
        expect(text.trim(), `${code} ${key}`).not.toBe('');
        expect(placeholders(text), `${code} ${key}`).toEqual(placeholders(english.get(key)!));
      }
    });
  }

  it('are real translations, not English copies', () => {
    for (const code of HOUSE_LANGUAGES.filter((c) => c !== 'EN')) {
      const strings = flatten(HOUSE_RESOURCES[code].translation as unknown as Tree);
      const same = ['app.expiredBody', 'errors.INSUFFICIENT_FUNDS', 'fair.explain'].filter(
        (key) => strings.get(key) === english.get(key),
      );
      expect(same, code).toEqual([]);
    }
  });

  it('give every error code the contract names its own message', () => {
    for (const code of [
      'LAUNCH_TOKEN_INVALID',
      'HOUSE_SESSION_INVALID',
      'INSUFFICIENT_FUNDS',
      'VALIDATION_ERROR',
      'BETTING_CLOSED',
      'ROUND_NOT_SETTLED',
      'NETWORK_ERROR',
    ]) {
      expect(errorKey(code)).toBe(`errors.${code}`);
      expect(english.has(`errors.${code}`)).toBe(true);
    }
    expect(errorKey('SOMETHING_NEW')).toBe('errors.GENERIC');
  });

  it('take the language from the lang parameter, EN by default', () => {
    expect(languageFrom('th')).toBe('TH');
    expect(languageFrom('CN')).toBe('CN');
    expect(languageFrom('xx')).toBe('EN');
    expect(languageFrom(null)).toBe('EN');
  });
});
