// Player protection while a game is open (issue 34): the reality check every N minutes from the login
// session's start, with the time played and the session's net result read as it opens; Continue (or Escape)
// until the next one, Stop leaves the game; at the session time limit the game closes and the limit's dialog
// shows, as it does for a launch refused with SESSION_LIMIT.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../api/client';
import { autoTransferAtom, iframeUrlAtom } from '../../features/games/atoms';
import type { PlaySession } from '../../features/protection/play/api';
import { isAgentAtom, type MemberInfo, memberAtom } from '../../state/account';
import { brandAtom, languageAtom, tokenAtom } from '../../state/atoms';
import type { Brand } from '../../api/system';
import { memberCentreAtom } from '../../state/memberCentre';
import { sessionLimitAtom, sessionLimitOf } from '../../state/sessionLimit';
import { store } from '../../state/store';
import { fakeServer, setUp } from '../../testing/portalTest';
import GamePage from '../pages/GamePage';
import { isGameOpen, PlayProtection } from './PlayProtection';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 11, 15, 12, 0, 0);

beforeAll(async () => {
  await setUp();
  // The guard's chunk, loaded once before the clock is faked.
  await import('../../features/protection/play/PlayGuard');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(T0);
  store.set(brandAtom, { merchantCode: 'demo', currencySymbol: 'P' } as Brand);
  store.set(languageAtom, 'EN');
  store.set(tokenAtom, 'member-token');
  store.set(isAgentAtom, 0);
  store.set(memberAtom, { id: 5, nickname: 'Amelia', userName: 'amelia', isAgent: 0 } as unknown as MemberInfo);
  store.set(iframeUrlAtom, '/house/play?token=t');
  store.set(autoTransferAtom, false);
  store.set(sessionLimitAtom, null);
  store.set(memberCentreAtom, null);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function figures(overrides: Partial<PlaySession> = {}): PlaySession {
  return {
    startedAt: T0,
    staked: '12.00',
    won: '5.00',
    net: '-7.00',
    realityCheckMinutes: 30,
    sessionEndsAt: null,
    ...overrides,
  };
}

function serve(answer: () => PlaySession) {
  return fakeServer(({ path }) => {
    if (path === '/wps/protection/play-session') return { value: answer() };
    if (path === '/wps/game/leaveGame') return { value: { returned: '0.00', sumBalance: '0.00' } };
    return undefined;
  });
}

// The portal's layout in small: the page, and the member's overlays beside it on every page.
function openGame(path = '/game') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <PlayProtection />
          </>
        ),
        children: [
          { path: '/game', element: <GamePage /> },
          { path: '/lottery', element: <p>lottery page</p> },
          { path: '/', element: <p>home page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  // The game has loaded (its loader's spinner would otherwise turn through every faked frame).
  const frame = screen.queryByTestId('game-iframe');
  if (frame) fireEvent.load(frame);
  return router;
}

// Lets the clock run, the calls answer and React render.
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

const dialog = () => screen.queryByTestId('reality-check');

describe('the reality check', () => {
  it('opens every N minutes from the session start with the time played and the net result; Continue closes it until the next', async () => {
    let staked = 12;
    const server = serve(() => figures({ staked: `${staked}.00`, net: `${5 - staked}.00` }));
    openGame();
    await pass(0);
    expect(server.calls('/wps/protection/play-session')).toHaveLength(1);
    await pass(30 * MINUTE - 1000);
    expect(dialog()).toBeNull();

    staked = 20;
    await pass(1000);
    const check = screen.getByTestId('reality-check');
    expect(check.getAttribute('role')).toBe('dialog');
    expect(check.getAttribute('aria-modal')).toBe('true');
    const title = document.getElementById(check.getAttribute('aria-labelledby')!);
    expect(title?.textContent).toBe('Reality check');
    expect(screen.getByTestId('reality-played').textContent).toBe('0:30');
    // The figures are read as it opens.
    expect(server.calls('/wps/protection/play-session')).toHaveLength(2);
    expect(screen.getByTestId('reality-net').textContent).toBe('-P 15.00');
    expect(screen.getByTestId('reality-staked').textContent).toBe('P 20.00');
    expect(document.activeElement).toBe(screen.getByTestId('reality-continue'));
    // The game stays under it.
    expect(screen.getByTestId('game-iframe')).toBeTruthy();

    fireEvent.click(screen.getByTestId('reality-continue'));
    await pass(0);
    expect(dialog()).toBeNull();
    await pass(30 * MINUTE - 1000);
    expect(dialog()).toBeNull();
    await pass(1000);
    expect(screen.getByTestId('reality-played').textContent).toBe('1:00');

    // Escape is Continue.
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await pass(0);
    expect(dialog()).toBeNull();
    await pass(30 * MINUTE);
    expect(screen.getByTestId('reality-played').textContent).toBe('1:30');
  });

  it('counts from the login session, which may have started before the game', async () => {
    serve(() => figures({ startedAt: T0 - 50 * MINUTE, realityCheckMinutes: 60, net: '3.50' }));
    openGame();
    await pass(10 * MINUTE - 1000);
    expect(dialog()).toBeNull();
    await pass(1000);
    expect(screen.getByTestId('reality-played').textContent).toBe('1:00');
    expect(screen.getByTestId('reality-net').textContent).toBe('P 3.50');
  });

  it('Stop playing leaves the game: home, and the game view closed', async () => {
    store.set(autoTransferAtom, true);
    const server = serve(() => figures());
    const router = openGame();
    await pass(30 * MINUTE);
    fireEvent.click(screen.getByTestId('reality-stop'));
    await pass(0);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('home page')).toBeTruthy();
    expect(dialog()).toBeNull();
    expect(store.get(iframeUrlAtom)).toBeNull();
    expect(sessionStorage.getItem('iframeUrl')).toBeNull();
    // Nothing more is checked once no game is open.
    await pass(60 * MINUTE);
    expect(dialog()).toBeNull();
    expect(server.calls('/wps/protection/play-session')).toHaveLength(2);
  });

  it('runs on the lottery pages too, and not for a trial account', async () => {
    serve(() => figures());
    openGame('/lottery');
    await pass(30 * MINUTE);
    expect(screen.getByTestId('reality-check')).toBeTruthy();
    cleanup();

    store.set(isAgentAtom, 4);
    const server = serve(() => figures());
    openGame();
    await pass(30 * MINUTE);
    expect(dialog()).toBeNull();
    expect(server.calls('/wps/protection/play-session')).toHaveLength(0);
  });

  it('tries a failed read again a minute later', async () => {
    let down = true;
    const server = fakeServer(({ path }) => {
      if (path !== '/wps/protection/play-session') return undefined;
      return down ? { status: 503, errorCode: 'SERVICE_UNAVAILABLE' } : { value: figures() };
    });
    openGame();
    await pass(0);
    down = false;
    await pass(MINUTE);
    expect(server.calls('/wps/protection/play-session')).toHaveLength(2);
    await pass(29 * MINUTE);
    expect(screen.getByTestId('reality-played').textContent).toBe('0:30');
  });

  it('reads the figures again when the member centre closes (a changed interval)', async () => {
    let minutes = 30;
    serve(() => figures({ realityCheckMinutes: minutes }));
    openGame();
    await pass(MINUTE);
    act(() => store.set(memberCentreAtom, 'securityCenter'));
    minutes = 15;
    act(() => store.set(memberCentreAtom, null));
    await pass(14 * MINUTE - 1000);
    expect(dialog()).toBeNull();
    await pass(1000);
    expect(screen.getByTestId('reality-played').textContent).toBe('0:15');
  });
});

describe('the session time limit', () => {
  it('closes the game at sessionEndsAt and says the limit is reached, with no way to continue', async () => {
    serve(() => figures({ realityCheckMinutes: 60, sessionEndsAt: T0 + 45 * MINUTE }));
    const router = openGame();
    await pass(45 * MINUTE - 1000);
    expect(screen.queryByTestId('session-limit-dialog')).toBeNull();
    expect(screen.getByTestId('game-iframe')).toBeTruthy();
    await pass(1000);
    expect(router.state.location.pathname).toBe('/');
    expect(store.get(iframeUrlAtom)).toBeNull();
    const limit = screen.getByTestId('session-limit-dialog');
    expect(limit.getAttribute('role')).toBe('dialog');
    expect(limit.textContent).toContain('You have reached the session time limit you set');
    expect(screen.queryByTestId('reality-continue')).toBeNull();
    fireEvent.click(screen.getByTestId('session-limit-close'));
    await pass(0);
    expect(screen.queryByTestId('session-limit-dialog')).toBeNull();
  });

  it('closes a game opened after the limit at once', async () => {
    serve(() => figures({ sessionEndsAt: T0 - MINUTE }));
    const router = openGame();
    await pass(0);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByTestId('session-limit-dialog')).toBeTruthy();
  });

  it('shows the same dialog for a launch refused with SESSION_LIMIT', async () => {
    serve(() => figures());
    store.set(iframeUrlAtom, null);
    openGame('/');
    const refusal = new ApiError('SESSION_LIMIT', 'Your session time limit is reached', 403, { endsAt: T0 });
    expect(sessionLimitOf(refusal)).toEqual({ endsAt: T0 });
    expect(sessionLimitOf(new ApiError('LIMIT_LOSS', '', 409, {}))).toBeNull();
    act(() => store.set(sessionLimitAtom, sessionLimitOf(refusal)));
    await pass(0);
    expect(screen.getByTestId('session-limit-dialog').textContent).toContain('Session time limit reached');
  });
});

describe('where a game is open', () => {
  it('is /game with a launched game, and the lottery pages', () => {
    expect(isGameOpen('/game', '/house/play?token=t')).toBe(true);
    expect(isGameOpen('/game', null)).toBe(false);
    expect(isGameOpen('/vnlottery', null)).toBe(true);
    expect(isGameOpen('/', '/house/play?token=t')).toBe(false);
  });
});
