import { describe, expect, it } from 'vitest';
import type { Product } from '@portal/domain';
import { summarizeCart } from './cart-lines';

const product = (id: string, retailer: number, wholesaler: number, is_active = true): Product => ({
  id,
  name: id,
  description: '',
  image_url: `/products/${id}.svg`,
  price_retailer: retailer,
  price_wholesaler: wholesaler,
  is_active,
  sort_order: 0,
});

describe('summarizeCart', () => {
  const products = [product('a', 1000, 800), product('b', 250, 199)];
  const items = [
    { product_id: 'b', quantity: 3 },
    { product_id: 'a', quantity: 2 },
    { product_id: 'gone', quantity: 5 },
  ];

  it('prices lines for a retailer, keeps catalog order and leaves unavailable lines out of totals', () => {
    const summary = summarizeCart(items, products, 'retailer');
    expect(summary.lines.map((l) => l.productId)).toEqual(['a', 'b', 'gone']);
    expect(summary.subtotal).toBe(2 * 1000 + 3 * 250);
    expect(summary.total).toBe(summary.subtotal);
    expect(summary.shipping).toBe(0);
    expect(summary.itemCount).toBe(5);
    expect(summary.unavailable.map((l) => l.productId)).toEqual(['gone']);
  });

  it('prices lines for a wholesaler', () => {
    const summary = summarizeCart(items, products, 'wholesaler');
    expect(summary.subtotal).toBe(2 * 800 + 3 * 199);
    expect(summary.available[0]?.lineTotal).toBe(1600);
  });

  it('treats an inactive product as unavailable', () => {
    const summary = summarizeCart([{ product_id: 'x', quantity: 1 }], [product('x', 100, 90, false)], 'retailer');
    expect(summary.available).toHaveLength(0);
    expect(summary.total).toBe(0);
  });
});
