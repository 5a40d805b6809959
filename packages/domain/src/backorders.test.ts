import { describe, expect, it } from 'vitest';
import { backorderedUnits, backorderMark, restockText, takesBackorders } from './backorders';
import { productSchema } from './schemas';
import { stockState } from './stock';

describe('backorders', () => {
  const lids = { stock_on_hand: 0, backorders_allowed: true, restock_date: '2026-12-10' };

  it('backorders what stock does not cover, only for products that take them', () => {
    expect(takesBackorders(lids)).toBe(true);
    expect(backorderedUnits(lids, 0, 24)).toBe(24);
    expect(backorderedUnits(lids, 5, 12)).toBe(7);
    expect(backorderedUnits(lids, 30, 12)).toBe(0);
    expect(backorderedUnits({ ...lids, backorders_allowed: false }, 0, 24)).toBe(0);
    // Stock not tracked: nothing is ever short.
    expect(takesBackorders({ ...lids, stock_on_hand: null })).toBe(false);
  });

  it('shows a backorder in the store instead of out of stock', () => {
    expect(stockState({ stock_on_hand: 0, stock_reserved: 0, backorders_allowed: true })).toBe(
      'backorder',
    );
    expect(stockState({ stock_on_hand: -14, stock_reserved: 0, backorders_allowed: true })).toBe(
      'backorder',
    );
    expect(stockState({ stock_on_hand: 0, stock_reserved: 0 })).toBe('out');
  });

  it('says when stock is expected, and marks backordered lines', () => {
    expect(restockText('2026-12-10')).toBe('Expected Dec 10, 2026');
    expect(restockText(null)).toBe('Ships when stock arrives');
    expect(backorderMark({ quantity: 24, backordered: 24 }, '2026-12-10')).toBe(
      'Backordered · Expected Dec 10, 2026',
    );
    expect(backorderMark({ quantity: 24, backordered: 7 })).toBe('7 backordered');
    expect(backorderMark({ quantity: 24, backordered: 0 }, null)).toBeNull();
  });

  it('reads products saved before backorders, and refuses a malformed restock date', () => {
    const base = {
      name: 'Lids',
      description: '',
      image_url: 'https://example.com/a.png',
      price_retailer: 100,
      is_active: true,
      sort_order: 1,
    };
    expect(productSchema.parse(base)).toMatchObject({
      backorders_allowed: false,
      restock_date: null,
    });
    expect(productSchema.safeParse({ ...base, restock_date: '12/10/2026' }).success).toBe(false);
    expect(productSchema.safeParse({ ...base, restock_date: '2026-02-31' }).success).toBe(false);
    expect(productSchema.safeParse({ ...base, restock_date: '2028-02-29' }).success).toBe(true);
    expect(productSchema.safeParse({ ...base, stock_on_hand: -14 }).success).toBe(true);
  });
});
