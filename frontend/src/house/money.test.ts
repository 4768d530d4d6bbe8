import { describe, expect, it } from 'vitest';

import { addMoney, canAfford, formatMoney, fromCents, multiplyMoney, toCents } from './money';

describe('house money', () => {
  it('works in cents, never floats', () => {
    expect(toCents('0.10')).toBe(10n);
    expect(toCents('12.5')).toBe(1250n);
    expect(toCents('-3.20')).toBe(-320n);
    expect(fromCents(5n)).toBe('0.05');
    expect(multiplyMoney('0.05', 20)).toBe('1.00');
    expect(multiplyMoney('0.10', 20)).toBe('2.00');
    expect(addMoney('0.10', '0.20')).toBe('0.30');
  });

  it('formats with two decimals and thousand separators', () => {
    expect(formatMoney('2000')).toBe('2,000.00');
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('-0.4')).toBe('-0.40');
  });

  it('compares a stake with the balance', () => {
    expect(canAfford('1.00', '1.00')).toBe(true);
    expect(canAfford('0.99', '1.00')).toBe(false);
  });
});
