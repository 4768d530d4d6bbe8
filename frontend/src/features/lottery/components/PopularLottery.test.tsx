import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { call } from '../../../api/client';
import { languageAtom } from '../../../state/atoms';
import { store } from '../../../state/store';
import type { GameMenuItem } from '../api';
import { PopularLottery } from './PopularLottery';

vi.mock('../../../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client')>()),
  call: vi.fn(),
}));
vi.mock('../../../i18n/react', () => ({
  useTranslation: () => ({ t: (key: string, values?: object) => `t:${key}${values ? JSON.stringify(values) : ''}` }),
}));
const mockedCall = vi.mocked(call);

function game(gameCode: string, intervalSeconds: number | null, special?: string[], tier = 'special'): GameMenuItem {
  return {
    gameCode,
    name: `Name ${gameCode}`,
    intervalSeconds,
    lastOpened: special ? { issueNo: '20261124-0001', tiers: [{ tier, numbers: special }] } : null,
  } as GameMenuItem;
}

function renderHome() {
  const router = createMemoryRouter([{ path: '/', element: <PopularLottery /> }], { initialEntries: ['/'] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

beforeEach(() => {
  mockedCall.mockReset();
  store.set(languageAtom, 'VI');
});
afterEach(cleanup);

describe('PopularLottery', () => {
  it('asks for the popular games in the page language and links each to its lottery page', async () => {
    mockedCall.mockResolvedValue({ list: [game('vn-fast-1m', 60, ['12345']), game('vn-north', null)] } as never);
    renderHome();
    await act(async () => undefined);
    expect(mockedCall).toHaveBeenCalledWith('/lgw/games/popular', {
      query: { count: 20, device: 'WEB', language: 'VI' },
    });
    const fast = screen.getByTestId('lottery-popular-vn-fast-1m');
    expect(fast.getAttribute('href')).toBe('/lottery?gameCode=vn-fast-1m');
    expect(fast.textContent).toContain('12345');
    expect(fast.textContent).toContain('t:lottery.everyMinutes{"minutes":1}');
    expect(screen.getByTestId('lottery-popular-vn-north').textContent).toContain('t:lottery.daily');
  });

  it('shows every game it is given, each number named, and all five balls of a 5D draw', async () => {
    const nine = Array.from({ length: 8 }, (_, i) => game(`g${i}`, 60));
    const five = game('elott-5d-1m', 60, ['9', '8', '7', '1', '2'], 'balls');
    mockedCall.mockResolvedValue({ list: [...nine, five] } as never);
    renderHome();
    await act(async () => undefined);
    expect(screen.getAllByRole('link')).toHaveLength(9);
    const result = screen.getByTestId('lottery-popular-result-elott-5d-1m');
    const label = result.querySelector('.lot-popular-label')?.textContent ?? '';
    expect(label).toContain('t:home.popularLast');
    expect(label).toContain('lottery.tiers.balls');
    expect(label).toContain('"issueNo":"20261124-0001"');
    expect([...result.querySelectorAll('.lot-popular-number')].map((n) => n.textContent)).toEqual(['9', '8', '7', '1', '2']);
  });

  it('shows nothing when the call fails', async () => {
    mockedCall.mockRejectedValue(new Error('down'));
    renderHome();
    await act(async () => undefined);
    expect(screen.queryByTestId('lottery-popular')).toBeNull();
  });
});
