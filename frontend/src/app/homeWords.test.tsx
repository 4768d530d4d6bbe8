// The brand's own words on the home page and in the footer, as the status call carries them (figures already
// filled by the server): the reader's language, else the brand's default, else English; a brand that wrote
// none gets a neutral title and nothing else. Nothing on either links to a page that is not built.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Brand, SystemStatus } from '../api/system';
import { fakeServer, renderAt, setUp } from '../testing/portalTest';
import { vendorsAtom } from '../features/games/atoms';
import { type BrandWords, pickWords } from '../features/system/brandHome';
import { LIGHT_THEME, statusWith } from '../features/system/themeFixtures';
import { brandAtom, languageAtom, statusAtom } from '../state/atoms';
import { store } from '../state/store';
import { Footer } from './layouts/Footer';
import HomePage from './pages/HomePage';
import { routes } from './routes';

const words = (heroTitle: string, chips: string[] = [], footerAbout = '', heroSubtitle = ''): BrandWords => ({
  heroTitle,
  heroSubtitle,
  chips,
  footerAbout,
});
const WORDS: Record<string, BrandWords> = {
  EN: words('Welcome to Second Brand', ['25 games', '6 slots', '5 live tables'], 'Second Brand is a demo.', 'Slots.'),
  TH: words('ยินดีต้อนรับสู่ Second Brand', ['25 เกม'], 'Second Brand เป็นแบรนด์สาธิต'),
  JA: words('Second Brand へようこそ'),
};

function withWords(homeContent: Record<string, BrandWords>) {
  const status = statusWith(LIGHT_THEME);
  store.set(statusAtom, { ...status, info: { ...status.info, homeContent } } as SystemStatus);
}

// A link whose address only the route table's catch-all takes leads to the not-found page.
const leadsNowhere = (href: string) => matchRoutes(routes, href.split(/[?#]/)[0]!)?.at(-1)?.route.path === '*';
const hrefs = () => screen.queryAllByRole('link').map((link) => link.getAttribute('href') ?? '');

beforeAll(setUp);
beforeEach(() => {
  store.set(brandAtom, { merchantCode: 'demo2', name: 'Second Brand', defaultLanguage: 'EN' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(vendorsAtom, null);
  withWords(WORDS);
  fakeServer(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  store.set(statusAtom, null);
  store.set(languageAtom, 'EN');
});

describe('the home hero', () => {
  it("shows the brand's title, subtitle and chips, and no jackpot", () => {
    renderAt('/', <HomePage />);
    const hero = screen.getByTestId('home-hero');
    expect(within(hero).getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Second Brand');
    expect(within(hero).getByText('Slots.')).toBeTruthy();
    expect(within(screen.getByTestId('hero-chips')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '25 games',
      '6 slots',
      '5 live tables',
    ]);
    expect(screen.queryByTestId('jackpot')).toBeNull();
    expect(hrefs().filter(leadsNowhere)).toEqual([]);
  });

  it("follows the reader's language, else the brand's default, else English", () => {
    store.set(languageAtom, 'TH');
    renderAt('/', <HomePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ยินดีต้อนรับสู่ Second Brand');
    expect(screen.getByTestId('hero-chips').textContent).toBe('25 เกม');
    // Japanese words carry a title only: no subtitle, no chips.
    cleanup();
    store.set(languageAtom, 'JA');
    renderAt('/', <HomePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Second Brand へようこそ');
    expect(screen.queryByTestId('hero-chips')).toBeNull();
    expect(document.querySelector('.hero-subtitle')).toBeNull();

    expect(pickWords(WORDS, 'VI', 'TH')?.heroTitle).toBe('ยินดีต้อนรับสู่ Second Brand');
    expect(pickWords(WORDS, 'VI', 'PT')?.heroTitle).toBe('Welcome to Second Brand');
    expect(pickWords({ JA: WORDS.JA! }, 'VI', 'PT')?.heroTitle).toBe('Second Brand へようこそ');
    expect(pickWords({}, 'EN', 'EN')).toBeNull();
  });

  it('has a neutral title and nothing else when the brand wrote no words', () => {
    withWords({});
    renderAt('/', <HomePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Second Brand');
    expect(screen.queryByTestId('hero-chips')).toBeNull();
    expect(document.querySelector('.hero-subtitle')).toBeNull();
  });

  it('shows words as the text they are, never as markup', () => {
    withWords({ EN: words('<b>Big</b> <img src=x onerror=alert(1)>', ['<i>chip</i>']) });
    renderAt('/', <HomePage />);
    const hero = screen.getByTestId('home-hero');
    expect(hero.querySelector('b, img, i')).toBeNull();
    expect(within(hero).getByRole('heading', { level: 1 }).textContent).toBe('<b>Big</b> <img src=x onerror=alert(1)>');
  });

  it('offers a category tile only where the brand has a vendor, once the vendor list has come', async () => {
    renderAt('/', <HomePage />);
    const tiles = () => document.querySelectorAll('.category-tile').length;
    expect(tiles()).toBe(8);
    store.set(vendorsAtom, { groups: { RNG: [], LIVE: [{}, {}] }, sorting: [] } as never);
    await waitFor(() => expect(tiles()).toBe(1));
    expect(screen.getByRole('link', { name: 'Live Casino' }).getAttribute('href')).toBe('/live');
  });
});

describe('the footer', () => {
  it("says what the brand says about itself, in the reader's language, and links only to built pages", () => {
    renderAt('/', <Footer />);
    expect(screen.getByTestId('footer-about').textContent).toBe('Second Brand is a demo.');
    expect(screen.queryByText(/best of Slot Games Site/)).toBeNull();
    expect(hrefs().filter(leadsNowhere)).toEqual([]);
    expect(hrefs()).toEqual(expect.arrayContaining(['/help', '/down', '/join', '/', '/noticePage', '/vip', '/pointMall']));
    cleanup();
    store.set(languageAtom, 'TH');
    renderAt('/', <Footer />);
    expect(screen.getByTestId('footer-about').textContent).toBe('Second Brand เป็นแบรนด์สาธิต');
  });

  it('has no about text when the brand wrote none', () => {
    withWords({ EN: words('Hello') });
    renderAt('/', <Footer />);
    expect(screen.queryByTestId('footer-about')).toBeNull();
  });
});
