import { describe, expect, it } from 'vitest';

import { loadTranslation } from './index';
import { SWITCHER_LANGUAGES } from './languages';

// Every language's strings, loaded the way the page loads one.
const RESOURCES = Object.fromEntries(
  await Promise.all(
    SWITCHER_LANGUAGES.map(async ({ code }) => [code, { translation: (await loadTranslation(code))! }] as const),
  ),
);

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

const english = flatten(RESOURCES.EN!.translation as Tree);

describe('translations', () => {
  it('exist for every language the switcher offers', () => {
    expect(Object.keys(RESOURCES).sort()).toEqual(SWITCHER_LANGUAGES.map((l) => l.code).sort());
  });

  for (const [code, resource] of Object.entries(RESOURCES)) {
    it(`${code} has exactly the English keys, filled, with the same placeholders`, () => {
      const strings = flatten(resource.translation as Tree);
      expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of strings) {
        expect(text.trim(), `${code} ${key}`).not.toBe('');
        expect(placeholders(text), `${code} ${key}`).toEqual(placeholders(english.get(key)!));
      }
    });
  }

  it('covers every error code the shell shows', () => {
    for (const code of ['NETWORK_ERROR', 'DOMAIN_NOT_FOUND', 'MODULE_DISABLED', 'SYSTEM_MAINTENANCE']) {
      expect(english.has(`errors.${code}`)).toBe(true);
    }
  });
});
