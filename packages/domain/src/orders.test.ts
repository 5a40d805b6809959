import { describe, expect, it } from 'vitest';
import {
  canManagerMoveOrder,
  canTransitionOrder,
  effectiveOrderStatus,
  isFullyRefunded,
  isPaidStatus,
  managerOrderMoves,
  ORDER_STATUS_LABELS,
  MAX_LINE_QUANTITY,
  OrderPricingError,
  orderTotal,
  orderTotalProblem,
  shortOrderId,
} from './orders';
import { priceOrderLines, unitPriceFor } from './order-pricing';
import { priceForRole } from './pricing';
import { PRODUCT_DEFAULTS, withWholesalePrice, type CatalogProduct, type Product } from './schemas';

const stored = (id: string, retail: number, active = true): Product => ({
  ...PRODUCT_DEFAULTS,
  images: [],
  price_breaks: [],
  id,
  name: id.toUpperCase(),
  description: `${id} description`,
  image_url: `/products/${id}.svg`,
  price_retailer: retail,
  is_active: active,
  sort_order: 1,
});

const product = (id: string, retail: number, wholesale: number, active = true): CatalogProduct =>
  withWholesalePrice(stored(id, retail, active), { price_wholesaler: wholesale, price_breaks: [] });

const catalog = new Map(
  [
    product('a', 1000, 800),
    product('b', 2550, 1999),
    product('c', 49900, 42000),
    product('old', 100, 90, false),
  ].map((p) => [p.id, p] as const),
);

describe('pricing by role', () => {
  it('charges wholesalers the wholesale price and everyone else the retail price', () => {
    const p = catalog.get('b')!;
    expect(priceForRole(p, 'wholesaler')).toBe(1999);
    expect(priceForRole(p, 'retailer')).toBe(2550);
    expect(priceForRole(p, 'manager')).toBe(2550);
  });

  it('prices a three-line cart differently for a retailer and a wholesaler', () => {
    const cart = [
      { product_id: 'a', quantity: 2 },
      { product_id: 'b', quantity: 1 },
      { product_id: 'c', quantity: 3 },
    ];
    const retail = priceOrderLines(cart, catalog, 'retailer');
    const wholesale = priceOrderLines(cart, catalog, 'wholesaler');
    expect(retail.map((l) => l.line_total)).toEqual([2000, 2550, 149700]);
    expect(orderTotal(retail)).toBe(154250);
    expect(orderTotal(wholesale)).toBe(1600 + 1999 + 126000);
    expect(wholesale[2]).toMatchObject({ name: 'C', unit_amount: 42000, quantity: 3 });
  });

  it('refuses unknown and inactive products and bad quantities', () => {
    expect(() =>
      priceOrderLines([{ product_id: 'zzz', quantity: 1 }], catalog, 'retailer'),
    ).toThrow(OrderPricingError);
    expect(() =>
      priceOrderLines([{ product_id: 'old', quantity: 1 }], catalog, 'retailer'),
    ).toThrow(/no longer available/);
    for (const quantity of [0, -1, 1.5, MAX_LINE_QUANTITY + 1]) {
      expect(() => priceOrderLines([{ product_id: 'a', quantity }], catalog, 'retailer')).toThrow(
        /Invalid quantity/,
      );
    }
  });
});

describe('pricing from the stored product and the wholesale price', () => {
  const storedOnly = new Map(
    [stored('a', 1000), stored('b', 2550), stored('old', 100, false)].map(
      (p) => [p.id, p] as const,
    ),
  );

  it('prices a retailer (and a manager) from the stored products alone', () => {
    const cart = [
      { product_id: 'a', quantity: 2 },
      { product_id: 'b', quantity: 1 },
    ];
    expect(priceOrderLines(cart, storedOnly, 'retailer').map((l) => l.unit_amount)).toEqual([
      1000, 2550,
    ]);
    expect(priceOrderLines(cart, storedOnly, 'manager').map((l) => l.unit_amount)).toEqual([
      1000, 2550,
    ]);
  });

  it('refuses a wholesaler an active product without its wholesale price, naming it', () => {
    const mixed = new Map<string, Product | CatalogProduct>([
      ['a', product('a', 1000, 800)],
      ['b', stored('b', 2550)],
    ]);
    expect(
      priceOrderLines([{ product_id: 'a', quantity: 1 }], mixed, 'wholesaler')[0]?.unit_amount,
    ).toBe(800);
    expect(() => priceOrderLines([{ product_id: 'b', quantity: 1 }], mixed, 'wholesaler')).toThrow(
      'B has no wholesale price yet',
    );
    // An inactive product is refused as unavailable first, whatever its prices.
    expect(() =>
      priceOrderLines([{ product_id: 'old', quantity: 1 }], storedOnly, 'wholesaler'),
    ).toThrow('OLD is no longer available');
  });

  it('gives each role its unit price, and a wholesaler none without the joined view', () => {
    expect(unitPriceFor(product('a', 1000, 800), 'wholesaler')).toBe(800);
    expect(unitPriceFor(product('a', 1000, 800), 'retailer')).toBe(1000);
    expect(unitPriceFor(stored('a', 1000), 'retailer')).toBe(1000);
    expect(unitPriceFor(stored('a', 1000), 'wholesaler')).toBeNull();
  });
});

