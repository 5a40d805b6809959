import { describe, expect, it } from 'vitest';
import {
  bucketLabel,
  change,
  comparisonText,
  periodLabel,
  formatDayRange,
  intervalNote,
  productsSummary,
  revenueSummary,
} from './overview-figures';

describe('the Overview figures', () => {
  it('gives the change against the previous period', () => {
    expect(change(112_500, 100_000)).toEqual({
      kind: 'up',
      text: '▲ 12.5%',
      label: 'up 12.5% from the previous period',
    });
    expect(change(97, 100)).toMatchObject({ kind: 'down', text: '▼ 3.0%' });
    expect(change(0, 100)).toMatchObject({ kind: 'down', text: '▼ 100.0%' });
    expect(change(5, 5)).toMatchObject({ kind: 'same', text: 'No change' });
    expect(change(0, 0)).toMatchObject({ kind: 'same', text: 'No change' });
    expect(change(3, 0)).toMatchObject({ kind: 'new', text: 'New' });
  });

  it('names ranges and the period they are compared with', () => {
    const today = '2026-03-15';
    expect(formatDayRange({ from: '2026-03-09', to: '2026-03-15' }, today)).toBe('Mar 9 – Mar 15');
    expect(formatDayRange({ from: '2025-12-01', to: '2026-01-31' }, today)).toBe(
      'Dec 1, 2025 – Jan 31, 2026',
    );
    expect(formatDayRange({ from: today, to: today }, today)).toBe('Mar 15');
    expect(comparisonText('today', { from: today, to: today }, today)).toBe('vs. the previous day');
    expect(comparisonText('last-7-days', { from: '2026-03-09', to: today }, today)).toBe(
      'vs. the previous 7 days',
    );
    // Last month against the whole month before it, not the 28 days before it (Jan 4 – Jan 31).
    expect(comparisonText('last-month', { from: '2026-02-01', to: '2026-02-28' }, today)).toBe(
      'vs. Jan 1 – Jan 31',
    );
    expect(comparisonText('this-month', { from: '2026-03-01', to: today }, today)).toBe(
      'vs. Feb 1 – Feb 15',
    );
    expect(comparisonText('custom', { from: '2026-10-01', to: '2026-10-31' }, '2026-12-01')).toBe(
      'vs. Sep 1 – Sep 30',
    );
    expect(comparisonText('custom', { from: '2026-10-05', to: '2026-10-11' }, '2026-12-01')).toBe(
      'vs. Sep 28 – Oct 4',
    );
    // The period the figures cover, labelled apart from the all-time totals.
    expect(periodLabel('last-month', { from: '2026-02-01', to: '2026-02-28' }, today)).toBe(
      'Last month: Feb 1 – Feb 28',
    );
    expect(periodLabel('custom', { from: '2026-02-03', to: '2026-02-09' }, today)).toBe(
      'Feb 3 – Feb 9',
    );
  });

  it('labels buckets and says when the series is coarser than asked', () => {
    expect(bucketLabel('2026-03-09', 'day')).toBe('Mar 9');
    expect(bucketLabel('2026-03-09', 'week')).toBe('Mar 9');
    expect(bucketLabel('2026-03-01', 'month')).toBe('Mar 2026');
    expect(intervalNote('day', 'day')).toBeNull();
    expect(intervalNote('week', 'month')).toBe('Shown per month for ranges over 2 years');
    expect(intervalNote('day', 'week')).toBe('Shown per week for ranges over 92 days');
  });

  it('sums up a chart in a sentence', () => {
    expect(
      revenueSummary(
        [
          { start: '2026-03-09', revenue: 50_000, orders: 40 },
          { start: '2026-03-16', revenue: 62_500, orders: 57 },
        ],
        'week',
        'Mar 9 – Mar 22',
      ),
    ).toBe(
      'Revenue per week, Mar 9 – Mar 22: $1,125.00 in all, the most in the week of Mar 16 ($625.00).',
    );
    expect(revenueSummary([{ start: '2026-03-09', revenue: 0, orders: 0 }], 'day', 'Mar 9')).toBe(
      'Revenue per day, Mar 9: $0.00 in all.',
    );
    const product = (name: string, units: number) => ({
      productId: name,
      name,
      revenue: 0,
      units,
      listDiscount: 0,
    });
    expect(
      productsSummary(
        [product('A', 9), product('B', 1), product('C', 1), product('D', 1)],
        'units',
      ),
    ).toBe(
      'Top 4 products by units, highest first: A (9 units), B (1 unit), C (1 unit) and 1 more.',
    );
  });
});
