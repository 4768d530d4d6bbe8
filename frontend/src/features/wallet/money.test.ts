import { describe, expect, it } from 'vitest';

import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows two decimals and thousand separators with the currency symbol', () => {
    expect(formatMoney('1234567.5')).toBe('P 1,234,567.50');
    expect(formatMoney('0.00', '₱')).toBe('₱ 0.00');
    expect(formatMoney('999.99')).toBe('P 999.99');
    expect(formatMoney('1000')).toBe('P 1,000.00');
    expect(formatMoney('-20.10')).toBe('-P 20.10');
  });

  it('never rounds through a float', () => {
    expect(formatMoney('90071992547409931.99')).toBe('P 90,071,992,547,409,931.99');
  });
});

describe('amount input', () => {
  it('accepts positive amounts with up to two decimals and compares them exactly', async () => {
    const { isAmount, toCents } = await import('./money');
    expect(['100', '100.5', '0.01', '99999.99'].every(isAmount)).toBe(true);
    expect(['0', '0.00', '-1', '1.234', '1e3', '01', 'abc', ''].some(isAmount)).toBe(false);
    expect(toCents('100.5')).toBe(10050n);
    expect(toCents('0.1') + toCents('0.2')).toBe(toCents('0.3'));
  });
});
