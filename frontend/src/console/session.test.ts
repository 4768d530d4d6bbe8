import { afterEach, describe, expect, it } from 'vitest';

import { MERCHANT_KEY, merchantFrom, readToken, saveToken, TOKEN_KEY } from './session';

describe('the console session storage', () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('takes the merchant from ?merchant=, remembers it for the tab, and defaults to demo', () => {
    expect(merchantFrom('', sessionStorage)).toBe('demo');
    expect(merchantFrom('?merchant=demo2', sessionStorage)).toBe('demo2');
    expect(sessionStorage.getItem(MERCHANT_KEY)).toBe('demo2');
    expect(merchantFrom('', sessionStorage)).toBe('demo2');
    expect(merchantFrom('?merchant=', sessionStorage)).toBe('demo2');
    expect(merchantFrom('?merchant=%3Cscript%3E', sessionStorage)).toBe('demo2');
  });

  it('keeps the staff token under its own key, apart from the portal member token', () => {
    sessionStorage.setItem('token', 'member-token');
    expect(readToken()).toBeNull();
    saveToken('staff-token');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('staff-token');
    expect(readToken()).toBe('staff-token');
    saveToken(null);
    expect(readToken()).toBeNull();
    expect(sessionStorage.getItem('token')).toBe('member-token');
    expect(localStorage.length).toBe(0);
  });
});
