import { describe, expect, it } from 'vitest';

import { beadColumns } from './beadRoad';
import { goalTimeline, scoreAt } from './matchTimeline';
import type { BaccaratHistoryRow } from './types';

const row = (roundNo: number, outcome: BaccaratHistoryRow['outcome']): BaccaratHistoryRow => ({
  roundNo,
  outcome,
  playerTotal: 0,
  bankerTotal: 0,
});

describe('bead road', () => {
  it('orders results oldest first, in columns of six', () => {
    const newestFirst = Array.from({ length: 8 }, (_, i) => row(108 - i, i % 2 ? 'PLAYER' : 'BANKER'));
    const columns = beadColumns(newestFirst);
    expect(columns.map((c) => c.map((r) => r.roundNo))).toEqual([
      [101, 102, 103, 104, 105, 106],
      [107, 108],
    ]);
  });
});

describe('virtual match score reveal', () => {
  it('builds up to the final score, the same way for the same match', () => {
    const goals = goalTimeline([2, 1], 'M1');
    expect(goals).toEqual(goalTimeline([2, 1], 'M1'));
    expect(scoreAt(goals, 0)).toEqual([0, 0]);
    expect(scoreAt(goals, 1)).toEqual([2, 1]);
    const halfway = scoreAt(goals, 0.5);
    expect(halfway[0]).toBeLessThanOrEqual(2);
    expect(halfway[1]).toBeLessThanOrEqual(1);
  });
});
