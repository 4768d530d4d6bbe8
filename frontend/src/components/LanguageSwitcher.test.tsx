import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../api/client';
import type { Brand } from '../api/system';
import { i18n, initI18n, showLanguage } from '../i18n';
import { bootAtom, brandAtom, languageAtom, tokenAtom } from '../state/atoms';
import { watchMemberLanguage } from '../state/memberLanguage';
import { store } from '../state/store';
import { LanguageSwitcher } from './LanguageSwitcher';

let fetch: ReturnType<typeof vi.fn>;

// As the member panel does once a member is logged in (the watcher then runs for the page's life).
beforeAll(() => {
  initI18n();
  watchMemberLanguage();
});

beforeEach(() => {
  localStorage.clear();
  store.set(brandAtom, { supportedLanguages: ['EN', 'VI', 'TH'], defaultLanguage: 'EN' } as Brand);
  store.set(bootAtom, { phase: 'ready' });
  store.set(languageAtom, 'EN');
  setRequestContext(() => ({ merchant: 'demo', token: store.get(tokenAtom), language: store.get(languageAtom) }));
  fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify({ success: true, value: { language: 'VI' } })));
  vi.stubGlobal('fetch', fetch);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.set(tokenAtom, null);
});

const choose = async (code: string) => {
  render(
    <Provider store={store}>
      <LanguageSwitcher />
    </Provider>,
  );
  await act(async () => fireEvent.change(screen.getByRole('combobox'), { target: { value: code } }));
  await vi.waitFor(() => expect(store.get(languageAtom)).toBe(code));
};

describe('the language switcher', () => {
  it("keeps a member's choice on the server", async () => {
    store.set(tokenAtom, 'member-token');
    await choose('VI');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/wps/member/language');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ language: 'VI' });
    expect(init.headers).toMatchObject({ Authorization: 'member-token', Merchant: 'demo' });
    expect(i18n.language).toBe('VI');
    expect(localStorage.getItem('lang')).toBe('VI');
  });

  it("asks nothing of the server for a visitor's choice", async () => {
    await choose('TH');
    expect(fetch).not.toHaveBeenCalled();
    expect(i18n.language).toBe('TH');
  });

  it("asks nothing when the boot shows a returning member's remembered language", async () => {
    store.set(bootAtom, { phase: 'loading' });
    store.set(tokenAtom, 'member-token');
    await act(async () => showLanguage('TH'));
    expect(store.get(languageAtom)).toBe('TH');
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['refused', () => Promise.resolve(new Response(JSON.stringify({ success: false, errorCode: 'LANGUAGE_UNSUPPORTED', message: '', value: null }), { status: 422 }))],
    ['unreachable', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['never answering', () => new Promise<Response>(() => undefined)],
  ])('switches whatever the server does (%s)', async (_, answer) => {
    fetch.mockImplementation(answer);
    store.set(tokenAtom, 'member-token');
    await choose('VI');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(i18n.language).toBe('VI');
    expect(localStorage.getItem('lang')).toBe('VI');
  });
});