describe('order state machine', () => {
  it('follows pending -> processing -> shipped -> delivered', () => {
    expect(canTransitionOrder('pending', 'processing')).toBe(true);
    expect(canTransitionOrder('processing', 'shipped')).toBe(true);
    expect(canTransitionOrder('shipped', 'delivered')).toBe(true);
  });

  it('cancels only from pending or processing and never moves backwards', () => {
    expect(canTransitionOrder('pending', 'cancelled')).toBe(true);
    expect(canTransitionOrder('processing', 'cancelled')).toBe(true);
    expect(canTransitionOrder('shipped', 'cancelled')).toBe(false);
    expect(canTransitionOrder('delivered', 'shipped')).toBe(false);
    expect(canTransitionOrder('processing', 'pending')).toBe(false);
    expect(canTransitionOrder('cancelled', 'processing')).toBe(false);
    expect(canTransitionOrder('pending', 'pending')).toBe(false);
  });

  it('leaves pending orders (payment processing) to Stripe: managers cannot move them', () => {
    expect(canManagerMoveOrder('pending', 'processing')).toBe(false);
    expect(canManagerMoveOrder('pending', 'cancelled')).toBe(false);
    expect(managerOrderMoves('pending')).toEqual([]);
    expect(managerOrderMoves('processing')).toEqual(['shipped', 'cancelled']);
    expect(managerOrderMoves('shipped')).toEqual(['delivered']);
    expect(canManagerMoveOrder('delivered', 'cancelled')).toBe(false);
    // Partially shipped is where a shipment leaves an order, never a button of its own; the
    // rest of such an order is shipped by "Mark Shipped" (a shipment of the rest).
    expect(canManagerMoveOrder('processing', 'partially_shipped')).toBe(false);
    expect(managerOrderMoves('partially_shipped')).toEqual(['shipped']);
  });

  it('shows order ids as # plus 8 characters', () => {
    expect(shortOrderId('abcdefghijkl')).toBe('#abcdefgh');
  });
});

describe('order total limits', () => {
  it('refuses totals a card payment cannot take, with the limit in dollars', () => {
    expect(orderTotalProblem(49)).toBe('Orders must total at least $0.50');
    expect(orderTotalProblem(0)).toBe('Orders must total at least $0.50');
    expect(orderTotalProblem(50)).toBeNull();
    expect(orderTotalProblem(99_999_999)).toBeNull();
    expect(orderTotalProblem(100_000_000)).toBe(
      'Orders can total at most $999,999.99; split this one',
    );
  });
});

describe('refunded orders', () => {
  it('a processing order moves to refunded; refunded is final and no manager moves there', () => {
    expect(canTransitionOrder('processing', 'refunded')).toBe(true);
    expect(canTransitionOrder('refunded', 'shipped')).toBe(false);
    expect(canTransitionOrder('shipped', 'refunded')).toBe(false);
    expect(managerOrderMoves('refunded')).toEqual([]);
    expect(canManagerMoveOrder('processing', 'refunded')).toBe(false);
    expect(managerOrderMoves('processing')).toEqual(['shipped', 'cancelled']);
  });

  it('an order refunded in full while processing reads as refunded', () => {
    const order = { status: 'processing' as const, amount: 5000, refunded_amount: 5000 };
    expect(isFullyRefunded(order)).toBe(true);
    expect(effectiveOrderStatus(order)).toBe('refunded');
    expect(effectiveOrderStatus({ ...order, refunded_amount: 4999 })).toBe('processing');
    expect(effectiveOrderStatus({ ...order, status: 'shipped' })).toBe('shipped');
    expect(effectiveOrderStatus({ ...order, amount: 0, refunded_amount: 0 })).toBe('processing');
    expect(isPaidStatus('refunded')).toBe(true);
    expect(ORDER_STATUS_LABELS.refunded).toBe('Refunded');
  });
});
