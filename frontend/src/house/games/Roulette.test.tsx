import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeHouse, feed, mountHouse, openRound, resetHouse, tableSession } from '../table/tableTestKit';

vi.mock('../socket', async () => ({ connectTableFeed: (await import('../table/fakeFeed')).fakeConnectTableFeed }));

const OUTSIDE = ['RED', 'BLACK', 'ODD', 'EVEN', 'LOW', 'HIGH', 'DOZEN1', 'DOZEN2', 'DOZEN3', 'COLUMN1', 'COLUMN2', 'COLUMN3'];
const PAYOUTS: Record<string, string> = Object.fromEntries([
  ...Array.from({ length: 37 }, (_, n) => [`N${n}`, '35:1']),
  ...OUTSIDE.map((b) => [b, b.startsWith('DOZEN') || b.startsWith('COLUMN') ? '2:1' : '1:1']),
]);
const SESSION = tableSession('ROULETTE', 'roulette-a', PAYOUTS);

describe('roulette table', () => {
  afterEach(resetHouse);

  it('draws the whole single-zero board, places the slip and shows the winning number', async () => {
    const fake = fakeHouse(SESSION, openRound('roulette-a', 21));
    await mountHouse();
    await waitFor(() => expect(screen.getByTestId('rl-bet-N17').hasAttribute('disabled')).toBe(false));
    expect(feed.game).toBe('roulette');
    for (const spot of Object.keys(PAYOUTS)) expect(screen.getByTestId(`rl-bet-${spot}`)).toBeTruthy();
    expect(screen.getByTestId('rl-bet-N17').className).toContain('is-black');
    expect(screen.getByTestId('rl-bet-N32').className).toContain('is-red');
    expect(screen.getByRole('button', { name: /^Number 17/ })).toBe(screen.getByTestId('rl-bet-N17'));
    expect(screen.getByRole('button', { name: /^1st 12, 2:1/ })).toBe(screen.getByTestId('rl-bet-DOZEN1'));

    fireEvent.click(screen.getByTestId('rl-bet-N17'));
    fireEvent.click(screen.getByTestId('rl-chip-25.00'));
    fireEvent.click(screen.getByTestId('rl-bet-RED'));
    expect(screen.getByTestId('rl-slip-total').textContent).toBe('To place: 26.00');
    await act(async () => {
      fireEvent.click(screen.getByTestId('rl-confirm'));
    });
    await waitFor(() => expect(fake.bets).toHaveLength(2));
    expect(fake.bets).toEqual([
      { roundNo: 21, betOn: 'N17', stake: '1.00' },
      { roundNo: 21, betOn: 'RED', stake: '25.00' },
    ]);
    await waitFor(() => expect(screen.getByTestId('rl-stake-RED').textContent).toBe('25.00'));
    expect(screen.getByTestId('house-balance').getAttribute('data-amount')).toBe('74.00');

    fake.state = { ...openRound('roulette-a', 22), history: [{ roundNo: 21, number: 17, color: 'BLACK' }] };
    await act(async () => {
      feed.handlers?.onResult({
        table: 'roulette-a',
        roundNo: 21,
        number: 17,
        color: 'BLACK',
        serverSeed: 's21',
        serverSeedHash: 'hash-21',
      } as never);
    });
    expect(screen.getByTestId('rl-result').getAttribute('data-number')).toBe('17');
    expect(screen.getByTestId('rl-number').textContent).toBe('17');
    expect(screen.getByTestId('rl-number').className).toContain('is-black');
    await waitFor(() => expect(screen.getByTestId('rl-history').textContent).toBe('17'));
  });

  it('keeps a bet the house refused on the slip and says why', async () => {
    const fake = fakeHouse(SESSION, openRound('roulette-a', 30));
    await mountHouse();
    await waitFor(() => expect(screen.getByTestId('rl-bet-N0').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('rl-chip-100.00'));
    fireEvent.click(screen.getByTestId('rl-bet-N0'));
    fireEvent.click(screen.getByTestId('rl-bet-N0'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('rl-confirm'));
    });
    // 200.00 is more than the balance: refused before any call, and the chips stay on the slip.
    expect(fake.bets).toEqual([]);
    expect(screen.getByTestId('rl-draft-N0').textContent).toBe('200.00');
    expect(screen.getByRole('alert').textContent).toMatch(/balance|funds/i);
  });
});
