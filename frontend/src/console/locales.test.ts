import { describe, expect, it } from 'vitest';

import { CONSOLE_LANGUAGES, CONSOLE_RESOURCES, errorKey, languageFrom, problemText } from './i18n';
import { ConsoleError } from './transport';

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
const english = flatten(CONSOLE_RESOURCES.EN.translation as unknown as Tree);

// Every code the console's calls can answer with a text of its own (the brief's list).
const CODES = [
  'INVALID_CREDENTIALS',
  'OTP_INVALID',
  'OTP_ENROLMENT_REQUIRED',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_INVALID',
  'LOGIN_LOCKED',
  'ACCOUNT_DISABLED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'USERNAME_TAKEN',
  'LAST_OPERATOR',
  'VALIDATION_ERROR',
  'CONFLICT',
  'NETWORK_ERROR',
];

describe('console translations', () => {
  it('exist for EN, CN, JA, TH, VI, PT and TY', () => {
    expect(Object.keys(CONSOLE_RESOURCES).sort()).toEqual(['CN', 'EN', 'JA', 'PT', 'TH', 'TY', 'VI']);
    expect([...CONSOLE_LANGUAGES].sort()).toEqual(Object.keys(CONSOLE_RESOURCES).sort());
  });

  for (const code of CONSOLE_LANGUAGES) {
    it(`${code} has exactly the English keys, filled, with the same placeholders`, () => {
      const strings = flatten(CONSOLE_RESOURCES[code].translation as unknown as Tree);
      expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of strings) {
        expect(text.trim(), `${code} ${key}`).not.toBe('');
        expect(placeholders(text), `${code} ${key}`).toEqual(placeholders(english.get(key)!));
      }
    });
  }

  it('are real translations, not English copies', () => {
    for (const code of CONSOLE_LANGUAGES.filter((c) => c !== 'EN')) {
      const strings = flatten(CONSOLE_RESOURCES[code].translation as unknown as Tree);
      const same = ['login.title', 'enrol.codesIntro', 'shell.nothingHere', 'errors.LAST_OPERATOR', 'audit.older'].filter(
        (key) => strings.get(key) === english.get(key),
      );
      expect(same, code).toEqual([]);
    }
  });

  it('give every error code of the staff API its own text, and anything else the generic one', () => {
    for (const code of CODES) {
      expect(errorKey(code)).toBe(`errors.${code}`);
      expect(english.has(`errors.${code}`), code).toBe(true);
    }
    expect(errorKey('SOMETHING_NEW')).toBe('errors.GENERIC');
    expect(english.has('errors.GENERIC')).toBe(true);
  });

  it('read a failure as its code text, never the server message', () => {
    const t = ((key: string) => `t:${key}`) as unknown as Parameters<typeof problemText>[0];
    expect(problemText(t, new ConsoleError('LAST_OPERATOR', 'A merchant keeps at least one', 409))).toBe(
      't:errors.LAST_OPERATOR',
    );
    expect(problemText(t, new ConsoleError('BRAND_NEW', 'whatever', 400))).toBe('t:errors.GENERIC');
    expect(problemText(t, new TypeError('boom'))).toBe('t:errors.GENERIC');
  });

  it('take the language from what was stored, EN by default', () => {
    expect(languageFrom('cn')).toBe('CN');
    expect(languageFrom('TY')).toBe('TY');
    expect(languageFrom('xx')).toBe('EN');
    expect(languageFrom(null)).toBe('EN');
  });
});
