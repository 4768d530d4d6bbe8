import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { houseStore, revealAtom } from '../store';
import { fakeHouse, feed, mountHouse, openRound, resetHouse, tableSession } from '../table/tableTestKit';

vi.mock('../socket', async () => ({ connectTableFeed: (await import('../table/fakeFeed')).fakeConnectTableFeed }));

const PAYOUTS = { DRAGON: '1:1', TIGER: '1:1', TIE: '8:1' };
const SESSION = tableSession('DRAGON_TIGER', 'dragon-tiger-a', PAYOUTS);

describe('dragon tiger table', () => {
  afterEach(resetHouse);

  it('lays chips on the slip, places them on Confirm, and shows the dealt cards', async () => {
    const fake = fakeHouse(SESSION, openRound('dragon-tiger-a', 7));
    await mountHouse();
    await waitFor(() => expect(screen.getByTestId('dt-bet-DRAGON').hasAttribute('disabled')).toBe(false));
    expect(feed.game).toBe('dragon-tiger');
    expect(screen.getByTestId('dt-round').getAttribute('data-round')).toBe('7');
    expect(screen.getByText(/Dragon and Tiger bets lose half/)).toBeTruthy();

    fireEvent.click(screen.getByTestId('dt-chip-5.00'));
    fireEvent.click(screen.getByTestId('dt-bet-DRAGON'));
    fireEvent.click(screen.getByTestId('dt-bet-DRAGON'));
    fireEvent.click(screen.getByTestId('dt-chip-1.00'));
    fireEvent.click(screen.getByTestId('dt-bet-TIE'));
    expect(screen.getByTestId('dt-draft-DRAGON').textContent).toBe('10.00');
    expect(screen.getByTestId('dt-slip-total').textContent).toBe('To place: 11.00');
    expect(fake.bets).toEqual([]); // nothing leaves before Confirm

    await act(async () => {
      fireEvent.click(screen.getByTestId('dt-confirm'));
    });
    await waitFor(() => expect(fake.bets).toHaveLength(2));
    expect(fake.bets).toEqual([
      { roundNo: 7, betOn: 'DRAGON', stake: '10.00' },
      { roundNo: 7, betOn: 'TIE', stake: '1.00' },
    ]);
    expect(fake.calls.filter((c) => c.url.endsWith('/table/bet'))).toHaveLength(2);
    await waitFor(() => expect(screen.getByTestId('dt-stake-DRAGON').textContent).toBe('10.00'));
    expect(screen.queryByTestId('dt-draft-DRAGON')).toBeNull();
    expect(screen.getByTestId('house-balance').getAttribute('data-amount')).toBe('89.00');
    expect(screen.getAllByTestId('dt-my-bet')).toHaveLength(2);

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

  it('takes no chips while the round is closed', async () => {
    fakeHouse(SESSION, openRound('dragon-tiger-a', 9, 'CLOSED'));
    await mountHouse();
    await waitFor(() => expect(screen.getByTestId('dt-round')).toBeTruthy());
    for (const spot of ['DRAGON', 'TIE', 'TIGER']) {
      expect(screen.getByTestId(`dt-bet-${spot}`).hasAttribute('disabled')).toBe(true);
    }
    expect(screen.getByTestId('dt-confirm').hasAttribute('disabled')).toBe(true);
  });

  it('names every spot for a screen reader and keeps them as buttons', async () => {
    fakeHouse(SESSION, openRound('dragon-tiger-a', 10));
    await mountHouse();
    await waitFor(() => expect(screen.getByTestId('dt-bet-TIGER').hasAttribute('disabled')).toBe(false));
    const tiger = screen.getByRole('button', { name: /^TIGER, 1:1/ });
    expect(tiger).toBe(screen.getByTestId('dt-bet-TIGER'));
    tiger.focus();
    expect(document.activeElement).toBe(tiger);
  });
});
