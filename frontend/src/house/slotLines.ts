// From a spin's line wins to the grid cells to light up. The grid is 5 columns (reels) of 3 symbols, top to
// bottom; a payline gives the row index on each reel; a win of count n covers the first n reels, left to right.
// Each game names its own wild and scatter (config.wild, config.scatter); without them, ids containing
// WILD / SCATTER are taken for them.
import type { LineWin } from './types';

export type Cell = readonly [reel: number, row: number];

export function cellKey(reel: number, row: number): string {
  return `${reel}:${row}`;
}

export function isWild(symbol: string, wild?: string): boolean {
  return wild ? symbol === wild : symbol.toUpperCase().includes('WILD');
}

export function isScatter(symbol: string, scatter?: string): boolean {
  return scatter ? symbol === scatter : symbol.toUpperCase().includes('SCATTER');
}

export function lineCells(payline: readonly number[], count: number): Cell[] {
  return payline.slice(0, Math.max(0, count)).map((row, reel) => [reel, row] as const);
}

function lineMatches(grid: string[][], payline: readonly number[] | undefined, win: LineWin, wild?: string): boolean {
  if (!payline || payline.length < win.count) return false;
  return lineCells(payline, win.count).every(([reel, row]) => {
    const symbol = grid[reel]?.[row];
    return symbol !== undefined && (symbol === win.symbol || isWild(symbol, wild));
  });
}

// The contract does not say whether `line` counts from 0 or 1. Read it as a 0-based index into paylines;
// if the cells on that line do not show the winning symbol but those on line-1 do, it was 1-based.
export function resolveLineIndex(win: LineWin, paylines: number[][], grid: string[][], wild?: string): number {
  if (lineMatches(grid, paylines[win.line], win, wild)) return win.line;
  if (lineMatches(grid, paylines[win.line - 1], win, wild)) return win.line - 1;
  return win.line >= 0 && win.line < paylines.length ? win.line : Math.max(0, win.line - 1);
}

export interface HighlightedLine {
  index: number; // 0-based into paylines; shown to players as index + 1
  win: LineWin;
  cells: Cell[];
}

export function highlightedLines(
  grid: string[][],
  paylines: number[][],
  lineWins: LineWin[],
  wild?: string,
): HighlightedLine[] {
  return lineWins.map((win) => {
    const index = resolveLineIndex(win, paylines, grid, wild);
    return { index, win, cells: lineCells(paylines[index] ?? [], win.count) };
  });
}

// Cell key -> the (0-based) lines it wins on.
export function winningCells(
  grid: string[][],
  paylines: number[][],
  lineWins: LineWin[],
  wild?: string,
): Map<string, number[]> {
  const cells = new Map<string, number[]>();
  for (const line of highlightedLines(grid, paylines, lineWins, wild)) {
    for (const [reel, row] of line.cells) {
      const key = cellKey(reel, row);
      cells.set(key, [...(cells.get(key) ?? []), line.index]);
    }
  }
  return cells;
}

// Scatter symbols pay wherever they land: light them all when the spin paid a scatter win.
export function scatterCells(grid: string[][], scatterPaid: boolean, scatter?: string): Set<string> {
  const cells = new Set<string>();
  if (!scatterPaid) return cells;
  grid.forEach((column, reel) =>
    column.forEach((symbol, row) => {
      if (isScatter(symbol, scatter)) cells.add(cellKey(reel, row));
    }),
  );
  return cells;
}
