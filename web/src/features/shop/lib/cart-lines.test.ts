import { describe, expect, it } from 'vitest';
import { PRODUCT_DEFAULTS } from '@portal/domain';
import type { PricedProduct } from '@/entities/catalog';
import { cartLine, lineStock, nextBreakHint, summarizeCart } from './cart-lines';

/** A catalog product as fetchProducts returns it: unit_price is the buyer's price. */
const product = (
  id: string,
  retailer: number,
  unitPrice: number,
  is_active = true,
): PricedProduct => ({
  id,
  name: id,
  description: '',
  image_url: `/products/${id}.svg`,
  price_retailer: retailer,
  unit_price: unitPrice,
  is_active,
  sort_order: 0,
  ...PRODUCT_DEFAULTS,
  breaks: [],
  tier_price: unitPrice,
  price_list: null,
});

/** A syrup at $4.50, $3.90 from 24 units and $3.50 from 48, in cases of 6. */
const syrup = (overrides: Partial<PricedProduct> = {}): PricedProduct => ({
  ...product('syrup', 450, 450),
  name: 'Blue Coast',
  case_pack: 6,
  breaks: [
    { min_quantity: 24, unit_amount: 390 },
    { min_quantity: 48, unit_amount: 350 },
  ],
  ...overrides,
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
    const summary = summarizeCart(
      [{ product_id: 'x', quantity: 1 }],
      [product('x', 100, 90, false)],
    );
    expect(summary.available).toHaveLength(0);
    expect(summary.total).toBe(0);
  });

  it('prices each line at the break its quantity reaches, and totals with those prices', () => {
    const summary = summarizeCart(
      [
        { product_id: 'syrup', quantity: 30 },
        { product_id: 'a', quantity: 2 },
      ],
      [syrup(), product('a', 1000, 1000)],
    );
    const line = summary.lines.find((l) => l.productId === 'syrup');
    expect(line).toMatchObject({
      unitPrice: 390,
      basePrice: 450,
      breakFrom: 24,
      lineTotal: 30 * 390,
    });
    expect(summary.total).toBe(30 * 390 + 2 * 1000);
    expect(cartLine({ product_id: 'syrup', quantity: 48 }, syrup())).toMatchObject({
      unitPrice: 350,
      breakFrom: 48,
      lineTotal: 48 * 350,
    });
    expect(cartLine({ product_id: 'syrup', quantity: 18 }, syrup())).toMatchObject({
      unitPrice: 450,
      breakFrom: null,
    });
  });
});

describe('nextBreakHint', () => {
  it('names the units to add and the price when the next break is close', () => {
    expect(nextBreakHint(syrup({ case_pack: 1 }), 20)).toEqual({
      more: 4,
      quantity: 24,
      unitPrice: 390,
    });
    expect(nextBreakHint(syrup(), 18)).toEqual({ more: 6, quantity: 24, unitPrice: 390 });
    expect(nextBreakHint(syrup(), 36)).toEqual({ more: 12, quantity: 48, unitPrice: 350 });
  });

  it('says nothing when the break is far, reached already or there is none', () => {
    expect(nextBreakHint(syrup(), 6)).toBeNull();
    expect(nextBreakHint(syrup(), 30)).toBeNull();
    expect(nextBreakHint(syrup(), 48)).toBeNull();
    expect(nextBreakHint(product('a', 100, 100), 1)).toBeNull();
  });

  it('rounds the target up to a whole case', () => {
    // Cases of 10: the 24 break is reached at 30.
    expect(nextBreakHint(syrup({ case_pack: 10 }), 20)).toEqual({
      more: 10,
      quantity: 30,
      unitPrice: 390,
    });
  });
});

describe('cart line problems', () => {
  it('reports a quantity that breaks the case pack or the minimum, with the rounded fix', () => {
    expect(cartLine({ product_id: 'syrup', quantity: 5 }, syrup())).toMatchObject({
      quantityProblem: 'Blue Coast is sold in cases of 6: order a multiple of 6',
      roundedQuantity: 6,
    });
    expect(
      cartLine({ product_id: 'syrup', quantity: 12 }, syrup({ min_quantity: 24 })),
    ).toMatchObject({
      quantityProblem: 'The minimum order for Blue Coast is 24 units',
      roundedQuantity: 24,
    });
    expect(cartLine({ product_id: 'syrup', quantity: 12 }, syrup())).toMatchObject({
      quantityProblem: null,
      roundedQuantity: null,
    });
  });

  it('reports stock: out, only N left with the quantity that fits, or fine', () => {
    expect(lineStock(syrup({ stock_on_hand: 10, stock_reserved: 6 }), 6)).toEqual({
      state: 'out',
      available: 4,
      problem: 'Out of stock',
      fit: null,
      backordered: 0,
    });
    expect(lineStock(syrup({ stock_on_hand: 20, stock_reserved: 0 }), 24)).toEqual({
      state: 'low',
      available: 20,
      problem: 'Only 18 left',
      fit: 18,
      backordered: 0,
    });
    expect(lineStock(syrup({ stock_on_hand: 20, stock_reserved: 0 }), 18).problem).toBeNull();
    expect(lineStock(syrup(), 999)).toEqual({
      state: 'in_stock',
      available: null,
      problem: null,
      fit: null,
      backordered: 0,
    });
  });

  it('backorders what stock does not cover of a product that takes backorders, with no problem', () => {
    const backorders = { backorders_allowed: true, restock_date: '2026-12-10' };
    // 12 on hand of a line of 24: 12 backordered, not "Only 12 left".
    expect(lineStock(syrup({ ...backorders, stock_on_hand: 12, stock_reserved: 0 }), 24)).toEqual({
      state: 'low',
      available: 12,
      problem: null,
      fit: null,
      backordered: 12,
    });
    // None left (or owed to earlier backorders): the whole line is backordered.
    expect(lineStock(syrup({ ...backorders, stock_on_hand: -6, stock_reserved: 0 }), 24)).toEqual({
      state: 'backorder',
      available: 0,
      problem: null,
      fit: null,
      backordered: 24,
    });
    // Stock covers the line: nothing backordered.
    expect(
      lineStock(syrup({ ...backorders, stock_on_hand: 30, stock_reserved: 0 }), 24).backordered,
    ).toBe(0);
    // The same shortage without backorders is refused as before.
    expect(lineStock(syrup({ stock_on_hand: 12, stock_reserved: 0 }), 24).problem).toBe(
      'Only 12 left',
    );
  });
});
