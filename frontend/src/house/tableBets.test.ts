import { describe, expect, it } from 'vitest';

import { mergeMyBets, withBet } from './tableBets';
import type { BaccaratMyBet } from './types';

const bet = (id: number, roundNo = 7, status: BaccaratMyBet['status'] = 'OPEN'): BaccaratMyBet => ({
  id,
  roundNo,
  betOn: 'BANKER',
  stake: '1.00',
  status,
  win: '0.00',
});

describe('my bets at a table', () => {
  it('counts a bet once when the poll saw it before its answer arrived', () => {
    const polled = mergeMyBets([bet(3, 7, 'PENDING')], [], 7);
    expect(withBet(polled, bet(3))).toEqual([bet(3)]);
  });

  it('keeps a bet placed after the poll was read, until the server lists it', () => {
    const placed = withBet([], bet(4));
    expect(mergeMyBets([bet(2)], placed, 7)).toEqual([bet(4), bet(2)]);
    expect(mergeMyBets([bet(4, 7, 'WON'), bet(2)], placed, 7)).toEqual([bet(4, 7, 'WON'), bet(2)]);
  });

  it('drops local rows of earlier rounds: the server holds those', () => {
    expect(mergeMyBets([], [bet(1, 6)], 7)).toEqual([]);
  });
});
