// The one way every table takes bets (baccarat, dragon tiger, roulette, sic bo): a tap sends the chip at once
// and shows it on its spot; quick taps go in order; a chip that is not taken is said, with its spot, amount
// and reason, never dropped unsaid; and a reopened table shows the member's rounds from the house's records.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeHouse, feed, mountHouse, openRound, resetHouse, tableSession } from './tableTestKit';

vi.mock('../socket', async () => ({ connectTableFeed: (await import('./fakeFeed')).fakeConnectTableFeed }));

const TABLES = [
  {
    type: 'BACCARAT', code: 'baccarat-a', prefix: 'bac', spot: 'PLAYER', other: 'TIE', name: 'PLAYER',
    dealt: { playerCards: ['2S', '3H'], bankerCards: ['9D', 'KC'], playerTotal: 5, bankerTotal: 9, outcome: 'BANKER' },
  },
  {
    type: 'DRAGON_TIGER', code: 'dragon-tiger-a', prefix: 'dt', spot: 'DRAGON', other: 'TIE', name: 'DRAGON',
    dealt: { dragonCard: 'KS', tigerCard: '7H', outcome: 'DRAGON' },
  },
  {
    type: 'ROULETTE', code: 'roulette-a', prefix: 'rl', spot: 'COLUMN1', other: 'N7', name: 'Col 1',
    dealt: { number: 17, color: 'BLACK' },
  },
  {
    type: 'SICBO', code: 'sicbo-a', prefix: 'sb', spot: 'BIG', other: 'T10', name: 'Big',
    dealt: { dice: [1, 2, 3], total: 6 },
  },
] as const;
const PAYOUTS: Record<string, string> = {
  PLAYER: '1:1', BANKER: '0.95:1', TIE: '8:1', DRAGON: '1:1', TIGER: '1:1',
  COLUMN1: '2:1', N7: '35:1', BIG: '1:1', T10: '6:1',
};

async function seated(table: (typeof TABLES)[number], phase: 'BETTING' | 'CLOSED' = 'BETTING') {
  const fake = fakeHouse(tableSession(table.type, table.code, PAYOUTS), openRound(table.code, 50, phase));
  await mountHouse();
  await waitFor(() => expect(screen.getByTestId(`${table.prefix}-round`)).toBeTruthy());
  return fake;
}

// Every alert shown (one leaving and the next arriving can overlap for a moment).
const alerts = () =>
  screen
    .queryAllByRole('alert')
    .map((a) => a.textContent)
    .join(' | ');
const dealt = (table: (typeof TABLES)[number], roundNo: number) =>
  ({ table: table.code, roundNo, serverSeed: 's', serverSeedHash: 'h', ...table.dealt }) as never;

const spotOf = (table: (typeof TABLES)[number], spot: string) => screen.getByTestId(`${table.prefix}-bet-${spot}`);

