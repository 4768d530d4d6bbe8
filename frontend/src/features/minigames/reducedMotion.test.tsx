// Under prefers-reduced-motion nothing falls: an open rain's envelopes are a plain row of buttons, and the
// wheel lands on its prize without spinning.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { fakeServer, renderAt, setUp } from '../../testing/portalTest';
import { MiniGameWidget } from './MiniGameWidget';
import { asMember, detail, game, rain } from './testSupport';

vi.mock('../../realtime/socket', () => ({ onEvent: () => () => undefined }));

beforeAll(async () => {
  // Before framer-motion first asks: it reads the preference once.
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }),
  });
  await setUp();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('reduced motion', () => {
  it('lists the envelopes as buttons instead of letting them fall, and each still grabs', async () => {
    asMember();
    const open = rain({ left: 4 });
    const server = fakeServer(({ method, path }) => {
      if (path === '/wps/minigames') return { value: { rains: [open], games: [] } };
      if (method === 'GET' && path === '/wps/minigames/rains/7') return { value: detail(open) };
      if (method === 'POST' && path === '/wps/minigames/rains/7/grab') return { value: { seq: 0, amount: '0.50', left: 3, myGrabs: 1, myLimit: 3 } };
      return { value: {} };
    });
    renderAt('/', <MiniGameWidget />);
    fireEvent.click(await screen.findByTestId('mini-game-rain'));
    const sheet = await screen.findByTestId('rain-sheet');
    expect(within(sheet).queryByTestId('rain-sky')).toBeNull();
    const list = within(sheet).getByTestId('rain-envelope-list');
    expect(within(list).getAllByRole('button', { name: 'Grab an envelope' })).toHaveLength(4);
    fireEvent.click(within(list).getAllByRole('button')[0]!);
    expect(await within(sheet).findByText('+P 0.50')).toBeTruthy();
    expect(server.calls('/wps/minigames/rains/7/grab', 'POST')).toHaveLength(1);
    expect(within(list).getAllByRole('button')).toHaveLength(3);
  });

  it('shows the wheel\'s prize at once', async () => {
    asMember();
    const wheel = game();
    fakeServer(({ method, path }) => {
      if (path === '/wps/minigames') return { value: { rains: [], games: [wheel] } };
      if (method === 'POST' && path === '/wps/minigames/games/4/play') {
        return { value: { playId: 1, prizeIndex: 2, prize: wheel.prizes[2], nonce: 0, seedHash: 'c0ffee', playsLeft: 1 } };
      }
      return { value: {} };
    });
    renderAt('/', <MiniGameWidget />);
    fireEvent.click(await screen.findByTestId('mini-game-game'));
    const sheet = await screen.findByTestId('wheel-sheet');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Spin' }));
    expect((await within(sheet).findByText('You won 100 points!')).closest('[aria-live]')).toBeTruthy();
  });
});
