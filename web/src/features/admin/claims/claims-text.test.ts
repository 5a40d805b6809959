import { describe, expect, it } from 'vitest';
import { adminOrderHref, ageText, filterLabel, itemsSummary, orderLabel } from './claims-text';

const line = (name: string, quantity: number) => ({
  product_id: name,
  name,
  sku: '',
  quantity,
  unit_amount: 100,
});

describe('the Claims tab’s words', () => {
  it('says how long ago a claim was reported, in hours under a day, then in days', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const HOUR = 60 * 60 * 1000;
    expect(ageText(ago(59 * 60 * 1000), now)).toBe('Under an hour');
    expect(ageText(ago(HOUR), now)).toBe('1 hour');
    expect(ageText(ago(23 * HOUR + 59 * 60 * 1000), now)).toBe('23 hours');
    expect(ageText(ago(24 * HOUR), now)).toBe('1 day');
    expect(ageText(ago(15 * 24 * HOUR), now)).toBe('15 days');
    // A clock a little ahead of the server's: never a negative age.
    expect(ageText(ago(-5000), now)).toBe('Under an hour');
  });

  it('sums up the items: the first line, then how many more lines and units', () => {
    expect(itemsSummary({ lines: [line('Syrup', 2)] })).toBe('Syrup × 2');
    expect(itemsSummary({ lines: [line('Syrup', 2), line('Cups', 1)] })).toBe(
      'Syrup × 2 and 1 more item (3 units)',
    );
    expect(itemsSummary({ lines: [line('Syrup', 2), line('Cups', 1), line('Lids', 4)] })).toBe(
      'Syrup × 2 and 2 more items (7 units)',
    );
    expect(itemsSummary({ lines: [] })).toBe('—');
  });

  it('names the filter with its count once known, and the order by its invoice or number', () => {
    expect(filterLabel('awaiting_buyer', undefined)).toBe('Awaiting buyer');
    expect(filterLabel('awaiting_buyer', 3)).toBe('Awaiting buyer (3)');
    expect(filterLabel('all', 0)).toBe('All (0)');
    expect(orderLabel({ order_id: 'abcdefghij', invoice_number: 'INV-000042' })).toBe('INV-000042');
    expect(orderLabel({ order_id: 'abcdefghij', invoice_number: '' })).toBe('#abcdefgh');
    expect(adminOrderHref('c1-replacement')).toBe('/admin?tab=orders&order=c1-replacement');
  });
});
