// The lucky wheel and the golden egg: the prize table with each chance, plays left and how to earn them,
// Spin asks the server (POST play) and the wheel lands on the prize it answered; Reveal seed checks the seed
// and repeats the plays in the browser; check-in adds plays; an egg cracks to show its prize.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { accountModalAtom } from '../../state/account';
import { store } from '../../state/store';
import { fakeServer, renderAt, setUp } from '../../testing/portalTest';
import type { PlayResult, PrizeGame } from './api';
import { seedHashOf } from './fairness';
import { MiniGameWidget } from './MiniGameWidget';
import { asMember, asVisitor, game } from './testSupport';

vi.mock('../../realtime/socket', () => ({ onEvent: () => () => undefined }));

beforeAll(setUp);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = { status?: number; value?: unknown; errorCode?: string };

function serve(games: PrizeGame[], answers: { play?: () => Answer; seed?: () => Answer; checkin?: () => Answer } = {}) {
  return fakeServer(({ method, path }) => {
    if (path === '/wps/minigames') return { value: { rains: [], games } };
    if (method === 'POST' && path === `/wps/minigames/games/${games[0]!.id}/play`) return answers.play?.();
    if (method === 'POST' && path === `/wps/minigames/games/${games[0]!.id}/seed`) return answers.seed?.();
    if (method === 'POST' && path === '/wps/minigames/checkin') return answers.checkin?.();
    return { value: {} };
  });
}

const openGame = async (testId: string) => {
  fireEvent.click(await screen.findByTestId('mini-game-game'));
  return screen.findByTestId(testId);
};

