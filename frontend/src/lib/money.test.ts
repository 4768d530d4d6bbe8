import { describe, expect, it } from 'vitest';

import {
  addMoney,
  canAfford,
  formatMoney,
  fromCents,
  isAmount,
  isPositive,
  multiplyMoney,
  normaliseAmount,
  parseCents,
  toCents,
} from './money';

describe('parsing amounts into cents', () => {
  it('reads whole units and one or two decimals', () => {
    expect(toCents('0.10')).toBe(10n);
    expect(toCents('12.5')).toBe(1250n);
    expect(toCents('100')).toBe(10000n);
    expect(toCents(' 7.05 ')).toBe(705n);
    expect(toCents('007.5')).toBe(750n);
  });

  it('applies the sign to the whole amount', () => {
    expect(toCents('-3.20')).toBe(-320n);
    expect(toCents('-0.05')).toBe(-5n);
    expect(toCents('-12')).toBe(-1200n);
    expect(toCents('-0')).toBe(0n);
  });

  it('refuses a third decimal instead of rounding it', () => {
    expect(parseCents('1.234')).toBeNull();
    expect(parseCents('0.005')).toBeNull();
    expect(parseCents('-3.999')).toBeNull();
    expect(() => toCents('1.005')).toThrow(RangeError);
  });

  it('refuses what is not a plain decimal', () => {
    for (const text of ['', ' ', 'abc', '1e3', '+1', '1,000.00', '1.', '.5', '--1', '1 000', 'NaN', 'Infinity']) {
      expect(parseCents(text), text).toBeNull();
    }
  });

  it('stays exact beyond 2^53', () => {
    expect(toCents('90071992547409931.99')).toBe(9007199254740993199n);
    expect(toCents('-123456789012345678901234.56')).toBe(-12345678901234567890123456n);
    expect(fromCents(9007199254740993199n)).toBe('90071992547409931.99');
    expect(addMoney('9007199254740993.00', '0.01')).toBe('9007199254740993.01');
  });

  it('never drifts like floats do', () => {
    expect(toCents('0.1') + toCents('0.2')).toBe(toCents('0.3'));
    expect(addMoney('0.10', '0.20')).toBe('0.30');
  });
});

describe('cents back to the wire form', () => {
  it('always has two decimals and no separators', () => {
    expect(fromCents(5n)).toBe('0.05');
    expect(fromCents(-5n)).toBe('-0.05');
    expect(fromCents(-320n)).toBe('-3.20');
    expect(fromCents(0n)).toBe('0.00');
    expect(fromCents(123456n)).toBe('1234.56');
  });

  it('round-trips every wire amount', () => {
    for (const text of ['0.00', '0.01', '-0.01', '-3.20', '1234567.89', '-90071992547409931.99']) {
      expect(fromCents(toCents(text))).toBe(text);
    }
  });
});

describe('formatMoney', () => {
  it('shows two decimals and thousand separators with the currency symbol', () => {
    expect(formatMoney('1234567.5', 'P')).toBe('P 1,234,567.50');
    expect(formatMoney('0.00', '₱')).toBe('₱ 0.00');
    expect(formatMoney('999.99', 'P')).toBe('P 999.99');
    expect(formatMoney('1000', 'P')).toBe('P 1,000.00');
    expect(formatMoney('-20.10', 'P')).toBe('-P 20.10');
  });

  it('shows the bare figure without a symbol', () => {
    expect(formatMoney('2000')).toBe('2,000.00');
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('-0.4')).toBe('-0.40');
    expect(formatMoney('-3.20')).toBe('-3.20');
  });

  it('never rounds through a float', () => {
    expect(formatMoney('90071992547409931.99', 'P')).toBe('P 90,071,992,547,409,931.99');
  });

  it('shows what is not an amount as it came', () => {
    expect(formatMoney('n/a', 'P')).toBe('P n/a');
    expect(formatMoney('1.239')).toBe('1.239');
  });
});

describe('amount input', () => {
  it('accepts positive amounts with up to two decimals and compares them exactly', () => {
    expect(['100', '100.5', '0.01', '99999.99', ' 5 '].every(isAmount)).toBe(true);
    expect(['0', '0.00', '-1', '1.234', '1e3', '01', 'abc', '', '1234567890123456'].some(isAmount)).toBe(false);
    expect(toCents('100.5')).toBe(10050n);
  });

  it('normalises an amount to two decimals, and leaves anything else alone', () => {
    expect(normaliseAmount('1.5')).toBe('1.50');
    expect(normaliseAmount(' 2 ')).toBe('2.00');
    expect(normaliseAmount('x')).toBe('x');
    expect(normaliseAmount('1.234')).toBe('1.234');
  });
});

describe('arithmetic', () => {
  it('multiplies by a whole count and adds', () => {
    expect(multiplyMoney('0.05', 20)).toBe('1.00');
    expect(multiplyMoney('0.10', 20)).toBe('2.00');
    expect(multiplyMoney('1.15', 10)).toBe('11.50');
    expect(multiplyMoney('-1.15', 3)).toBe('-3.45');
    expect(addMoney('-3.20', '1.00')).toBe('-2.20');
    expect(addMoney()).toBe('0.00');
  });

  it('compares a stake with the balance, and knows a win', () => {
    expect(canAfford('1.00', '1.00')).toBe(true);
    expect(canAfford('0.99', '1.00')).toBe(false);
    expect(canAfford('-3.20', '0.01')).toBe(false);
    expect(isPositive('0.01')).toBe(true);
    expect(isPositive('0.00')).toBe(false);
    expect(isPositive('-3.20')).toBe(false);
  });
});