describe.each(TABLES)('$type takes a bet on a tap', (table) => {
  afterEach(resetHouse);

  it('sends each tapped chip at once, in order, and shows it on its spot while it travels', async () => {
    const fake = await seated(table);
    let open!: () => void;
    fake.gate = new Promise((resolve) => (open = resolve));
    await act(async () => {
      fireEvent.click(spotOf(table, table.spot));
      fireEvent.click(spotOf(table, table.spot));
      fireEvent.click(spotOf(table, table.other));
    });
    // Still on their way: the stake shows on the spot at once, marked as travelling.
    const travelling = screen.getByTestId(`${table.prefix}-stake-${table.spot}`);
    expect(travelling.textContent).toBe('2.00');
    expect(travelling.getAttribute('data-travelling')).toBe('true');
    await act(async () => open());
    await waitFor(() => expect(fake.bets).toHaveLength(3));
    expect(fake.bets.map((b) => b.betOn)).toEqual([table.spot, table.spot, table.other]);
    await waitFor(() =>
      expect(screen.getByTestId(`${table.prefix}-stake-${table.spot}`).getAttribute('data-travelling')).toBeNull(),
    );
    expect(screen.getByTestId(`${table.prefix}-stake-${table.spot}`).textContent).toBe('2.00');
    expect(screen.getByTestId('house-balance').getAttribute('data-amount')).toBe('97.00');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('counts a chip once when a poll lists its bet before the bet call answers', async () => {
    const fake = await seated(table);
    let open!: () => void;
    fake.gate = new Promise((resolve) => (open = resolve));
    await act(async () => {
      fireEvent.click(spotOf(table, table.spot));
    });
    // The house placed it (id 1, as its answer will say) and the next state lists it first.
    const listed = { id: 1, roundNo: 50, betOn: table.spot, stake: '1.00', status: 'OPEN', win: '0.00' };
    fake.state = { ...openRound(table.code, 50), myBets: [listed] };
    await act(async () => {
      feed.handlers?.onResult(dealt(table, 49));
    });
    await waitFor(() => expect(fake.calls.filter((c) => c.url.endsWith('/state')).length).toBeGreaterThan(1));
    expect(screen.getByTestId(`${table.prefix}-stake-${table.spot}`).textContent).toBe('1.00');
    await act(async () => open());
    await waitFor(() => expect(fake.bets).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByTestId(`${table.prefix}-stake-${table.spot}`).getAttribute('data-travelling')).toBeNull(),
    );
    expect(screen.getByTestId(`${table.prefix}-stake-${table.spot}`).textContent).toBe('1.00');
  });

  it('says a chip tapped after betting closed was not placed', async () => {
    const fake = await seated(table, 'CLOSED');
    expect(spotOf(table, table.spot).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(spotOf(table, table.spot));
    expect(screen.getByRole('alert').textContent).toContain(
      `Not placed: 1.00 on ${table.name}. Betting is closed for this round.`,
    );
    expect(fake.calls.some((c) => c.url.endsWith('/bet'))).toBe(false);
  });

  it('says what the house refused, and takes the chip off its spot', async () => {
    const fake = await seated(table);
    fake.refuse = 'BETTING_CLOSED'; // the round closed on the server before the chip arrived
    await act(async () => {
      fireEvent.click(spotOf(table, table.spot));
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(`Not placed: 1.00 on ${table.name}.`));
    expect(screen.getByRole('alert').getAttribute('data-code')).toBe('BETTING_CLOSED');
    await waitFor(() => expect(screen.queryByTestId(`${table.prefix}-stake-${table.spot}`)).toBeNull());
  });

  it('reports a chip still queued when the round closes, and one the balance does not cover', async () => {
    const fake = await seated(table);
    let open!: () => void;
    fake.gate = new Promise((resolve) => (open = resolve));
    await act(async () => {
      fireEvent.click(spotOf(table, table.spot));
      fireEvent.click(spotOf(table, table.other));
    });
    // The round closes (the next state says so) while the second chip waits behind the first.
    fake.state = openRound(table.code, 50, 'CLOSED');
    await act(async () => {
      feed.handlers?.onResult(dealt(table, 49));
    });
    await waitFor(() => expect(fake.calls.filter((c) => c.url.endsWith('/state')).length).toBeGreaterThan(1));
    await act(async () => open());
    await waitFor(() => expect(alerts()).toContain(`Not placed: 1.00 on`));
    expect(alerts()).toContain('Betting is closed for this round.');
    expect(fake.bets.map((b) => b.betOn)).toEqual([table.spot]); // the first was on its way and is placed
    await waitFor(() => expect(screen.queryByTestId(`${table.prefix}-stake-${table.other}`)).toBeNull());

    fake.state = openRound(table.code, 51);
    await act(async () => {
      feed.handlers?.onResult(dealt(table, 50));
    });
    await waitFor(() => expect(spotOf(table, table.spot).getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(screen.getByTestId(`${table.prefix}-chip-100.00`));
    fireEvent.click(spotOf(table, table.spot));
    fireEvent.click(spotOf(table, table.other));
    // Every chip not taken stays said, by reason, until the player dismisses the note.
    await waitFor(() =>
      expect(alerts()).toMatch(/Not placed: 100.00 on [^,]+, 100.00 on [^.]+\. Insufficient balance/),
    );
    expect(alerts()).toContain('Betting is closed for this round.');
    expect(fake.bets).toHaveLength(1);
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    await waitFor(() => expect(screen.queryAllByRole('alert')).toHaveLength(0));
  });

  it("shows the member's rounds at the table from the records when it is opened again", async () => {
    const fake = fakeHouse(tableSession(table.type, table.code, PAYOUTS), openRound(table.code, 60));
    fake.rounds = [
      {
        roundNo: 58,
        stake: '3.00',
        win: '6.00',
        bets: [{ id: 9, roundNo: 58, betOn: table.spot, stake: '3.00', status: 'WON', win: '6.00' }],
        result: null,
      },
    ];
    await mountHouse();
    const rows = await screen.findAllByTestId('house-history-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('Round #58');
    expect(rows[0]!.textContent).toContain(table.name);
    expect(fake.calls.some((c) => c.url.endsWith('/table/myRounds'))).toBe(true);
  });
});
