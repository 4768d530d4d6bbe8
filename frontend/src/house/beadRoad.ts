// The bead plate: results oldest first, filling columns of six from the top, left to right.
import type { BaccaratHistoryRow } from './types';

export function beadColumns(historyNewestFirst: BaccaratHistoryRow[], rows = 6): BaccaratHistoryRow[][] {
  const ordered = [...historyNewestFirst].sort((a, b) => a.roundNo - b.roundNo);
  const columns: BaccaratHistoryRow[][] = [];
  ordered.forEach((row, i) => {
    if (i % rows === 0) columns.push([]);
    columns[columns.length - 1]!.push(row);
  });
  return columns;
}
