import { describe, expect, it } from 'vitest';
import {
  countsForUsualOrder,
  USUAL_ORDER_MAX_LINES,
  USUAL_ORDER_WINDOW,
  usualOrder,
  usualOrderItems,
  type UsualOrderProduct,
  type UsualOrderSource,
} from './usual-order';

let sequence = 0;

/** An order placed `day` days into 2026, paid, with [product, quantity] lines. */
function order(
  day: number,
  lines: [string, number][],
  overrides: Partial<UsualOrderSource> = {},
): UsualOrderSource {
  sequence += 1;
  return {
    id: `order-${sequence}`,
    status: 'delivered',
    amount: 10_000,
    refunded_amount: 0,
    source: 'cart',
    created_at: new Date(Date.UTC(2026, 0, day)),
    items: lines.map(([product_id, quantity]) => ({
      product_id,
      name: `Name ${product_id}`,
      quantity,
    })),
    ...overrides,
  };
}

const ids = (orders: UsualOrderSource[]) => usualOrder(orders).map((line) => line.product_id);

describe('usualOrder', () => {
  it('is empty with no orders or a single counting order', () => {
    expect(usualOrder([])).toEqual([]);
    expect(usualOrder([order(1, [['a', 12]])])).toEqual([]);
    // Two orders, but one of them does not count.
    expect(
      usualOrder([order(1, [['a', 12]]), order(2, [['a', 12]], { status: 'pending' })]),
    ).toEqual([]);
  });

  it('lists the products of at least two orders, with their counts, units and latest date', () => {
    const lines = usualOrder([
      order(1, [
        ['a', 12],
        ['b', 1],
      ]),
      order(5, [
        ['a', 24],
        ['c', 3],
      ]),
      order(9, [
        ['a', 12],
        ['c', 3],
      ]),
    ]);
    expect(lines).toEqual([
      {
        product_id: 'a',
        name: 'Name a',
        quantity: 12,
        orders: 3,
        units: 48,
        last_ordered_at: new Date(Date.UTC(2026, 0, 9)),
      },
      {
        product_id: 'c',
        name: 'Name c',
        quantity: 3,
        orders: 2,
        units: 6,
        last_ordered_at: new Date(Date.UTC(2026, 0, 9)),
      },
    ]);
  });

  it('ranks by orders, then units, then the latest order, then name', () => {
    const orders = [
      order(1, [
        ['units', 50],
        ['recent', 1],
        ['older', 1],
        ['most', 1],
        ['zeta', 2],
        ['alpha', 2],
      ]),
      order(2, [
        ['units', 50],
        ['older', 1],
        ['most', 1],
        ['zeta', 2],
        ['alpha', 2],
      ]),
      order(3, [
        ['recent', 1],
        ['most', 1],
      ]),
    ];
    // most: 3 orders; units: 100 units; then 2 units each: recent (day 3) before older (day 2);
    // zeta and alpha: 4 units, day 2: by name.
    expect(ids(orders)).toEqual(['most', 'units', 'alpha', 'zeta', 'recent', 'older']);
  });

  it('takes the quantity ordered most often, a tie going to the latest order', () => {
    const often = usualOrder([
      order(1, [['a', 24]]),
      order(2, [['a', 12]]),
      order(3, [['a', 24]]),
      order(4, [['a', 36]]),
    ]);
    expect(often[0]?.quantity).toBe(24);
    const tie = usualOrder([
      order(1, [['a', 24]]),
      order(2, [['a', 12]]),
      order(3, [['a', 12]]),
      order(4, [['a', 24]]),
      order(5, [['a', 6]]),
    ]);
    // 24 and 12 twice each: the latest of those orders (day 4) had 24.
    expect(tie[0]?.quantity).toBe(24);
  });

  it("adds up one order's lines of the same product", () => {
    const lines = usualOrder([
      order(1, [
        ['a', 6],
        ['a', 6],
      ]),
      order(2, [['a', 12]]),
    ]);
    expect(lines[0]).toMatchObject({ quantity: 12, orders: 2, units: 24 });
  });

  it('counts only orders placed for real and kept', () => {
    const counted = (overrides: Partial<UsualOrderSource>) =>
      countsForUsualOrder(order(1, [['a', 1]], overrides));
    for (const status of ['processing', 'partially_shipped', 'shipped', 'delivered'] as const)
      expect(counted({ status })).toBe(true);
    expect(counted({ status: 'awaiting_payment' })).toBe(true);
    for (const status of ['pending', 'cancelled', 'refunded'] as const)
      expect(counted({ status })).toBe(false);
    // Refunded in full (a shipped order keeps its status), and part of it.
    expect(counted({ status: 'shipped', refunded_amount: 10_000 })).toBe(false);
    expect(counted({ status: 'shipped', refunded_amount: 2_000 })).toBe(true);
    expect(counted({ source: 'replacement', amount: 0 })).toBe(false);
    expect(counted({ source: 'standing_order' })).toBe(false);
    expect(counted({ source: 'quote' })).toBe(true);
    expect(counted({ source: 'buy_now' })).toBe(true);
    expect(counted({ source: undefined })).toBe(true);
  });

  it('reads only the newest orders of the window, in any order given', () => {
    // The two orders holding "old" are older than the window's newest orders.
    const newest = Array.from({ length: USUAL_ORDER_WINDOW }, (_, i) =>
      order(100 + i, [['new', 1]]),
    );
    const old = [order(1, [['old', 5]]), order(2, [['old', 5]])];
    expect(ids([...old, ...newest].reverse())).toEqual(['new']);
    expect(ids([...old, ...newest.slice(2)])).toEqual(['new', 'old']);
  });

  it(`lists at most ${USUAL_ORDER_MAX_LINES} products`, () => {
    const lines = Array.from({ length: 12 }, (_, i): [string, number] => [`p${i}`, i + 1]);
    const result = usualOrder([order(1, lines), order(2, lines)]);
    expect(result).toHaveLength(USUAL_ORDER_MAX_LINES);
    // The most units first.
    expect(result[0]?.product_id).toBe('p11');
  });
});

