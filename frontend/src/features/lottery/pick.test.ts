import { describe, expect, it } from 'vitest';

import type { NumberPick, OptionPick } from './api';
import { addTyped, gridNumbers, selectionValid, toggleNumber, toggleOption } from './pick';

const two: NumberPick = { kind: 'number', digits: 2, maxCount: 3 };
const four: NumberPick = { kind: 'number', digits: 4, maxCount: 2 };
const bigSmall: OptionPick = { kind: 'option', options: ['BIG', 'SMALL'] };

describe('number picker rules', () => {
  it('shows a grid of 00-99 for two digits, 0-9 for one, and typed entry beyond', () => {
    const grid = gridNumbers(two)!;
    expect(grid).toHaveLength(100);
    expect([grid[0], grid[7], grid[99]]).toEqual(['00', '07', '99']);
    expect(gridNumbers({ kind: 'number', digits: 1, maxCount: 10 })).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(gridNumbers({ kind: 'number', digits: 3, maxCount: 10 })).toBeNull();
    expect(gridNumbers(four)).toBeNull();
  });

  it('toggles grid numbers up to maxCount', () => {
    let picked = toggleNumber([], '07', 3);
    picked = toggleNumber(picked, '42', 3);
    picked = toggleNumber(picked, '99', 3);
    expect(toggleNumber(picked, '13', 3)).toEqual(['07', '42', '99']);
    expect(toggleNumber(picked, '42', 3)).toEqual(['07', '99']);
  });

  it('accepts typed numbers of exactly the digits, several at once', () => {
    expect(addTyped(' 1234, 0007 ', four, [])).toEqual({ ok: true, selection: ['1234', '0007'] });
    expect(addTyped('123', four, [])).toEqual({ ok: false, error: { key: 'invalid', values: { digits: '4' } } });
    expect(addTyped('12a4', four, [])).toMatchObject({ ok: false, error: { key: 'invalid' } });
    expect(addTyped('', four, [])).toMatchObject({ ok: false, error: { key: 'invalid' } });
    expect(addTyped('1234', four, ['1234'])).toEqual({ ok: false, error: { key: 'duplicate', values: { number: '1234' } } });
    expect(addTyped('1111 2222', four, ['3333'])).toEqual({ ok: false, error: { key: 'tooMany', values: { max: '2' } } });
  });

  it('takes one option at a time', () => {
    expect(toggleOption([], 'BIG')).toEqual(['BIG']);
    expect(toggleOption(['BIG'], 'SMALL')).toEqual(['SMALL']);
    expect(toggleOption(['SMALL'], 'SMALL')).toEqual([]);
  });

  it('says whether a selection may be bet', () => {
    expect(selectionValid(two, [])).toBe(false);
    expect(selectionValid(two, ['07', '42'])).toBe(true);
    expect(selectionValid(two, ['07', '07'])).toBe(false);
    expect(selectionValid(two, ['7'])).toBe(false);
    expect(selectionValid(two, ['01', '02', '03', '04'])).toBe(false);
    expect(selectionValid(bigSmall, ['BIG'])).toBe(true);
    expect(selectionValid(bigSmall, ['BIG', 'SMALL'])).toBe(false);
    expect(selectionValid(bigSmall, ['ODD'])).toBe(false);
  });
});
