import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { domAnimation, LazyMotion } from 'framer-motion';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { call } from '../../../api/client';
import type { Brand } from '../../../api/system';
import { accountModalAtom } from '../../../state/account';
import { brandAtom, languageAtom, tokenAtom } from '../../../state/atoms';
import { store } from '../../../state/store';
import type { Category, Game, GameListQuery, Vendor } from '../api';
import { vendorsAtom } from '../atoms';
import { FACETS_PAGE_SIZE } from '../facets';
import { FETCH_SIZE } from '../paging';
import { GameLobby } from './GameLobby';

vi.mock('../../../api/client', () => ({ call: vi.fn(), ApiError: class extends Error {} }));
vi.mock('../../../i18n/react', () => ({ useTranslation: () => ({ t: (key: string) => `t:${key}` }) }));
const mockedCall = vi.mocked(call);

// Every observer is told the sentinel/images are in view when the test says so.
const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
class FakeObserver {
  private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: [] };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  disconnect() {
    this.entry.targets = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}

function scrollToEnd() {
  act(() => {
    for (const o of observers) {
      const sentinel = o.targets.filter((t) => t.classList.contains('grid-sentinel'));
      if (sentinel.length) o.callback(sentinel.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry), {} as IntersectionObserver);
    }
  });
}

const vendor = (vassalage: string): Vendor => ({
  vassalage, displayName: vassalage, gameType: 'SLOT', category: 'RNG', isHot: 0, accountTypeName: null, singleGameId: null,
  allowsTrial: true,
});

// Slots whose minimum bets and lines differ, so that both SPEC §9 filters narrow the list.
const game = (gameId: number): Game => ({
  gameId, nodeId: 1, vassalage: 'PG', gameCode: `g-${gameId}`, name: `Game ${gameId}`, gameType: 'SLOT', category: 'RNG', thumbnail: `/t/${gameId}.svg`,
  minBet: gameId % 3 ? '1.00' : '2.50', lines: gameId % 2 ? 25 : 20, isHot: gameId === 1, isFavourite: false, roomId: null,
  accountTypeName: null, classification: null, allowsTrial: true,
});

const allCalls = () =>
  mockedCall.mock.calls
    .filter(([path]) => path === '/wps/relay/GCS_gameList')
    .map(([, options]) => options?.query as unknown as GameListQuery);
// The grid's pages (the lobby also reads the vendor's games once for its filter chips, facets.ts).
const listCalls = () => allCalls().filter((q) => q.pageSize === FETCH_SIZE);

