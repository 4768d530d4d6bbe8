import { act, cleanup, render } from '@testing-library/react';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setRequestContext } from '../../api/client';
import { autoTransferAtom, iframeUrlAtom } from '../../features/games/atoms';
import { store } from '../../state/store';
import GamePage from './GamePage';

vi.mock('../../i18n/react', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

// Every call the page makes, with what the browser would send.
const calls: { url: string; init: RequestInit }[] = [];

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      const value = url === '/wps/game/leaveGame' ? { returned: '507.00', sumBalance: '507.00' } : { sumBalance: '507.00' };
      return Promise.resolve(new Response(JSON.stringify({ success: true, value })));
    }),
  );
}

const leaves = () => calls.filter((c) => c.url === '/wps/game/leaveGame');

// The page at /game, in the browser's own history (the page reads window.location, as a real leave changes it).
function openGame(strict = false) {
  window.history.replaceState(null, '', '/game');
  const router = createMemoryRouter(
    [
      { path: '/game', element: <GamePage /> },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: ['/game'] },
  );
  const tree = (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return async (path: string) => {
    window.history.replaceState(null, '', path);
    await act(async () => router.navigate(path));
  };
}

beforeEach(() => {
  calls.length = 0;
  serve();
  setRequestContext(() => ({ merchant: 'demo2', token: 'member-token', language: 'EN' }));
  store.set(iframeUrlAtom, '/house/slot?token=t');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('leaving a game whose wallet was filled automatically', () => {
  it('sends the money back when the player goes to another page, with the session header, keepalive', async () => {
    store.set(autoTransferAtom, true);
    const go = openGame(true); // React's development double mount is not a leaving
    expect(leaves()).toHaveLength(0);
    await go('/');
    expect(leaves()).toHaveLength(1);
    const { init } = leaves()[0]!;
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect((init.headers as Record<string, string>).Authorization).toBe('member-token');
    expect((init.headers as Record<string, string>).Merchant).toBe('demo2');
  });

  it('sends it back when the tab goes (pagehide)', async () => {
    store.set(autoTransferAtom, true);
    openGame();
    await act(async () => window.dispatchEvent(new Event('pagehide')));
    expect(leaves()).toHaveLength(1);
    expect(leaves()[0]!.init.keepalive).toBe(true);
  });

  it('sends nothing where money is moved by hand or not at all', async () => {
    store.set(autoTransferAtom, false);
    const go = openGame();
    await act(async () => window.dispatchEvent(new Event('pagehide')));
    await go('/');
    expect(leaves()).toHaveLength(0);
  });
});
