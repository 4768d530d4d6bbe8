// The home page's brand images and words: the hero's background, the brand's banners in the carousel when the
// merchant has published none (previous and next, dots, keys, auto-advance and reduced motion), and the
// brand's own words in the hero and the footer, in the reader's language.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Brand } from '../api/system';
import { ADVANCE_MS, BannerCarousel } from '../features/content/components/BannerCarousel';
import { HomeNotices } from '../features/content/components/HomeNotices';
import { fakeServer, installPointerEvents, renderAt, setUp } from '../testing/portalTest';
import { useBrandBanners, useBrandHero } from '../features/system/brandHome';
import { LIGHT_THEME, statusWith } from '../features/system/themeFixtures';
import { brandAtom, statusAtom } from '../state/atoms';
import { store } from '../state/store';

const WELCOME = 'Open your account at Second Brand';
const GAMES = 'Slots, live casino and card games at Second Brand';
const LOTTERY = 'Lottery draws at Second Brand';

function BrandCarousel() {
  return <BannerCarousel banners={useBrandBanners()} />;
}

function BrandNotices() {
  return <HomeNotices fallbackBanners={useBrandBanners()} />;
}

function Hero() {
  const hero = useBrandHero();
  return <section data-testid="hero" className={hero.className} style={hero.style} />;
}

const current = () => document.querySelector('.banner-dot[aria-current="true"]')?.getAttribute('aria-label');
const shownAlt = () =>
  screen.getAllByRole('group', { hidden: true }).find((slide) => slide.getAttribute('aria-hidden') === 'false')
    ?.querySelector('img')
    ?.getAttribute('alt');

beforeAll(async () => {
  installPointerEvents();
  await setUp();
});
beforeEach(() => {
  store.set(brandAtom, { merchantCode: 'demo2', name: 'Second Brand' } as Brand);
  store.set(statusAtom, statusWith(LIGHT_THEME));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  store.set(statusAtom, null);
});

describe('the home hero', () => {
  it("has the brand's image as its background, and the plain hero without one", () => {
    render(<Provider store={store}><Hero /></Provider>);
    const hero = screen.getByTestId('hero');
    expect(hero.className).toBe('hero hero-branded');
    expect(hero.style.getPropertyValue('--hero-image')).toBe('url("/brand/demo2/hero.svg")');
    cleanup();
    store.set(statusAtom, statusWith({ ...LIGHT_THEME, heroImage: null }));
    render(<Provider store={store}><Hero /></Provider>);
    expect(screen.getByTestId('hero').className).toBe('hero');
    expect(screen.getByTestId('hero').getAttribute('style')).toBeNull();
  });
});

describe("the brand's banners", () => {
  it('fill the carousel when the merchant has none: described, sized, each leading to its page', async () => {
    fakeServer(({ path }) =>
      path === '/wps/system/notice' ? { value: { player: [], banners: [], popup: [], promotion: [] } } : undefined,
    );
    renderAt('/', <BrandNotices />);
    const carousel = await screen.findByTestId('banner-carousel');
    const images = within(carousel).getAllByRole('img', { hidden: true });
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([WELCOME, GAMES, LOTTERY]);
    expect(images.map((image) => image.getAttribute('src'))).toEqual(LIGHT_THEME.banners.map((b) => b.image));
    const boxes = images.map((image) => `${image.getAttribute('width')}x${image.getAttribute('height')}`);
    expect(boxes).toEqual(['1200x400', '1200x400', '1200x400']);
    const links = images.map((image) => image.closest('a')?.getAttribute('href'));
    expect(links).toEqual(['/register', '/rng', '/lottery']);
  });

  it("never show over the merchant's own banners", async () => {
    const own = { id: 7, title: 'Merchant banner', imageUrl: '/banner-slots.svg', linkUrl: null };
    const server = fakeServer(({ path }) =>
      path === '/wps/system/notice' ? { value: { player: [], banners: [own], popup: [], promotion: [] } } : undefined,
    );
    renderAt('/', <BrandNotices />);
    await waitFor(() => expect(screen.getByAltText('Merchant banner')).toBeTruthy());
    expect(server.calls('/wps/system/notice')).toHaveLength(1);
    expect(screen.queryByAltText(WELCOME)).toBeNull();
  });

  it('move with the previous and next buttons and the arrow keys, round and round', () => {
    renderAt('/', <BrandCarousel />);
    expect(shownAlt()).toBe(WELCOME);
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(shownAlt()).toBe(GAMES);
    expect(current()).toBe('Show banner 2');
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    expect(shownAlt()).toBe(LOTTERY);
    const next = screen.getByRole('button', { name: 'Next banner' });
    next.focus();
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(shownAlt()).toBe(WELCOME);
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(shownAlt()).toBe(LOTTERY);
    fireEvent.keyDown(next, { key: 'Enter' });
    expect(shownAlt()).toBe(LOTTERY);
  });

  it('advance by themselves, stop while hovered, and never under reduced motion', () => {
    vi.useFakeTimers();
    renderAt('/', <BrandCarousel />);
    act(() => vi.advanceTimersByTime(ADVANCE_MS));
    expect(shownAlt()).toBe(GAMES);
    fireEvent.pointerEnter(screen.getByTestId('banner-carousel'), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(ADVANCE_MS * 2));
    expect(shownAlt()).toBe(GAMES);
    cleanup();

    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    renderAt('/', <BrandCarousel />);
    expect(screen.getByTestId('banner-carousel').dataset.paused).toBe('true');
    act(() => vi.advanceTimersByTime(ADVANCE_MS * 3));
    expect(shownAlt()).toBe(WELCOME);
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(shownAlt()).toBe(GAMES);
  });
});
