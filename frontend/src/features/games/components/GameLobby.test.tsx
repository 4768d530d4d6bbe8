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
import type { Game, GameListQuery, Vendor } from '../api';
import { vendorsAtom } from '../atoms';
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
});

const game = (gameId: number): Game => ({
  gameId, nodeId: 1, vassalage: 'PG', gameCode: `g-${gameId}`, name: `Game ${gameId}`, gameType: 'SLOT', category: 'RNG', thumbnail: `/t/${gameId}.svg`,
  minBet: '1.00', lines: 25, isHot: gameId === 1, isFavourite: false, roomId: null, accountTypeName: null, classification: null,
});

const listCalls = () =>
  mockedCall.mock.calls
    .filter(([path]) => path === '/wps/relay/GCS_gameList')
    .map(([, options]) => options?.query as unknown as GameListQuery);

const CATEGORIES = ['RNG'] as const;

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  store.set(brandAtom, { merchantCode: 'demo' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, null);
  store.set(accountModalAtom, null);
  store.set(vendorsAtom, { groups: { RNG: [vendor('PG'), vendor('JILI')] }, sorting: [{ gameCategory: 'RNG', vendors: ['PG', 'JILI'] }] });
  mockedCall.mockImplementation((path, options) => {
    if (path === '/wps/relay/GCS_gameList') {
      const q = options?.query as unknown as GameListQuery;
      const all = Array.from({ length: 50 }, (_, i) => game(i + 1));
      const games = all.slice((q.pageNo - 1) * q.pageSize, q.pageNo * q.pageSize);
      return Promise.resolve({ games, pageNum: q.pageNo, totalPages: Math.ceil(50 / q.pageSize), total: 50 } as never);
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

function renderLobby(path = '/rng?page=JILI') {
  const router = createMemoryRouter(
    [{ path: '/rng', element: <GameLobby path="/rng" categories={CATEGORIES} titleKey="categories.RNG" /> }],
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
});