const CATEGORIES = ['RNG'] as const;
let catalogue: Game[] = [];

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  store.set(brandAtom, { merchantCode: 'demo' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, null);
  store.set(accountModalAtom, null);
  store.set(vendorsAtom, { groups: { RNG: [vendor('PG'), vendor('JILI')] }, sorting: [{ gameCategory: 'RNG', vendors: ['PG', 'JILI'] }] });
  catalogue = Array.from({ length: 50 }, (_, i) => game(i + 1));
  mockedCall.mockImplementation((path, options) => {
    if (path === '/wps/relay/GCS_gameList') {
      const q = options?.query as unknown as GameListQuery;
      const games = catalogue.slice((q.pageNo - 1) * q.pageSize, q.pageNo * q.pageSize);
      const total = catalogue.length;
      return Promise.resolve({ games, pageNum: q.pageNo, totalPages: Math.ceil(total / q.pageSize), total } as never);
    }
    return Promise.resolve({ list: [] } as never);
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  mockedCall.mockReset();
});

function renderLobby(path = '/rng?page=JILI', categories: readonly Category[] = CATEGORIES) {
  const lobby = path.split('?')[0]!;
  const router = createMemoryRouter(
    [{ path: lobby, element: <GameLobby path={lobby} categories={categories} titleKey="categories.RNG" /> }],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <LazyMotion features={domAnimation} strict>
        <RouterProvider router={router} />
      </LazyMotion>
    </Provider>,
  );
  return router;
}

describe('GameLobby', () => {
  it('opens on the ?page vendor and shows 21 games, then 18 more at the end of the grid', async () => {
    renderLobby();
    await screen.findByTestId('game-card-21');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('JILI');
    expect(screen.getAllByTestId(/^game-card-/)).toHaveLength(21);
    expect(screen.getByTestId('game-card-5').getAttribute('data-game-name')).toBe('Game 5');
    expect(listCalls()[0]).toMatchObject({ vassalage: 'JILI', pageNo: 1, pageSize: 21, clientType: 3 });
    scrollToEnd();
    await screen.findByTestId('game-card-39');
    expect(screen.getAllByTestId(/^game-card-/)).toHaveLength(39);
    expect(listCalls().map((q) => q.pageNo)).toEqual([1, 2]);
  });

  it('searches by name after typing pauses, and filters by min bet and lines', async () => {
    renderLobby();
    await screen.findByTestId('game-card-1');
    vi.useFakeTimers();
    fireEvent.change(screen.getByTestId('lobby-search'), { target: { value: 'Gold' } });
    fireEvent.change(screen.getByTestId('lobby-search'), { target: { value: 'Golden' } });
    await act(async () => vi.advanceTimersByTime(299));
    expect(listCalls().some((q) => q.gameName)).toBe(false);
    await act(async () => vi.advanceTimersByTime(1));
    expect(listCalls().filter((q) => q.gameName)).toEqual([expect.objectContaining({ gameName: 'Golden', pageNo: 1 })]);
    vi.useRealTimers();
    fireEvent.click(screen.getByTestId('filter-minbet'));
    fireEvent.click(screen.getByTestId('filter-lines'));
    await act(async () => undefined);
    expect(listCalls().at(-1)).toMatchObject({ gameName: 'Golden', minBet: '1', minLineNum: 25, pageNo: 1 });
    expect(screen.getByTestId('filter-minbet').getAttribute('aria-pressed')).toBe('true');
  });

  it('asks a visitor to log in when the heart is pressed', async () => {
    renderLobby();
    fireEvent.click(await screen.findByTestId('fav-3'));
    expect(mockedCall.mock.calls.some(([path]) => path === '/wps/relay/GCS_favourite')).toBe(false);
    expect(store.get(accountModalAtom)).toBe('login');
  });

  it('reads the vendor\'s games once for its chips, and shows the SPEC §9 filters where they narrow the list', async () => {
    renderLobby();
    await screen.findByTestId('filter-minbet');
    expect(screen.getByTestId('filter-lines')).toBeTruthy();
    expect(allCalls().filter((q) => q.pageSize === FACETS_PAGE_SIZE)).toEqual([
      expect.objectContaining({ vassalage: 'JILI', pageNo: 1, category: 'RNG' }),
    ]);
    // Slots have no live classification: no classification chips at all.
    expect(screen.queryByTestId('class-all')).toBeNull();
  });

  it('has no lines chip when no game has lines, nor a min-bet chip when every game already passes it', async () => {
    catalogue = catalogue.map((g) => ({ ...g, lines: null, minBet: '0.10', classification: 'Roulette' }));
    renderLobby();
    // The chips are known once the classification chip shows.
    await screen.findByTestId('class-roulette');
    expect(screen.queryByTestId('filter-lines')).toBeNull();
    expect(screen.queryByTestId('filter-minbet')).toBeNull();
  });

  it('offers only the classifications the live games have, and filters the grid by one', async () => {
    const classes = ['Baccarat', 'Sicbo', 'Baccarat', 'Dragon Tiger'];
    catalogue = classes.map((classification, i) => ({
      ...game(i + 1), category: 'LIVE', lines: null, minBet: '1.00', classification,
    }));
    store.set(vendorsAtom, {
      groups: { LIVE: [{ ...vendor('HOUSE_LIVE'), category: 'LIVE' }] },
      sorting: [{ gameCategory: 'LIVE', vendors: ['HOUSE_LIVE'] }],
    });
    renderLobby('/live?page=HOUSE_LIVE', ['LIVE']);
    await screen.findByTestId('class-sicbo');
    const chips = screen.getAllByTestId(/^class-/).map((chip) => chip.getAttribute('data-testid'));
    expect(chips).toEqual(['class-all', 'class-baccarat', 'class-sicbo', 'class-dragonTiger']);
    expect(screen.queryByTestId('class-roulette')).toBeNull();
    expect(screen.queryByTestId('filter-lines')).toBeNull();
    expect(screen.queryByTestId('filter-minbet')).toBeNull();
    fireEvent.click(screen.getByTestId('class-baccarat'));
    await act(async () => undefined);
    expect(screen.getAllByTestId(/^game-card-/).map((card) => card.getAttribute('data-game-name'))).toEqual([
      'Game 1',
      'Game 3',
    ]);
  });

  it('shows the house vendor\'s logo on its tab, at a fixed size, and none for other vendors', async () => {
    store.set(vendorsAtom, {
      groups: { RNG: [vendor('HOUSE_RNG'), vendor('PG')] },
      sorting: [{ gameCategory: 'RNG', vendors: ['HOUSE_RNG', 'PG'] }],
    });
    renderLobby('/rng?page=HOUSE_RNG');
    const logo = await screen.findByTestId('vendor-logo-HOUSE_RNG');
    expect(logo.getAttribute('src')).toBe('/house/logo/HOUSE_RNG.svg');
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['20', '20']);
    expect(screen.getByTestId('vendor-tab-HOUSE_RNG').textContent).toBe('HOUSE_RNG');
    expect(screen.queryByTestId('vendor-logo-PG')).toBeNull();
  });

  it('asks for the house thumbnail in the portal\'s language and names the picture after the game', async () => {
    store.set(languageAtom, 'CN');
    catalogue = [
      { ...game(1), name: '金龙', thumbnail: '/house/thumb/slot-golden-dragon.svg' },
      { ...game(2), thumbnail: 'https://cdn.example/pg/2.png' },
    ];
    renderLobby();
    const card = await screen.findByTestId('game-card-1');
    act(() => {
      for (const o of observers) {
        const images = o.targets.filter((t) => t.tagName === 'IMG');
        if (images.length) o.callback(images.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry), {} as IntersectionObserver);
      }
    });
    const image = card.querySelector('img')!;
    expect(image.getAttribute('alt')).toBe('金龙');
    expect(image.getAttribute('src')).toBe('/house/thumb/slot-golden-dragon.svg?lang=cn');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['320', '240']);
    const other = screen.getByTestId('game-card-2').querySelector('img')!;
    expect(other.getAttribute('src')).toBe('https://cdn.example/pg/2.png');
    expect(other.getAttribute('alt')).toBe('Game 2');
  });
});
