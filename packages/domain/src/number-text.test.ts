import { describe, expect, it } from 'vitest';
import { formatCount, groupThousands } from './number-text';

describe('number text', () => {
  it.each([
    ['', ''],
    ['7', '7'],
    ['123', '123'],
    ['1234', '1,234'],
    ['123456', '123,456'],
    ['1234567', '1,234,567'],
  ])('groups %j as %j', (digits, text) => {
    expect(groupThousands(digits)).toBe(text);
  });

  it("writes counts as toLocaleString('en-US') does", () => {
    const counts = [0, -0, 1, 999, 1000, -1000, 1_234_567, Number.MAX_SAFE_INTEGER, -42];
    for (let n = 1; n < Number.MAX_SAFE_INTEGER / 3; n = n * 3 + 1) counts.push(n, -n);
    for (const count of counts) expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
  });

  it('leaves what is not a safe whole number to toLocaleString', () => {
    for (const value of [1.5, 1234.5678, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});
