// The rain's amounts against vectors computed by the server's own code (server.house.engine.fair.FairRng,
// the contract's double-mean draw), so the browser's check is the server's draw bit for bit.
import { describe, expect, it } from 'vitest';

import { envelopeAmounts, FairRng, partsPerMillion, playOutcome, seedHashOf, verifyRain } from './fairness';

const VECTORS = [
  {
    seed: 'a'.repeat(64),
    hash: 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb',
    sessionId: 7, budget: 10000n, envelopes: 10, min: 1n,
    amounts: [1926, 1095, 363, 248, 1007, 1555, 1800, 1089, 461, 456],
  },
  {
    seed: '3f'.repeat(32),
    hash: '67ef9de3b81d374fd9cb2d95844f2db27236cdedb89a36f68d9f18c0091b6cf2',
    sessionId: 42, budget: 123456n, envelopes: 25, min: 50n,
    amounts: [3888, 3103, 382, 8769, 9657, 7552, 1317, 1596, 519, 3054, 321, 2252, 10928, 9693, 7651, 4536, 7087, 911, 11372,
      5261, 5963, 8537, 334, 3504, 5269],
  },
  {
    seed: '0123456789abcdef'.repeat(4),
    hash: 'a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e',
    sessionId: 1, budget: 300n, envelopes: 3, min: 100n,
    amounts: [100, 100, 100],
  },
  {
    seed: 'deadbeef'.repeat(8),
    hash: '247d08f3e13938b244f5ecd8966f1778e5e72b175820f46ba86c9c039272affa',
    sessionId: 9001, budget: 100000n, envelopes: 100, min: 1n,
    amounts: [667, 1349, 1262, 446, 1566, 1327, 1312, 219, 1253, 47, 889, 353, 59, 694, 1036, 486, 810, 264, 1785, 396, 893, 2,
      1069, 601, 992, 1628, 193, 1980, 93, 1604, 644, 1387, 435, 578, 115, 740, 670, 487, 2179, 757, 623, 629, 2044, 966, 494,
      391, 390, 1617, 238, 2022, 1069, 706, 171, 970, 1906, 1871, 1302, 1705, 1782, 760, 1452, 527, 501, 1619, 2143, 2160, 1362,
      1300, 1975, 1373, 109, 958, 406, 1452, 1222, 1937, 1730, 269, 1637, 1201, 647, 379, 609, 1650, 1247, 1794, 254, 908, 1327,
      699, 1998, 973, 699, 1412, 1702, 1091, 870, 483, 577, 425],
  },
];

const terms = (v: (typeof VECTORS)[number]) => ({
  seed: v.seed, sessionId: v.sessionId, budget: v.budget, envelopes: v.envelopes, minAmount: v.min,
});

describe('FairRng', () => {
  it('draws what the server draws, rejection sampling included', async () => {
    const rng = new FairRng('a'.repeat(64), 'rain:7', 0);
    const drawn = [];
    for (const n of [2n, 3n, 256n, 257n, 1000n, 65536n, 70000n, 1n]) drawn.push(await rng.randbelow(n));
    expect(drawn).toEqual([1n, 1n, 124n, 121n, 600n, 63295n, 4623n, 0n]);
  });

  it('draws beyond 2^53 exactly', async () => {
    const rng = new FairRng('b'.repeat(64), 'c:1', 3);
    const drawn = [];
    for (const n of [2n ** 40n + 5n, 2n ** 64n - 1n, 7n, 2n ** 33n]) drawn.push(await rng.randbelow(n));
    expect(drawn).toEqual([780564891168n, 1722503053608512413n, 1n, 2051195092n]);
  });
});

describe('the rain envelopes', () => {
  for (const v of VECTORS) {
    it(`session ${v.sessionId}: ${v.envelopes} envelopes of ${v.budget}, at least ${v.min} each`, async () => {
      const amounts = await envelopeAmounts(terms(v));
      expect(amounts).toEqual(v.amounts.map(BigInt));
      expect(amounts.reduce((a, b) => a + b, 0n)).toBe(v.budget);
      expect(amounts.every((a) => a >= v.min)).toBe(true);
      expect(await seedHashOf(v.seed)).toBe(v.hash);
    });
  }

  it('a budget beyond 2^53 minor units, and a single envelope', async () => {
    expect(await envelopeAmounts({ seed: 'f'.repeat(64), sessionId: 123, budget: 500000000000n, envelopes: 5, minAmount: 1n }))
      .toEqual([158323973514n, 135301874822n, 78538273582n, 33789380459n, 94046497623n]);
    expect(await envelopeAmounts({ seed: '9c'.repeat(32), sessionId: 5, budget: 1000n, envelopes: 1, minAmount: 1n })).toEqual([1000n]);
  });

  it('verifies the published grabs and the seed, and names a grab that differs', async () => {
    const v = VECTORS[0]!;
    const grabs = v.amounts.slice(0, 4).map((amount, seq) => ({ seq, amount: BigInt(amount) }));
    const good = await verifyRain({ ...terms(v), seedHash: v.hash, grabs });
    expect(good).toEqual({ seed: true, amounts: true, checked: 4, wrong: [], total: 10000n });
    const bad = await verifyRain({ ...terms(v), seedHash: v.hash.toUpperCase(), grabs: [...grabs.slice(0, 3), { seq: 3, amount: 249n }] });
    expect(bad).toMatchObject({ seed: true, amounts: false, wrong: [3] });
    const otherSeed = await verifyRain({ ...terms(v), seedHash: '0'.repeat(64), grabs });
    expect(otherSeed).toMatchObject({ seed: false, amounts: true });
    const outside = await verifyRain({ ...terms(v), seedHash: v.hash, grabs: [{ seq: 10, amount: 1n }] });
    expect(outside).toMatchObject({ amounts: false, wrong: [10] });
  });
});

describe('a wheel or egg play', () => {
  it('lands where the server\'s outcome() lands, nonce by nonce', async () => {
    const table = ['50', '30', '15', '4.9', '0.1'];
    const landed = [];
    for (let nonce = 0; nonce < 12; nonce += 1) landed.push(await playOutcome(table, 'e'.repeat(64), 'lucky_me', nonce));
    expect(landed).toEqual([1, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 2]);
  });

  it('reads percent strings as parts per million, and refuses a table that does not sum to 100', async () => {
    expect(['12.5', '0.0001', '100', '7'].map(partsPerMillion)).toEqual([125000, 1, 1000000, 70000]);
    expect(partsPerMillion('1.23456')).toBeNull();
    expect(await playOutcome(['50', '40'], 'e'.repeat(64), 'x', 0)).toBeNull();
  });
});
