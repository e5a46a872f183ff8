import { describe, expect, it } from 'vitest';
import { minorToInput, parseMoneyInput } from './money-input';

const MAX = 1_000_000;
const minor = (text: string, currency = 'GBP') => {
  const parsed = parseMoneyInput(text, currency, MAX);
  return parsed.ok ? parsed.minor : parsed.message;
};

describe('parseMoneyInput', () => {
  it('reads the decimal string exactly, with no float drift', () => {
    expect(minor('12.50')).toBe(1250);
    expect(minor('12.5')).toBe(1250);
    expect(minor('12')).toBe(1200);
    expect(minor('.5')).toBe(50);
    expect(minor('0')).toBe(0);
    // 19.99 * 100 is 1998.9999999999998 and 0.29 * 100 is 28.999999999999996 in floats.
    expect(minor('19.99')).toBe(1999);
    expect(minor('0.29')).toBe(29);
    expect(minor('1.005', 'BHD')).toBe(1005);
  });

  it('accepts thousands commas, spaces and a leading currency symbol', () => {
    expect(minor(' 1,234.56 ')).toBe(123456);
    expect(minor('£9.75')).toBe(975);
    expect(minor('$1,000')).toBe(100000);
  });

  it('follows the currency’s minor unit', () => {
    expect(minor('1500', 'JPY')).toBe(1500);
    expect(minor('15.5', 'JPY')).toBe('JPY has no smaller unit: enter a whole amount');
    expect(minor('12.345')).toBe('At most 2 decimals');
  });

  it('refuses what is not an amount, in words', () => {
    expect(minor('')).toBe('Enter an amount');
    expect(minor('  ')).toBe('Enter an amount');
    expect(minor('-5')).toBe('The amount cannot be negative');
    expect(minor('12abc')).toBe('Enter an amount such as 12.50');
    expect(minor('1e3')).toBe('Enter an amount such as 12.50');
    expect(minor('.')).toBe('Enter an amount such as 12.50');
    expect(minor('1.2.3')).toBe('Enter an amount such as 12.50');
    expect(minor('10000.01')).toBe('The amount can be at most 10000.00');
    expect(minor('99999999999999999')).toBe('The amount is too large');
  });
});

describe('minorToInput', () => {
  it('writes minor units as a plain decimal', () => {
    expect(minorToInput(1250, 'GBP')).toBe('12.50');
    expect(minorToInput(5, 'GBP')).toBe('0.05');
    expect(minorToInput(0, 'USD')).toBe('0.00');
    expect(minorToInput(1500, 'JPY')).toBe('1500');
    expect(minorToInput(1005, 'BHD')).toBe('1.005');
  });

  it('round-trips through parseMoneyInput', () => {
    for (const value of [0, 1, 99, 1999, 123456, MAX]) {
      expect(minor(minorToInput(value, 'EUR'), 'EUR')).toBe(value);
    }
  });
});
