import { describe, expect, it } from 'vitest';

import { cellKey, highlightedLines, lineCells, resolveLineIndex, scatterCells, winningCells } from './slotLines';

// 5 reels (columns) of 3 rows, top to bottom.
const GRID = [
  ['A', 'K', 'Q'],
  ['A', 'WILD', 'J'],
  ['A', 'K', 'SCATTER'],
  ['Q', 'K', '10'],
  ['J', 'Q', 'SCATTER'],
];
const PAYLINES = [
  [1, 1, 1, 1, 1], // middle
  [0, 0, 0, 0, 0], // top
  [2, 2, 2, 2, 2], // bottom
  [0, 1, 2, 1, 0], // V
];

describe('slot winning-line highlight', () => {
  it('takes the first count reels of a payline, left to right', () => {
    expect(lineCells([0, 1, 2, 1, 0], 3)).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });

  it('maps line wins to the cells they cover, with the lines of each cell', () => {
    const wins = [
      { line: 1, symbol: 'A', count: 3, amount: '1.00' }, // top row: A A A
      { line: 0, symbol: 'K', count: 4, amount: '2.50' }, // middle row: K WILD K K
    ];
    const cells = winningCells(GRID, PAYLINES, wins);
    expect([...cells.keys()].sort()).toEqual(
      [cellKey(0, 0), cellKey(1, 0), cellKey(2, 0), cellKey(0, 1), cellKey(1, 1), cellKey(2, 1), cellKey(3, 1)].sort(),
    );
    expect(cells.get('0:0')).toEqual([1]);
    expect(cells.get('1:1')).toEqual([0]);
    expect(cells.has('4:1')).toBe(false);
  });

  it('marks a cell shared by two winning lines with both', () => {
    const wins = [
      { line: 1, symbol: 'A', count: 3, amount: '1.00' },
      { line: 3, symbol: 'A', count: 1, amount: '0.00' },
    ];
    expect(winningCells(GRID, PAYLINES, wins).get('0:0')).toEqual([1, 3]);
  });

  it('reads line numbers as 0-based, and as 1-based when only that fits the grid', () => {
    const zeroBased = { line: 1, symbol: 'A', count: 3, amount: '1.00' };
    expect(resolveLineIndex(zeroBased, PAYLINES, GRID)).toBe(1);
    // "line 2" whose cells only show A A A on paylines[1] (top row): it counted from 1.
    const oneBased = { line: 2, symbol: 'A', count: 3, amount: '1.00' };
    expect(resolveLineIndex(oneBased, PAYLINES, GRID)).toBe(1);
    // Nothing fits (unexpected data): fall back to the 0-based reading.
    const odd = { line: 3, symbol: 'Z', count: 3, amount: '1.00' };
    expect(resolveLineIndex(odd, PAYLINES, GRID)).toBe(3);
    expect(highlightedLines(GRID, PAYLINES, [oneBased])[0]).toMatchObject({ index: 1, cells: [[0, 0], [1, 0], [2, 0]] });
  });

  it('lights scatter symbols anywhere only when the scatter paid', () => {
    expect([...scatterCells(GRID, true)].sort()).toEqual(['2:2', '4:2']);
    expect(scatterCells(GRID, false).size).toBe(0);
  });
});

describe('slot lines with a game\'s own wild and scatter', () => {
  const grid = [
    ['INGOT', 'FAN', 'COIN'],
    ['DRAGON', 'FAN', 'PEARL'],
    ['INGOT', 'JADE', 'COIN'],
    ['FAN', 'JADE', 'PEARL'],
    ['COIN', 'JADE', 'PEARL'],
  ];

  it('counts the named wild in a win, and nothing else as wild', () => {
    const win = { line: 1, symbol: 'INGOT', count: 3, amount: '2.00' }; // top row: INGOT DRAGON INGOT
    expect(winningCells(grid, PAYLINES, [win], 'DRAGON').get('1:0')).toEqual([1]);
    // Read without the game's wild, DRAGON breaks the line: the index falls back to the 0-based reading.
    expect(highlightedLines(grid, PAYLINES, [{ ...win, line: 2 }], 'DRAGON')[0]!.index).toBe(1);
    expect(highlightedLines(grid, PAYLINES, [{ ...win, line: 2 }])[0]!.index).toBe(2);
  });

  it('lights the named scatter wherever it lands', () => {
    expect([...scatterCells(grid, true, 'PEARL')].sort()).toEqual(['1:2', '3:2', '4:2']);
    expect(scatterCells(grid, true).size).toBe(0); // no id says SCATTER
  });
});
