import { describe, expect, it } from 'vitest';

import { fromCents, normaliseAmount } from '../../lib/money';
import { stakeError, totalOf, winPerHit } from './stake';

const play = { minStake: '1.00', maxStake: '10000.00' };

describe('bet slip money', () => {
  it('totals stake x count in minor units, without float drift', () => {
    expect(totalOf('1.00', 2)).toBe('2.00');
    expect(totalOf('0.1', 3)).toBe('0.30');
    expect(totalOf('1.15', 10)).toBe('11.50');
    expect(totalOf('9999.99', 7)).toBe('69999.93');
    expect(totalOf('2.5', 0)).toBe('0.00');
    expect(totalOf('abc', 2)).toBe('0.00');
  });

  it('checks the stake format and the play type range', () => {
    expect(stakeError('1', play)).toBeNull();
    expect(stakeError('10000.00', play)).toBeNull();
    expect(stakeError('0.99', play)).toEqual({ key: 'stakeRange', values: { min: '1.00', max: '10000.00' } });
    expect(stakeError('10000.01', play)).toMatchObject({ key: 'stakeRange' });
    expect(stakeError('1.001', play)).toEqual({ key: 'stakeInvalid' });
    expect(stakeError('-1', play)).toEqual({ key: 'stakeInvalid' });
    expect(stakeError('', play)).toEqual({ key: 'stakeInvalid' });
  });

  it('normalises amounts and computes a hit', () => {
    expect(normaliseAmount('1.5')).toBe('1.50');
    expect(normaliseAmount(' 2 ')).toBe('2.00');
    expect(normaliseAmount('x')).toBe('x');
    expect(fromCents(-5n)).toBe('-0.05');
    expect(winPerHit('1.00', '95.00')).toBe('95.00');
    expect(winPerHit('2.50', '3.50')).toBe('8.75');
    expect(winPerHit('0.03', '1.96')).toBe('0.05');
    expect(winPerHit('1.00', 'n/a')).toBe('0.00');
  });
});
