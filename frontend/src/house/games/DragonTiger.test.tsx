import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { houseStore, revealAtom } from '../store';
import { fakeHouse, feed, mountHouse, openRound, resetHouse, tableSession } from '../table/tableTestKit';

vi.mock('../socket', async () => ({ connectTableFeed: (await import('../table/fakeFeed')).fakeConnectTableFeed }));

const PAYOUTS = { DRAGON: '1:1', TIGER: '1:1', TIE: '8:1' };
const SESSION = tableSession('DRAGON_TIGER', 'dragon-tiger-a', PAYOUTS);

describe('dragon tiger table', () => {
  afterEach(resetHouse);

  it('places each tapped chip at once, and shows the dealt cards', async () => {
    const fake = fakeHouse(SESSION, openRound('dragon-tiger-a', 7));
    await mountHouse();
    await waitFor(() => expect(screen.getByTestId('dt-bet-DRAGON').getAttribute('aria-disabled')).toBe('false'));
    expect(feed.game).toBe('dragon-tiger');
    expect(screen.getByTestId('dt-round').getAttribute('data-round')).toBe('7');
    expect(screen.getByText(/Dragon and Tiger bets lose half/)).toBeTruthy();
    expect(screen.queryByText(/confirm/i)).toBeNull(); // one behaviour for every table: no slip to confirm

    fireEvent.click(screen.getByTestId('dt-chip-5.00'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('dt-bet-DRAGON'));
      fireEvent.click(screen.getByTestId('dt-bet-DRAGON'));
    });
    fireEvent.click(screen.getByTestId('dt-chip-1.00'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('dt-bet-TIE'));
    });
    await waitFor(() => expect(fake.bets).toHaveLength(3));
    expect(fake.bets).toEqual([
      { roundNo: 7, betOn: 'DRAGON', stake: '5.00' },
      { roundNo: 7, betOn: 'DRAGON', stake: '5.00' },
      { roundNo: 7, betOn: 'TIE', stake: '1.00' },
    ]);
    expect(fake.calls.filter((c) => c.url.endsWith('/table/bet'))).toHaveLength(3);
    await waitFor(() => expect(screen.getByTestId('dt-stake-DRAGON').textContent).toBe('10.00'));
    expect(screen.getByTestId('house-balance').getAttribute('data-amount')).toBe('89.00');
    expect(screen.getAllByTestId('dt-my-bet')).toHaveLength(3);

    fake.state = {
      ...openRound('dragon-tiger-a', 8),
      history: [{ roundNo: 7, outcome: 'DRAGON', dragonCard: 'KS', tigerCard: '7H' }],
    };
    await act(async () => {
      feed.handlers?.onResult({
        table: 'dragon-tiger-a',
        roundNo: 7,
        dragonCard: 'KS',
        tigerCard: '7H',
        outcome: 'DRAGON',
        serverSeed: 'seed-7',
        serverSeedHash: 'hash-7',
        next: { roundNo: 8, serverSeedHash: 'hash-8', closesAt: '', settlesAt: '' },
      } as never);
    });
    expect(screen.getByTestId('dt-result').getAttribute('data-outcome')).toBe('DRAGON');
    expect(screen.getByTestId('dt-verdict').textContent).toBe('DRAGON WINS');
    expect(screen.getByTestId('dt-card-DRAGON')).toBeTruthy();
    expect(houseStore.get(revealAtom)).toMatchObject({ round: '7', serverSeed: 'seed-7', observedBefore: true });
    await waitFor(() => expect(screen.getByTestId('dt-history').children).toHaveLength(1));
  });

  it('says a chip tapped while the round is closed was not placed', async () => {
    const fake = fakeHouse(SESSION, openRound('dragon-tiger-a', 9, 'CLOSED'));
    await mountHouse();
    await waitFor(() => expect(screen.getByTestId('dt-round')).toBeTruthy());
    for (const spot of ['DRAGON', 'TIE', 'TIGER']) {
      expect(screen.getByTestId(`dt-bet-${spot}`).getAttribute('aria-disabled')).toBe('true');
    }
    fireEvent.click(screen.getByTestId('dt-bet-TIGER'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Not placed: 1.00 on TIGER. Betting is closed for this round. Wait for the next one.×',
    );
    expect(fake.bets).toEqual([]);
  });

  it('names every spot for a screen reader and keeps them as buttons', async () => {
    fakeHouse(SESSION, openRound('dragon-tiger-a', 10));
    await mountHouse();
    await waitFor(() => expect(screen.getByTestId('dt-bet-TIGER').getAttribute('aria-disabled')).toBe('false'));
    const tiger = screen.getByRole('button', { name: /^TIGER, 1:1/ });
    expect(tiger).toBe(screen.getByTestId('dt-bet-TIGER'));
    tiger.focus();
    expect(document.activeElement).toBe(tiger);
  });
});
