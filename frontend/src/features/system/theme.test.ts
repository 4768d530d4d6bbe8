import { afterEach, describe, expect, it } from 'vitest';

import { store } from '../../state/store';
import { statusAtom } from '../../state/atoms';
import { applyTheme, cssVariable, svgDataUrl, themeAtom } from './theme';
import { LIGHT_THEME, statusWith } from './themeFixtures';

const root = document.documentElement;

afterEach(() => {
  root.removeAttribute('style');
  root.removeAttribute('data-color-scheme');
  document.head.innerHTML = '';
  store.set(statusAtom, null);
});

describe('the brand theme on the page', () => {
  it("names the wire's colours as global.css's custom properties", () => {
    expect(cssVariable('bg')).toBe('--bg');
    expect(cssVariable('bgRaised')).toBe('--bg-raised');
    expect(cssVariable('accentInk')).toBe('--accent-ink');
  });

  it('sets every colour, the font stack and the colour scheme on :root', () => {
    applyTheme(LIGHT_THEME);
    const names = ['--bg', '--bg-raised', '--bg-card', '--line', '--text', '--muted', '--accent', '--accent-ink'];
    const set = Object.fromEntries(
      [...names, '--brand', '--danger'].map((name) => [name, root.style.getPropertyValue(name)]),
    );
    expect(set).toEqual({
      '--bg': '#f5f3fa', '--bg-raised': '#ffffff', '--bg-card': '#ffffff', '--line': '#d9d2ea',
      '--text': '#1d1537', '--muted': '#595272', '--accent': '#0f766e', '--accent-ink': '#ffffff',
      '--brand': '#6d28d9', '--danger': '#b42318',
    });
    expect(root.style.fontFamily).toBe(LIGHT_THEME.fontStack);
    expect(root.style.colorScheme).toBe('light');
    expect(root.dataset.colorScheme).toBe('light');
  });

  it("swaps index.html's favicon for the brand's and makes the browser chrome follow --bg", () => {
    document.head.innerHTML =
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg"><meta name="theme-color" content="#0b1220">';
    applyTheme(LIGHT_THEME);
    const icons = document.head.querySelectorAll<HTMLLinkElement>('link[rel="icon"]');
    expect(icons).toHaveLength(1);
    expect(icons[0]!.href).toBe(svgDataUrl(LIGHT_THEME.faviconSvg));
    expect(decodeURIComponent(icons[0]!.href.split(',')[1]!)).toBe(LIGHT_THEME.faviconSvg);
    const metas = document.head.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]');
    expect(metas).toHaveLength(1);
    expect(metas[0]!.content).toBe('#f5f3fa');
  });

  it('adds the favicon link and theme-color when the page has none', () => {
    applyTheme(LIGHT_THEME);
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="icon"]')?.type).toBe('image/svg+xml');
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content).toBe('#f5f3fa');
  });

  it('reads the theme from the status, and nothing before it', () => {
    expect(store.get(themeAtom)).toBeNull();
    store.set(statusAtom, statusWith(LIGHT_THEME));
    expect(store.get(themeAtom)).toBe(LIGHT_THEME);
  });
});
