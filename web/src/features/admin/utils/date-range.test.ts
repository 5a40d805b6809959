import { describe, expect, it } from 'vitest';
import { dayRange, toDayString } from './date-range';

describe('dayRange', () => {
  it('covers whole local days, the end exclusive at the next midnight', () => {
    const range = dayRange('2025-03-01', '2025-03-31');
    expect(range?.start).toEqual(new Date(2025, 2, 1));
    expect(range?.endExclusive).toEqual(new Date(2025, 3, 1));
  });

  it('accepts a single day', () => {
    const range = dayRange('2025-12-31', '2025-12-31');
    expect(range?.endExclusive).toEqual(new Date(2026, 0, 1));
  });

  it('refuses a reversed, empty or impossible range', () => {
    expect(dayRange('2025-03-02', '2025-03-01')).toBeNull();
    expect(dayRange('', '2025-03-01')).toBeNull();
    expect(dayRange('2025-02-31', '2025-03-01')).toBeNull();
  });
});

describe('toDayString', () => {
  it('formats the local day', () => {
    expect(toDayString(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});
