// The launcher and the rain: nothing shows without games; the next rain counts down; an open rain's
// envelopes are grabbed one tap each (the amount pops up, envelopes left and the member's grabs follow the
// answer and the pushes); refusals are said by their code; a visitor is asked to log in; a closed rain's
// envelopes are recomputed in the browser from its seed.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { accountModalAtom } from '../../state/account';
import { store } from '../../state/store';
import { fakeServer, renderAt, setUp } from '../../testing/portalTest';
import type { MiniGames, RainDetail } from './api';
import { MiniGameWidget } from './MiniGameWidget';
import { clampOffset, PLACE_KEY } from './position';
import MiniGameSlot from './slot';
import { asMember, asVisitor, detail, game, rain } from './testSupport';

const socket = vi.hoisted(() => ({ handlers: new Map<string, (payload: unknown) => void>() }));
vi.mock('../../realtime/socket', () => ({
  onEvent: (name: string, handler: (payload: unknown) => void) => {
    socket.handlers.set(name, handler);
    return () => socket.handlers.delete(name);
  },
}));
const push = (payload: unknown) => act(() => socket.handlers.get('minigames:state')!(payload));

type Answer = { status?: number; value?: unknown; errorCode?: string };

function serve(list: MiniGames, rainDetail?: RainDetail, grab?: () => Answer) {
  return fakeServer(({ method, path }) => {
    if (method === 'GET' && path === '/wps/minigames') return { value: list };
    if (method === 'GET' && rainDetail && path === `/wps/minigames/rains/${rainDetail.id}`) return { value: rainDetail };
    if (method === 'POST' && rainDetail && path === `/wps/minigames/rains/${rainDetail.id}/grab`) return grab?.();
    if (path === '/wps/balance' || path.startsWith('/wps/member')) return { value: {} };
    return undefined;
  });
}

beforeAll(setUp);
beforeEach(() => asMember());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const openRainSheet = async () => {
  fireEvent.click(await screen.findByTestId('mini-game-rain'));
  return screen.findByTestId('rain-sheet');
};

describe('the mini-game launcher', () => {
  it('shows nothing when the merchant has no rain and no game', async () => {
    const server = serve({ rains: [], games: [] });
    renderAt('/', <MiniGameWidget />);
    await waitFor(() => expect(server.calls('/wps/minigames')).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByTestId('mini-game-launcher')).toBeNull();
  });

  it('counts down to the next rain, live, and lists the games with the plays left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const startsAt = Date.now() + 125_000;
    serve({ rains: [rain({ state: 'SCHEDULED', startsAt, endsAt: startsAt + 60_000, myWon: null })], games: [game()] });
    renderAt('/', <MiniGameWidget />);
    const status = await screen.findByTestId('mini-game-rain-status');
    expect(status.textContent).toBe('Starts in 02:05');
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(status.textContent).toBe('Starts in 02:03');
    const wheel = screen.getByTestId('mini-game-game');
    expect(wheel.textContent).toContain('Lucky wheel');
    expect(wheel.textContent).toContain('Plays left: 2');
  });

  it('collapses to one button, remembers it, and keeps its place inside the viewport', async () => {
    serve({ rains: [rain()], games: [] });
    renderAt('/', <MiniGameWidget />);
    fireEvent.click(await screen.findByRole('button', { name: 'Collapse the mini games' }));
    const fab = screen.getByRole('button', { name: 'Open the mini games' });
    expect(screen.getByTestId('mini-game-badge').textContent).toBe('LIVE');
    expect(JSON.parse(localStorage.getItem(PLACE_KEY)!)).toMatchObject({ collapsed: true });
    fireEvent.click(fab);
    expect(screen.getByTestId('mini-game-rain')).toBeTruthy();
    // 56 px at left 12, bottom 16 of a 390 x 844 phone: dragged 1,000 px right and up, it stops at the edges.
    const home = { left: 12, right: 68, top: 772, bottom: 828 };
    expect(clampOffset({ x: 1000, y: -1000 }, home, { width: 390, height: 844 })).toEqual({ x: 314, y: -764 });
    expect(clampOffset({ x: -50, y: 40 }, home, { width: 390, height: 844 })).toEqual({ x: -4, y: 8 });
  });

  it('starts as one small button, over nothing on the page', async () => {
    localStorage.removeItem(PLACE_KEY);
    serve({ rains: [rain()], games: [game()] });
    renderAt('/', <MiniGameWidget />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open the mini games' }));
    expect(screen.getByTestId('mini-game-rain')).toBeTruthy();
  });

  it('comes with its slot, after the page is idle', async () => {
    serve({ rains: [rain()], games: [] });
    const { container } = renderAt('/', <MiniGameSlot />);
    expect(container.querySelector('#mini-game-slot')).toBeTruthy();
    expect(await screen.findByTestId('mini-game-launcher', {}, { timeout: 3000 })).toBeTruthy();
    expect(container.querySelector('#mini-game-slot [data-testid="mini-game-launcher"]')).toBeTruthy();
  });
});

