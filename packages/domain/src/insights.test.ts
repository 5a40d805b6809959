import { describe, expect, it } from 'vitest';
import { businessDay } from './business-day';
import {
  comparisonRange,
  presetRange,
  rangeInstants,
  salesOverviewRequest,
  type DayRange,
  type RangePreset,
} from './insights';
import * as z from 'zod/mini';

const r = (from: string, to: string): DayRange => ({ from, to });
/** The range a preset names on `today` and what it is compared with. */
const both = (preset: Exclude<RangePreset, 'custom'>, today: string) => {
  const range = presetRange(preset, today);
  return { range, comparison: comparisonRange(range, preset) };
};
const HOUR = 3600 * 1000;

describe('the Overview presets and what each is compared with', () => {
  it('Last month is the whole previous calendar month, against the whole month before it', () => {
    expect(both('last-month', '2026-12-02')).toEqual({
      range: r('2026-11-01', '2026-11-30'),
      comparison: r('2026-10-01', '2026-10-31'),
    });
    // Not the 30 days before November (Oct 2 - Oct 31): all of October, 31 days.
    expect(both('last-month', '2026-03-31')).toEqual({
      range: r('2026-02-01', '2026-02-28'),
      comparison: r('2026-01-01', '2026-01-31'),
    });
    expect(both('last-month', '2026-01-15')).toEqual({
      range: r('2025-12-01', '2025-12-31'),
      comparison: r('2025-11-01', '2025-11-30'),
    });
  });

  it('leap years: February has 29 days, on both sides of the comparison', () => {
    expect(both('last-month', '2024-03-01')).toEqual({
      range: r('2024-02-01', '2024-02-29'),
      comparison: r('2024-01-01', '2024-01-31'),
    });
    expect(both('last-month', '2024-04-10')).toEqual({
      range: r('2024-03-01', '2024-03-31'),
      comparison: r('2024-02-01', '2024-02-29'),
    });
    // This month on March 31st: all of March against all of February, whatever its length.
    expect(both('this-month', '2024-03-31').comparison).toEqual(r('2024-02-01', '2024-02-29'));
    expect(both('this-month', '2025-03-31').comparison).toEqual(r('2025-02-01', '2025-02-28'));
    // This year on Feb 29th: last year to Feb 28th.
    expect(both('this-year', '2024-02-29')).toEqual({
      range: r('2024-01-01', '2024-02-29'),
      comparison: r('2023-01-01', '2023-02-28'),
    });
  });

  it('This month (to date) is compared with the same days of the previous month', () => {
    expect(both('this-month', '2026-12-02')).toEqual({
      range: r('2026-12-01', '2026-12-02'),
      comparison: r('2026-11-01', '2026-11-02'),
    });
    expect(both('this-month', '2026-01-01')).toEqual({
      range: r('2026-01-01', '2026-01-01'),
      comparison: r('2025-12-01', '2025-12-01'),
    });
    expect(both('this-month', '2026-05-31').comparison).toEqual(r('2026-04-01', '2026-04-30'));
  });

  it('This year (to date) is compared with last year to the same date', () => {
    expect(both('this-year', '2026-12-02')).toEqual({
      range: r('2026-01-01', '2026-12-02'),
      comparison: r('2025-01-01', '2025-12-02'),
    });
    expect(both('this-year', '2026-01-01').comparison).toEqual(r('2025-01-01', '2025-01-01'));
  });

  it('Today, Last 7 and Last 30 days are compared with as many days just before them', () => {
    expect(both('today', '2026-03-01').comparison).toEqual(r('2026-02-28', '2026-02-28'));
    expect(both('last-7-days', '2026-03-03').comparison).toEqual(r('2026-02-18', '2026-02-24'));
    // Thirty days that happen to be a whole month are still thirty days, against thirty.
    expect(both('last-30-days', '2026-04-30')).toEqual({
      range: r('2026-04-01', '2026-04-30'),
      comparison: r('2026-03-02', '2026-03-31'),
    });
  });

  it('a custom range of whole months is compared with as many whole months before it', () => {
    expect(comparisonRange(r('2026-01-01', '2026-03-31'))).toEqual(r('2025-10-01', '2025-12-31'));
    expect(comparisonRange(r('2024-03-01', '2024-03-31'), 'custom')).toEqual(
      r('2024-02-01', '2024-02-29'),
    );
    expect(comparisonRange(r('2025-01-01', '2025-12-31'))).toEqual(r('2024-01-01', '2024-12-31'));
    // Any other custom range: the days of the same length just before it.
    expect(comparisonRange(r('2026-03-10', '2026-03-16'))).toEqual(r('2026-03-03', '2026-03-09'));
    expect(comparisonRange(r('2026-03-01', '2026-03-15'))).toEqual(r('2026-02-14', '2026-02-28'));
  });

  it('"today" is the store\'s day (Los Angeles): late evening of the 31st is still that month', () => {
    // 23:30 in Los Angeles on March 31st (daylight saving time, UTC-7) is April 1st in UTC.
    const today = businessDay(new Date('2026-04-01T06:30:00Z'));
    expect(today).toBe('2026-03-31');
    expect(both('last-month', today)).toEqual({
      range: r('2026-02-01', '2026-02-28'),
      comparison: r('2026-01-01', '2026-01-31'),
    });
    // Half an hour later it is April in Los Angeles too: Last month is March.
    expect(presetRange('last-month', businessDay(new Date('2026-04-01T07:30:00Z')))).toEqual(
      r('2026-03-01', '2026-03-31'),
    );
  });

  it('months with a daylight-saving change are whole months of Pacific days', () => {
    // March 2026 loses an hour (Mar 8), November 2026 gains one (Nov 1).
    const march = rangeInstants(r('2026-03-01', '2026-03-31'));
    expect(march.start.toISOString()).toBe('2026-03-01T08:00:00.000Z');
    expect(march.endExclusive.toISOString()).toBe('2026-04-01T07:00:00.000Z');
    expect((march.endExclusive.getTime() - march.start.getTime()) / HOUR).toBe(31 * 24 - 1);
    const { range, comparison } = both('last-month', '2026-12-02');
    const november = rangeInstants(range);
    expect(november.start.toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(november.endExclusive.toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect((november.endExclusive.getTime() - november.start.getTime()) / HOUR).toBe(30 * 24 + 1);
    const october = rangeInstants(comparison);
    expect(october.start.toISOString()).toBe('2026-10-01T07:00:00.000Z');
    expect(october.endExclusive).toEqual(november.start);
  });

  it('the request names its preset, or none (a custom range); an unknown one is refused', () => {
    const range = r('2026-11-01', '2026-11-30');
    expect(z.parse(salesOverviewRequest, { range, preset: 'last-month' }).preset).toBe(
      'last-month',
    );
    expect(z.parse(salesOverviewRequest, { range }).preset).toBeUndefined();
    expect(z.safeParse(salesOverviewRequest, { range, preset: 'last-quarter' }).success).toBe(
      false,
    );
  });
});
