import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeHouse, feed, mountHouse, openRound, resetHouse, tableSession } from '../table/tableTestKit';

vi.mock('../socket', async () => ({ connectTableFeed: (await import('../table/fakeFeed')).fakeConnectTableFeed }));

const SESSION = tableSession('BACCARAT', 'baccarat-a', { PLAYER: '1:1', BANKER: '0.95:1', TIE: '8:1' });

describe('baccarat table on the shared table parts', () => {
  afterEach(resetHouse);

  it('places a tapped chip at once on its own paths and deals the pushed hand', async () => {
    const fake = fakeHouse(SESSION, openRound('baccarat-a', 5));
    await mountHouse();
    await waitFor(() => expect(screen.getByTestId('bac-bet-BANKER').getAttribute('aria-disabled')).toBe('false'));
    expect(feed.game).toBe('baccarat');
    const seconds = Number(screen.getByTestId('bac-countdown').getAttribute('data-seconds'));
    expect(seconds).toBeGreaterThanOrEqual(18); // the window closes 20 s after the state was made
    expect(seconds).toBeLessThanOrEqual(21);
    expect(screen.getByTestId('bac-commitment').textContent).toBe('hash-5');
    await act(async () => {
      fireEvent.click(screen.getByTestId('bac-bet-BANKER'));
    });
    await waitFor(() => expect(fake.bets).toEqual([{ roundNo: 5, betOn: 'BANKER', stake: '1.00' }]));
    expect(fake.calls.some((c) => c.url.endsWith('/baccarat/bet'))).toBe(true);
    await waitFor(() => expect(screen.getByTestId('bac-stake-BANKER').textContent).toBe('1.00'));
    expect(screen.getAllByTestId('bac-my-bet')).toHaveLength(1);

    await act(async () => {
      feed.handlers?.onResult({
        table: 'baccarat-a',
        roundNo: 5,
        playerCards: ['2S', '3H'],
        bankerCards: ['9D', 'KC'],
        playerTotal: 5,
        bankerTotal: 9,
        outcome: 'BANKER',
        serverSeed: 's5',
        serverSeedHash: 'hash-5',
      } as never);
    });
    expect(screen.getByTestId('bac-result').getAttribute('data-outcome')).toBe('BANKER');
    expect(screen.getByTestId('bac-total-banker').textContent).toBe('9');
  });
});