function product(id: string, overrides: Partial<UsualOrderProduct> = {}): UsualOrderProduct {
  return {
    id,
    name: `Product ${id}`,
    case_pack: 1,
    min_quantity: 1,
    stock_on_hand: null,
    stock_reserved: 0,
    ...overrides,
  };
}

describe('usualOrderItems', () => {
  const line = (product_id: string, quantity: number) => ({
    product_id,
    name: 'Old name',
    quantity,
    orders: 2,
    units: quantity * 2,
    last_ordered_at: new Date(0),
  });

  it("leaves out products no longer sold and rounds to today's case pack and minimum", () => {
    const catalog = new Map([
      ['cases', product('cases', { case_pack: 12 })],
      ['minimum', product('minimum', { min_quantity: 24 })],
      ['same', product('same')],
    ]);
    const items = usualOrderItems(
      [line('cases', 10), line('gone', 4), line('minimum', 6), line('same', 7)],
      catalog,
    );
    expect(
      items.map(({ product, quantity, note, out }) => [product.id, quantity, note, out]),
    ).toEqual([
      ['cases', 12, 'Sold in cases of 12: 10 units became 12.', false],
      ['minimum', 24, 'The minimum order is 24 units: 6 units became 24.', false],
      ['same', 7, null, false],
    ]);
  });

  it('marks a product out when fewer than its smallest order are left, unless it takes backorders', () => {
    const catalog = new Map([
      ['out', product('out', { stock_on_hand: 10, stock_reserved: 10 })],
      ['short', product('short', { case_pack: 6, stock_on_hand: 5 })],
      ['some', product('some', { stock_on_hand: 3 })],
      ['backorder', product('backorder', { stock_on_hand: 0, backorders_allowed: true })],
    ]);
    const items = usualOrderItems(
      [line('out', 1), line('short', 6), line('some', 5), line('backorder', 2)],
      catalog,
    );
    expect(items.map((item) => [item.product.id, item.out])).toEqual([
      ['out', true],
      ['short', true],
      // Fewer than usual left, but some: adding it says "Only 3 left".
      ['some', false],
      ['backorder', false],
    ]);
  });
});
