import { describe, expect, it } from 'vitest';

import { nextCheckAt, playedText } from './clock';

const MINUTE = 60_000;

describe("the reality check's clock", () => {
  it('is due every N minutes from the session start, the first one after now', () => {
    expect(nextCheckAt(0, 30, 0)).toBe(30 * MINUTE);
    expect(nextCheckAt(0, 30, 30 * MINUTE - 1)).toBe(30 * MINUTE);
    expect(nextCheckAt(0, 30, 30 * MINUTE)).toBe(60 * MINUTE);
    expect(nextCheckAt(1000, 60, 1000 + 150 * MINUTE)).toBe(1000 + 180 * MINUTE);
    // A start the client's clock puts in the future counts from the start.
    expect(nextCheckAt(10 * MINUTE, 15, 0)).toBe(25 * MINUTE);
  });

  it('shows the time played as h:mm', () => {
    expect(playedText(0)).toBe('0:00');
    expect(playedText(45 * MINUTE + 59_999)).toBe('0:45');
    expect(playedText(125 * MINUTE)).toBe('2:05');
    expect(playedText(-5)).toBe('0:00');
  });
});
