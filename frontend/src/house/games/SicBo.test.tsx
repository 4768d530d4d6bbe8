import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeHouse, feed, mountHouse, openRound, resetHouse, tableSession } from '../table/tableTestKit';

vi.mock('../socket', async () => ({ connectTableFeed: (await import('../table/fakeFeed')).fakeConnectTableFeed }));

const TOTAL_PAYS: Record<number, number> = { 4: 60, 5: 30, 6: 17, 7: 12, 8: 8, 9: 6, 10: 6 };
const PAYOUTS: Record<string, string> = {
  BIG: '1:1',
  SMALL: '1:1',
  ODD: '1:1',
  EVEN: '1:1',
  TRIPLE: '30:1',
  ...Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`T${i + 4}`, `${TOTAL_PAYS[Math.min(i + 4, 21 - (i + 4))]}:1`])),
  ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`S${i + 1}`, '1:1/2:1/3:1'])),
};
const SESSION = tableSession('SICBO', 'sicbo-a', PAYOUTS);

describe('sic bo table', () => {
  afterEach(resetHouse);

  it('places a tapped chip at once and draws the three dice', async () => {
    const fake = fakeHouse(SESSION, openRound('sicbo-a', 40));
    await mountHouse();
    await waitFor(() => expect(screen.getByTestId('sb-bet-BIG').getAttribute('aria-disabled')).toBe('false'));
    expect(feed.game).toBe('sicbo');
    expect(screen.getByRole('button', { name: /^Total 4, 60:1/ })).toBe(screen.getByTestId('sb-bet-T4'));
    expect(screen.getByRole('button', { name: /^Single 3, 1:1\/2:1\/3:1/ })).toBe(screen.getByTestId('sb-bet-S3'));

    await act(async () => {
      fireEvent.click(screen.getByTestId('sb-bet-BIG'));
      fireEvent.click(screen.getByTestId('sb-bet-S3'));
    });
    await waitFor(() => expect(fake.bets).toHaveLength(2));
    expect(fake.bets.map((b) => b.betOn)).toEqual(['BIG', 'S3']);
    await waitFor(() => expect(screen.getByTestId('sb-stake-S3').textContent).toBe('1.00'));

    fake.state = { ...openRound('sicbo-a', 41), history: [{ roundNo: 40, dice: [3, 3, 3], total: 9 }] };
    await act(async () => {
      feed.handlers?.onResult({
        table: 'sicbo-a',
        roundNo: 40,
        dice: [3, 3, 3],
        total: 9,
        serverSeed: 's40',
        serverSeedHash: 'hash-40',
      } as never);
    });
    expect(screen.getByTestId('sb-result').getAttribute('data-total')).toBe('9');
    expect(screen.getAllByTestId('sb-die').map((d) => d.getAttribute('data-face'))).toEqual(['3', '3', '3']);
    expect(screen.getByTestId('sb-verdict').textContent).toBe('Triple! Total 9');
    await waitFor(() => expect(screen.getByTestId('sb-history').textContent).toBe('9'));
  });
});
