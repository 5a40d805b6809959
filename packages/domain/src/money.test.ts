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
