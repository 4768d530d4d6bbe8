import { describe, expect, it } from 'vitest';

import { brandRegisterTitle } from './registerTitle';

describe('brandRegisterTitle', () => {
  it('takes the entry of the current language, whatever the case of its code', () => {
    const titles = { EN: 'Join us', cn: '加入我们' };
    expect(brandRegisterTitle(titles, 'EN')).toBe('Join us');
    expect(brandRegisterTitle(titles, 'CN')).toBe('加入我们');
    expect(brandRegisterTitle({ en: 'Join us' }, 'EN')).toBe('Join us');
  });

  it('falls back to the English entry', () => {
    expect(brandRegisterTitle({ EN: 'Join us' }, 'TH')).toBe('Join us');
    expect(brandRegisterTitle({ EN: 'Join us', TH: '   ' }, 'TH')).toBe('Join us');
  });

  it('gives nothing when the brand words no title, so the neutral one is shown', () => {
    expect(brandRegisterTitle(null, 'EN')).toBeNull();
    expect(brandRegisterTitle(undefined, 'EN')).toBeNull();
    expect(brandRegisterTitle({}, 'EN')).toBeNull();
    expect(brandRegisterTitle({ EN: '' }, 'EN')).toBeNull();
    expect(brandRegisterTitle({ JA: 'ようこそ' }, 'TH')).toBeNull();
  });
});

describe('translations', () => {
  type Tree = { [key: string]: string | Tree };
  const strings = (tree: Tree): string[] =>
    Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : strings(value)));

  it('promise no sign-up money: the brand words any offer, in its own currency', async () => {
    const { loadTranslation } = await import('../../i18n');
    const { SWITCHER_LANGUAGES } = await import('../../i18n/languages');
    for (const { code } of SWITCHER_LANGUAGES) {
      const translation = await loadTranslation(code);
      expect(translation, code).toBeDefined();
      for (const text of strings(translation as unknown as Tree)) {
        expect(text, code).not.toMatch(/\d[\d,.]*\s*(VND|₫|PHP|₱)|(VND|₫|PHP|₱)\s*\d/i);
      }
      expect(translation?.account.createAccountTitle).toBeTruthy();
    }
  });
});
