import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';

import type { Brand } from '../../api/system';
import { brandAtom, statusAtom } from '../../state/atoms';
import { store } from '../../state/store';
import { BrandLogo } from './BrandLogo';
import { svgDataUrl } from './theme';
import { LIGHT_THEME, statusWith } from './themeFixtures';

afterEach(() => {
  cleanup();
  store.set(statusAtom, null);
  store.set(brandAtom, null);
});

const show = (element = <BrandLogo />) => render(<Provider store={store}>{element}</Provider>);

describe('BrandLogo', () => {
  it("shows the brand's logo, named by the brand, in a fixed box", () => {
    store.set(brandAtom, { name: 'Second Brand' } as Brand);
    store.set(statusAtom, statusWith(LIGHT_THEME));
    show(<BrandLogo size={40} />);
    const logo = screen.getByRole('img', { name: 'Second Brand' });
    expect(logo.getAttribute('src')).toBe(svgDataUrl(LIGHT_THEME.logoSvg));
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['40', '40']);
  });

  it("shows today's logo until the theme arrives, then the brand's", () => {
    store.set(brandAtom, { name: 'Demo Casino' } as Brand);
    show();
    expect(screen.getByRole('img', { name: 'Demo Casino' }).getAttribute('src')).toBe('/favicon.svg');
    act(() => store.set(statusAtom, statusWith(LIGHT_THEME)));
    expect(screen.getByRole('img', { name: 'Demo Casino' }).getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  });

  it('with the name beside it, the name is the text and the image is not read twice', () => {
    store.set(brandAtom, { name: 'Demo Casino' } as Brand);
    show(<BrandLogo withName />);
    expect(screen.getByTestId('brand-logo').textContent).toBe('Demo Casino');
    expect(screen.queryByRole('img', { name: 'Demo Casino' })).toBeNull();
    expect(screen.getByTestId('brand-logo').querySelector('img')?.getAttribute('alt')).toBe('');
  });
});
