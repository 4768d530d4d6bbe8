import { createHash } from 'node:crypto';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { call } from '../api/client';
import { leadingZeroBits, sha256, solve, solveChallenge } from './challenge';

vi.mock('../api/client', () => ({ call: vi.fn() }));

const mockedCall = vi.mocked(call);

// The independent check: Node's own SHA-256, and the zero bits counted on its hex form.
function zeroBits(text: string): number {
  const hex = createHash('sha256').update(text, 'utf8').digest('hex');
  const bits = [...hex].map((d) => parseInt(d, 16).toString(2).padStart(4, '0')).join('');
  return bits.indexOf('1') === -1 ? 256 : bits.indexOf('1');
}

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('leadingZeroBits', () => {
  it('counts the zero bits before the first one', () => {
    expect(leadingZeroBits(bytes(0x80, 0, 0))).toBe(0);
    expect(leadingZeroBits(bytes(0x01))).toBe(7);
    expect(leadingZeroBits(bytes(0x00, 0x01))).toBe(15);
    expect(leadingZeroBits(bytes(0x00, 0x00, 0x10, 0xff))).toBe(19);
    expect(leadingZeroBits(new Uint8Array(32))).toBe(256);
    expect(leadingZeroBits(new Uint8Array(0))).toBe(0);
  });
});

describe('sha256', () => {
  it('matches node:crypto on short, block-boundary and multi-block inputs', () => {
    const texts = ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'x'.repeat(1000), 'salt:123', 'héllo ✓'];
    for (const text of texts) {
      const ours = Buffer.from(sha256(new TextEncoder().encode(text))).toString('hex');
      expect(ours, text).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
});

describe('solve', () => {
  it('finds the smallest nonce with enough leading zero bits', async () => {
    const salt = '3f2a9c0d51e64b7a8c9d0e1f2a3b4c5d';
    const nonce = await solve(salt, 8);
    expect(zeroBits(`${salt}:${nonce}`)).toBeGreaterThanOrEqual(8);
    for (let smaller = 0; smaller < nonce; smaller++) {
      expect(zeroBits(`${salt}:${smaller}`)).toBeLessThan(8);
    }
  });

  it('respects the difficulty the server asks for', async () => {
    for (const difficulty of [1, 4, 12, 14]) {
      const salt = `salt-${difficulty}`;
      const nonce = await solve(salt, difficulty);
      expect(zeroBits(`${salt}:${nonce}`)).toBeGreaterThanOrEqual(difficulty);
    }
  });

  it('refuses a difficulty it cannot meet', async () => {
    await expect(solve('s', 33)).rejects.toThrow(RangeError);
    await expect(solve('s', -1)).rejects.toThrow(RangeError);
  });
});

describe('solveChallenge', () => {
  afterEach(() => mockedCall.mockReset());

  it('fetches a challenge and answers it', async () => {
    mockedCall.mockResolvedValue({
      challengeId: 'abc',
      algorithm: 'SHA-256',
      salt: '00ff00ff00ff00ff00ff00ff00ff00ff',
      difficulty: 10,
      expiresAt: '2030-01-01T00:00:00Z',
    });
    const solution = await solveChallenge();
    expect(mockedCall).toHaveBeenCalledWith('/wps/verification/challenge', { signal: undefined });
    expect(solution.challengeId).toBe('abc');
    expect(zeroBits(`00ff00ff00ff00ff00ff00ff00ff00ff:${solution.nonce}`)).toBeGreaterThanOrEqual(10);
  });

  it('refuses an algorithm it does not know', async () => {
    mockedCall.mockResolvedValue({ challengeId: 'x', algorithm: 'MD5', salt: 's', difficulty: 1, expiresAt: '' });
    await expect(solveChallenge()).rejects.toThrow(/MD5/);
  });
});