describe('the lucky wheel', () => {
  it('shows the prizes with their chances, the plays left and how to earn more', async () => {
    asMember();
    serve([game()]);
    renderAt('/', <MiniGameWidget />);
    const sheet = await openGame('wheel-sheet');
    expect(within(sheet).getByRole('heading', { name: 'Lucky wheel' })).toBeTruthy();
    expect(within(sheet).getByTestId('wheel').querySelectorAll('path')).toHaveLength(5);
    const rows = within(within(sheet).getByTestId('game-prizes')).getAllByRole('row');
    expect(rows[2]!.textContent).toBe('P 5 · P 5.00 (wager 3×)30 %');
    expect(rows[5]!.textContent).toContain('0.1 %');
    expect(within(sheet).getByTestId('game-plays-left').textContent).toBe('Plays left: 2');
    expect(within(sheet).getByText('1 play for every P 100.00 deposited')).toBeTruthy();
    expect(within(sheet).getByText('Daily check-in: +1 to your plays')).toBeTruthy();
  });

  it('spins to the prize the server drew; Reveal seed checks the seed and repeats the play in the browser', async () => {
    asMember();
    // The server's own outcome() (fairness.test.ts): seed "e" x 64, client seed lucky_me, nonce 0 -> prize 1.
    const seed = 'e'.repeat(64);
    const hash = await seedHashOf(seed);
    const wheel = game({ seedHash: hash });
    const played: PlayResult = { playId: 9, prizeIndex: 1, prize: wheel.prizes[1]!, nonce: 0, seedHash: hash, playsLeft: 1 };
    const server = serve([wheel], {
      play: () => ({ value: played }),
      seed: () => ({ value: { previousSeed: seed, previousSeedHash: hash, seedHash: 'f00d', clientSeed: 'lucky_me', nonce: 0 } }),
    });
    renderAt('/', <MiniGameWidget />);
    const sheet = await openGame('wheel-sheet');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Spin' }));
    expect((await within(sheet).findByTestId('game-result')).textContent).toBe('');
    await waitFor(() => expect(within(sheet).getByTestId('game-result').textContent).toBe('You won P 5.00 (wager 3×)!'));
    expect(server.calls('/wps/minigames/games/4/play', 'POST')[0]!.body).toEqual({});
    expect(within(sheet).getByTestId('game-plays-left').textContent).toBe('Plays left: 1');
    expect(within(sheet).getByTestId('game-nonce').textContent).toBe('1');

    fireEvent.click(within(sheet).getByText('Fairness'));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Reveal seed' }));
    expect((await within(sheet).findByTestId('verdict-game-seed')).dataset.ok).toBe('true');
    expect(within(sheet).getByTestId('verdict-plays').textContent).toContain('Plays here that repeat exactly from the seed: 1 of 1.');
    expect(within(sheet).getByTestId('game-seed-hash').textContent).toBe('f00d');
    expect(within(sheet).getByTestId('game-nonce').textContent).toBe('0');
  });

  it('sends the member\'s own client seed with the next play', async () => {
    asMember();
    const wheel = game();
    const server = serve([wheel], { play: () => ({ value: { playId: 1, prizeIndex: 0, prize: wheel.prizes[0], nonce: 0, seedHash: 'c0ffee', playsLeft: 1 } }) });
    renderAt('/', <MiniGameWidget />);
    const sheet = await openGame('wheel-sheet');
    fireEvent.change(within(sheet).getByTestId('game-client-seed'), { target: { value: 'my-seed_1' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Spin' }));
    await waitFor(() => expect(within(sheet).getByTestId('game-result').textContent).toBe('No prize this time'));
    expect(server.calls('/wps/minigames/games/4/play', 'POST')[0]!.body).toEqual({ clientSeed: 'my-seed_1' });
  });

  it('checks in for more plays, once a day', async () => {
    asMember();
    let checked = false;
    const server = fakeServer(({ method, path }) => {
      if (path === '/wps/minigames') return { value: { rains: [], games: [game({ playsLeft: checked ? 1 : 0, checkedInToday: checked })] } };
      if (method === 'POST' && path === '/wps/minigames/checkin') {
        checked = true;
        return { value: { day: '2026-12-14', checkedIn: true } };
      }
      return { value: {} };
    });
    renderAt('/', <MiniGameWidget />);
    const sheet = await openGame('wheel-sheet');
    expect((within(sheet).getByRole('button', { name: 'Spin' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(sheet).getByTestId('game-no-plays')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Check in' }));
    expect((await within(sheet).findByTestId('game-message')).textContent).toBe('Checked in. Plays added: 1.');
    await waitFor(() => expect(within(sheet).getByTestId('game-plays-left').textContent).toBe('Plays left: 1'));
    expect((within(sheet).getByRole('button', { name: 'Checked in today' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(sheet).getByRole('button', { name: 'Spin' }) as HTMLButtonElement).disabled).toBe(false);
    expect(server.calls('/wps/minigames/checkin', 'POST')).toHaveLength(1);
  });

  it('says NO_PLAYS_LEFT in words', async () => {
    asMember();
    serve([game()], { play: () => ({ status: 409, errorCode: 'NO_PLAYS_LEFT' }) });
    renderAt('/', <MiniGameWidget />);
    const sheet = await openGame('wheel-sheet');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Spin' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe('You have no plays left.');
  });

  it('asks a visitor to log in', async () => {
    asVisitor();
    serve([game({ playsLeft: null, playsUsed: null, playsEarned: null, checkedInToday: null, seedHash: null, clientSeed: null, nonce: null })]);
    renderAt('/', <MiniGameWidget />);
    expect((await screen.findByTestId('mini-game-game')).textContent).toContain('Log in to play');
    const sheet = await openGame('wheel-sheet');
    expect(within(sheet).queryByRole('button', { name: 'Spin' })).toBeNull();
    expect(within(sheet).queryByTestId('game-fairness')).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Log in' }));
    expect(store.get(accountModalAtom)).toBe('login');
  });
});

describe('the golden egg', () => {
  it('cracks the egg tapped to show its prize', async () => {
    asMember();
    const egg = game({ id: 5, kind: 'EGG', name: 'Golden egg' });
    const server = serve([egg], { play: () => ({ value: { playId: 3, prizeIndex: 3, prize: egg.prizes[3], nonce: 0, seedHash: 'c0ffee', playsLeft: 1 } }) });
    renderAt('/', <MiniGameWidget />);
    const sheet = await openGame('egg-sheet');
    const eggs = within(sheet).getAllByTestId('egg');
    expect(eggs.map((e) => e.getAttribute('aria-label'))).toEqual(['Egg 1', 'Egg 2', 'Egg 3']);
    fireEvent.click(eggs[1]!);
    await waitFor(() => expect(within(sheet).getAllByTestId('egg')[1]!.textContent).toContain('2 × raffle ticket'));
    expect(within(sheet).getByTestId('game-result').textContent).toBe('You won 2 × raffle ticket!');
    expect(server.calls('/wps/minigames/games/5/play', 'POST')).toHaveLength(1);
    for (const other of within(sheet).getAllByTestId('egg')) expect((other as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(sheet).getByRole('button', { name: 'Play again' }));
    expect((within(sheet).getAllByTestId('egg')[0] as HTMLButtonElement).disabled).toBe(false);
  });
});