describe('the red-envelope rain', () => {
  it('grabs an envelope per tap: the amount pops up, envelopes left and my grabs follow', async () => {
    const open = rain();
    let seq = 0;
    const server = serve({ rains: [open], games: [] }, detail(open), () => {
      seq += 1;
      return { value: { seq: seq - 1, amount: '1.23', left: 10 - seq, myGrabs: seq, myLimit: 3 } };
    });
    renderAt('/', <MiniGameWidget />);
    const sheet = await openRainSheet();
    expect(sheet.getAttribute('role')).toBe('dialog');
    expect(within(sheet).getByTestId('rain-sky')).toBeTruthy();
    fireEvent.click(within(sheet).getAllByRole('button', { name: 'Grab an envelope' })[0]!);
    expect((await within(sheet).findByText('+P 1.23')).closest('[aria-live]')).toBeTruthy();
    expect(server.calls('/wps/minigames/rains/7/grab', 'POST')).toHaveLength(1);
    expect(within(sheet).getByTestId('rain-left').textContent).toBe('9 of 10 left');
    expect(within(sheet).getByTestId('rain-my-grabs').textContent).toBe('1 of 3');
    expect(within(sheet).getByTestId('rain-my-won').textContent).toBe('P 1.23');
    // Everybody's grabs, pushed: envelopes left only go down.
    push({ sessionId: 7, rainId: 2, state: 'OPEN', left: 4, endsAt: open.endsAt });
    expect(within(sheet).getByTestId('rain-left').textContent).toBe('4 of 10 left');
    push({ sessionId: 7, rainId: 2, state: 'OPEN', left: 6, endsAt: open.endsAt });
    expect(within(sheet).getByTestId('rain-left').textContent).toBe('4 of 10 left');
  });

  it.each([
    [409, 'GRAB_LIMIT', { limit: 3 }, 'You have reached your grab limit (3).'],
    [409, 'RAIN_EMPTY', null, 'Too late: every envelope has been taken.'],
    [409, 'RAIN_NOT_OPEN', null, 'The rain is not open now.'],
    [429, 'TOO_MANY_REQUEST', null, 'Slow down: too many taps at once.'],
  ])('says a %s %s refusal in the member\'s language', async (status, errorCode, value, text) => {
    const open = rain();
    const server = serve({ rains: [open], games: [] }, detail(open), () => ({ status, errorCode, value }));
    renderAt('/', <MiniGameWidget />);
    const sheet = await openRainSheet();
    fireEvent.click(within(sheet).getAllByRole('button', { name: 'Grab an envelope' })[0]!);
    expect((await within(sheet).findByTestId('rain-error')).textContent).toBe(text);
    if (errorCode === 'GRAB_LIMIT') {
      expect(within(sheet).getByTestId('rain-limited').textContent).toContain('limit: 3');
      expect(within(sheet).queryByRole('button', { name: 'Grab an envelope' })).toBeNull();
    }
    // A rain emptied or closed meanwhile: the list is read again (the next session, the seed).
    const reads = errorCode === 'RAIN_EMPTY' || errorCode === 'RAIN_NOT_OPEN' ? 2 : 1;
    await waitFor(() => expect(server.calls('/wps/minigames')).toHaveLength(reads));
  });

  it('asks a visitor to log in instead of showing envelopes', async () => {
    asVisitor();
    const open = rain({ myGrabs: null, myLimit: null, myWon: null });
    serve({ rains: [open], games: [] }, detail(open));
    renderAt('/', <MiniGameWidget />);
    const sheet = await openRainSheet();
    expect(within(sheet).queryByRole('button', { name: 'Grab an envelope' })).toBeNull();
    fireEvent.click(within(within(sheet).getByTestId('rain-login')).getByRole('button', { name: 'Log in' }));
    expect(store.get(accountModalAtom)).toBe('login');
    expect(screen.queryByTestId('rain-sheet')).toBeNull();
  });

  it('asks a trial account to register', async () => {
    asMember(true);
    const open = rain();
    serve({ rains: [open], games: [] }, detail(open));
    renderAt('/', <MiniGameWidget />);
    const sheet = await openRainSheet();
    expect(within(sheet).getByTestId('rain-login').textContent).toContain('Free-play accounts');
  });

  it('shows the countdown and the seed hash before the start, and reads the list again when a push opens it', async () => {
    const startsAt = Date.now() + 65_000;
    const soon = rain({ state: 'SCHEDULED', startsAt, endsAt: startsAt + 60_000 });
    const server = serve({ rains: [soon], games: [] }, detail(soon));
    renderAt('/', <MiniGameWidget />);
    const sheet = await openRainSheet();
    expect(within(sheet).getByTestId('rain-countdown').textContent).toBe('01:05');
    expect(within(sheet).getByTestId('rain-seed-hash').textContent).toBe(soon.seedHash);
    expect(within(sheet).queryByRole('button', { name: 'Grab an envelope' })).toBeNull();
    push({ sessionId: 7, rainId: 2, state: 'OPEN', left: 10, endsAt: startsAt + 60_000 });
    expect(await within(sheet).findByTestId('rain-sky')).toBeTruthy();
    await waitFor(() => expect(server.calls('/wps/minigames')).toHaveLength(2));
  });

  it('closes on Escape and gives the focus back to the launcher', async () => {
    serve({ rains: [rain()], games: [] }, detail(rain()));
    renderAt('/', <MiniGameWidget />);
    const entry = await screen.findByTestId('mini-game-rain');
    entry.focus();
    fireEvent.click(entry);
    const sheet = await screen.findByTestId('rain-sheet');
    expect(sheet.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('rain-sheet')).toBeNull();
    expect(document.activeElement).toBe(entry);
  });

  it('verifies a closed rain in the browser: the seed against its hash, every grab against its envelope', async () => {
    // The server's own draw (fairness.test.ts): seed "a" x 64, session 7, P 100.00 in 10 envelopes.
    const amounts = ['19.26', '10.95', '3.63', '2.48', '10.07'];
    const closed = rain({ state: 'CLOSED', left: 5, seed: 'a'.repeat(64), endsAt: Date.now() - 1000 });
    const grabs = amounts.map((amount, seq) => ({ seq, account: `pl***${seq}`, amount, at: Date.now() - 5000 }));
    serve({ rains: [closed], games: [] }, detail(closed, { grabs }));
    renderAt('/', <MiniGameWidget />);
    const sheet = await openRainSheet();
    expect(within(sheet).getByTestId('rain-seed').textContent).toBe('a'.repeat(64));
    expect(within(await within(sheet).findByTestId('rain-grabs')).getAllByRole('row')).toHaveLength(6);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Verify' }));
    expect((await within(sheet).findByTestId('verdict-seed')).dataset.ok).toBe('true');
    expect(within(sheet).getByTestId('verdict-amounts').textContent).toContain('Every published amount matches the seed (5 checked).');
  });

  it('says which published amount the seed does not give', async () => {
    const closed = rain({ state: 'CLOSED', left: 8, seed: 'a'.repeat(64), endsAt: Date.now() - 1000 });
    const grabs = [
      { seq: 0, account: 'pl***1', amount: '19.26', at: 1 },
      { seq: 1, account: 'pl***2', amount: '11.95', at: 2 },
    ];
    serve({ rains: [closed], games: [] }, detail(closed, { grabs }));
    renderAt('/', <MiniGameWidget />);
    const sheet = await openRainSheet();
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Verify' }));
    const amounts = await within(sheet).findByTestId('verdict-amounts');
    expect(amounts.dataset.ok).toBe('false');
    expect(amounts.textContent).toContain('Amounts that do NOT match the seed (1): #2');
  });
});
