import { describe, expect, it } from 'vitest';

import type { Winner } from './api';
import { mergeWinners } from './winners';

const row = (minute: number, account = 'pl***1'): Winner => ({
  account,
  gameName: 'Golden Dragon',
  vassalage: 'HOUSE_RNG',
  amount: '120.00',
  time: `2030-01-01T10:${String(minute).padStart(2, '0')}:00Z`,
});

describe('mergeWinners', () => {
  it('puts the newest first, keeps each row once and at most 20', () => {
    const board = Array.from({ length: 20 }, (_, i) => row(i));
    const merged = mergeWinners([row(30), row(19)], board);
    expect(merged).toHaveLength(20);
    expect(merged[0]).toEqual(row(30));
    expect(merged.filter((w) => w.time === row(19).time)).toHaveLength(1);
    expect(merged.at(-1)).toEqual(row(1));
  });
});
