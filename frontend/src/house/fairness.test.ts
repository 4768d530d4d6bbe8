import { describe, expect, it, vi } from 'vitest';

import { sha256Hex, sha256HexScript, verifyServerSeed } from './fairness';

const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const FOX = 'd7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592';

describe('provably fair verification', () => {
  it('hashes known strings to their SHA-256 hex (browser crypto)', async () => {
    expect(await sha256Hex('abc')).toBe(ABC);
    expect(await sha256Hex('')).toBe(EMPTY);
    expect(await sha256Hex('The quick brown fox jumps over the lazy dog')).toBe(FOX);
  });

  it('computes with crypto.subtle when the page has it', async () => {
    const subtle = globalThis.crypto.subtle;
    const digest = subtle.digest.bind(subtle);
    let digested = 0;
    const spy = vi.spyOn(subtle, 'digest').mockImplementation(async (algorithm, data) => {
      const result = await digest(algorithm, data);
      digested += 1;
      return result;
    });
    try {
      expect(await sha256Hex('abc')).toBe(ABC);
      expect(digested).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('has a script fallback for pages without crypto.subtle (plain http) that agrees', async () => {
    expect(sha256HexScript('abc')).toBe(ABC);
    expect(sha256HexScript('')).toBe(EMPTY);
    expect(sha256HexScript('The quick brown fox jumps over the lazy dog')).toBe(FOX);
    // Multi-block and non-ASCII input.
    const long = `${'x'.repeat(200)}·百家乐`;
    expect(sha256HexScript(long)).toBe(await sha256Hex(long));
  });

  it('matches a revealed seed against the hash committed before the round', async () => {
    const seed = 'c0ffee00seed';
    const committed = await sha256Hex(seed);
    await expect(verifyServerSeed(seed, committed)).resolves.toEqual({ computed: committed, matches: true });
    await expect(verifyServerSeed(seed, committed.toUpperCase())).resolves.toMatchObject({ matches: true });
    await expect(verifyServerSeed('another seed', committed)).resolves.toMatchObject({ matches: false });
  });
});
