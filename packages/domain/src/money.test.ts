import { describe, expect, it } from 'vitest';
import { centsToDollarString, dollarsToCents, formatUsd, isCents } from './money';

describe('money', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [1999, '$19.99'],
    [123456789, '$1,234,567.89'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.05', 1205],
    ['0.99', 99],
    [7.1, 710],
  ])('converts %s dollars to %i cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it.each(['', 'abc', '-1', '1.234', '1e3', '12.'])('rejects %j', (bad) => {
    expect(() => dollarsToCents(bad)).toThrow(RangeError);
  });

  it('round-trips through the dollar string used by forms', () => {
    expect(centsToDollarString(1205)).toBe('12.05');
    expect(dollarsToCents(centsToDollarString(99999))).toBe(99999);
  });

  it('recognises integer cents only', () => {
    expect(isCents(100)).toBe(true);
    expect(isCents(1.5)).toBe(false);
    expect(isCents(-1)).toBe(false);
    expect(isCents('100')).toBe(false);
  });
});

describe('formatUsd writes what Intl writes, without Intl', () => {
  const intl = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

  it.each([
    [-250, '-$2.50'],
    [-0, '-$0.00'],
    [-0.4, '-$0.00'],
    [100_000, '$1,000.00'],
    [99_999_999, '$999,999.99'],
    [12.5, '$0.13'],
    [-12.5, '-$0.13'],
    [Number.NaN, '$NaN'],
    [Number.POSITIVE_INFINITY, '$∞'],
  ])('formats %d cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
    expect(formatUsd(cents)).toBe(intl.format(cents / 100));
  });

  it('agrees with Intl on every whole amount up to $100 and on a spread of larger ones', () => {
    for (let cents = -10_000; cents <= 10_000; cents += 1) {
      expect(formatUsd(cents)).toBe(intl.format(cents / 100));
    }
    for (let cents = 1; cents < Number.MAX_SAFE_INTEGER / 7; cents = Math.floor(cents * 7.3) + 3) {
      expect(formatUsd(cents)).toBe(intl.format(cents / 100));
      expect(formatUsd(-cents)).toBe(intl.format(-cents / 100));
    }
  });

  it('rounds fractions of a cent as Intl does', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 20_000; i += 1) {
      const cents = Math.round((next() - 0.5) * 2_000_000) / 8;
      expect(formatUsd(cents)).toBe(intl.format(cents / 100));
    }
  });
});
