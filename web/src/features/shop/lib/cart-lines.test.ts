import { describe, expect, it } from 'vitest';
import type { PricedProduct } from '@/entities/catalog';
import { summarizeCart } from './cart-lines';

/** A catalog product as fetchProducts returns it: unit_price is the buyer's price. */
const product = (id: string, retailer: number, unitPrice: number, is_active = true): PricedProduct => ({
  id,
  name: id,
  description: '',
  image_url: `/products/${id}.svg`,
  price_retailer: retailer,
  unit_price: unitPrice,
  is_active,
  sort_order: 0,
});

describe('summarizeCart', () => {
  const retail = [product('a', 1000, 1000), product('b', 250, 250)];
  const wholesale = [product('a', 1000, 800), product('b', 250, 199)];
  const items = [
    { product_id: 'b', quantity: 3 },
    { product_id: 'a', quantity: 2 },
    { product_id: 'gone', quantity: 5 },
  ];

  it('prices lines for a retailer, keeps catalog order and leaves unavailable lines out of totals', () => {
    const summary = summarizeCart(items, retail);
    expect(summary.lines.map((l) => l.productId)).toEqual(['a', 'b', 'gone']);
    expect(summary.subtotal).toBe(2 * 1000 + 3 * 250);
    expect(summary.total).toBe(summary.subtotal);
    expect(summary.shipping).toBe(0);
    expect(summary.itemCount).toBe(5);
    expect(summary.unavailable.map((l) => l.productId)).toEqual(['gone']);
  });

  it('prices lines at the unit price the catalog was fetched with (a wholesaler)', () => {
    const summary = summarizeCart(items, wholesale);
    expect(summary.subtotal).toBe(2 * 800 + 3 * 199);
    expect(summary.available[0]?.lineTotal).toBe(1600);
  });

  it('treats an inactive product as unavailable', () => {
    const summary = summarizeCart([{ product_id: 'x', quantity: 1 }], [product('x', 100, 90, false)]);
    expect(summary.available).toHaveLength(0);
    expect(summary.total).toBe(0);
  });
});
