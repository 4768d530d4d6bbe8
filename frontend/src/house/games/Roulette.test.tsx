import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeHouse, feed, mountHouse, openRound, resetHouse, tableSession } from '../table/tableTestKit';
import { rouletteBoard } from './Roulette';

vi.mock('../socket', async () => ({ connectTableFeed: (await import('../table/fakeFeed')).fakeConnectTableFeed }));

const OUTSIDE = ['RED', 'BLACK', 'ODD', 'EVEN', 'LOW', 'HIGH', 'DOZEN1', 'DOZEN2', 'DOZEN3', 'COLUMN1', 'COLUMN2', 'COLUMN3'];
const PAYOUTS: Record<string, string> = Object.fromEntries([
  ...Array.from({ length: 37 }, (_, n) => [`N${n}`, '35:1']),
  ...OUTSIDE.map((b) => [b, b.startsWith('DOZEN') || b.startsWith('COLUMN') ? '2:1' : '1:1']),
]);
const SESSION = tableSession('ROULETTE', 'roulette-a', PAYOUTS);

// What the server's judging covers (server/house/engine/roulette.py COVERS): COLUMNc is n = c, c+3 ... 36,
// DOZENd is 12d-11 .. 12d.
const columnCovers = (c: number) => Array.from({ length: 12 }, (_, i) => c + 3 * i);
const dozenCovers = (d: number) => Array.from({ length: 12 }, (_, i) => 12 * d - 11 + i);

describe('roulette board layout', () => {
  const board = rouletteBoard();
  const at = (spot: string) => board.find((cell) => cell.spot === spot)!;

  it('lays every spot once: 0 and three rows of twelve numbers with their column bets, dozens, even chances', () => {
    expect(board.map((cell) => cell.spot).sort()).toEqual(Object.keys(PAYOUTS).sort());
    expect(at('N0')).toEqual({ spot: 'N0', row: 1, column: 1, rows: 3 });
    const cellsPerPlace = new Set(board.map((c) => `${c.row}:${c.column}`));
    expect(cellsPerPlace.size).toBe(board.length); // no two cells on one place
    for (let row = 1; row <= 3; row++) {
      expect(board.filter((c) => c.row === row && /^N\d/.test(c.spot) && c.spot !== 'N0')).toHaveLength(12);
    }
  });

  it("puts each column bet at the end of the row of exactly the numbers the server's column covers", () => {
    for (const c of [1, 2, 3]) {
      const bet = at(`COLUMN${c}`);
      expect(bet.column).toBe(14);
      const rowNumbers = board
        .filter((cell) => cell.row === bet.row && /^N\d+$/.test(cell.spot) && cell.spot !== 'N0')
        .sort((a, b) => a.column - b.column)
        .map((cell) => Number(cell.spot.slice(1)));
      expect(rowNumbers).toEqual(columnCovers(c));
    }
    expect(at('COLUMN3').row).toBe(1); // 3, 6 ... 36 on top, as on a real table
    expect(at('COLUMN1').row).toBe(3);
  });

  it('puts each dozen under its twelve numbers and the even chances below them', () => {
    for (const d of [1, 2, 3]) {
      const dozen = at(`DOZEN${d}`);
      expect(dozen.row).toBe(4);
      const above = board
        .filter((cell) => cell.row <= 3 && cell.column >= dozen.column && cell.column < dozen.column + dozen.columns!)
        .map((cell) => Number(cell.spot.slice(1)))
        .sort((a, b) => a - b);
      expect(above).toEqual(dozenCovers(d));
    }
    const evens = board.filter((cell) => cell.row === 5).sort((a, b) => a.column - b.column);
    expect(evens.map((cell) => cell.spot)).toEqual(['LOW', 'EVEN', 'RED', 'BLACK', 'ODD', 'HIGH']);
  });
});

describe('roulette table', () => {
  afterEach(resetHouse);

  it('draws the board on its grid, places a tapped chip at once and shows the winning number', async () => {
    const fake = fakeHouse(SESSION, openRound('roulette-a', 21));
    await mountHouse();
    await waitFor(() => expect(screen.getByTestId('rl-bet-N17').getAttribute('aria-disabled')).toBe('false'));
    expect(feed.game).toBe('roulette');
    for (const spot of Object.keys(PAYOUTS)) expect(screen.getByTestId(`rl-bet-${spot}`)).toBeTruthy();
    expect(screen.getByTestId('rl-bet-N17').className).toContain('is-black');
    expect(screen.getByTestId('rl-bet-N32').className).toContain('is-red');
    expect(screen.getByTestId('rl-bet-COLUMN1').style.gridRow).toBe('3 / span 1');
    expect(screen.getByTestId('rl-bet-N34').style.gridRow).toBe('3 / span 1');
    expect(screen.getByTestId('rl-bet-N34').style.gridColumn).toBe('13 / span 1');
    expect(screen.getByRole('button', { name: /^Number 17/ })).toBe(screen.getByTestId('rl-bet-N17'));
    expect(screen.getByRole('button', { name: /^1st 12, 2:1/ })).toBe(screen.getByTestId('rl-bet-DOZEN1'));
    expect(screen.getByTestId('rl-bet-COLUMN2').textContent).toBe('2:1');

    await act(async () => {
      fireEvent.click(screen.getByTestId('rl-bet-COLUMN2'));
    });
    fireEvent.click(screen.getByTestId('rl-chip-25.00'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('rl-bet-RED'));
    });
    await waitFor(() => expect(fake.bets).toHaveLength(2));
    expect(fake.bets).toEqual([
      { roundNo: 21, betOn: 'COLUMN2', stake: '1.00' },
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
});
