import { describe, expect, it } from 'vitest';
import { createCheckoutSessionRequest, manageStandingOrderRequest } from './contracts';
import { MAX_ORDER_LINES } from './orders';
import {
  deliveryChoiceLabel,
  INTERVAL_PROBLEM,
  linePauseNotice,
  nextChargedDelivery,
  standingOrderCycleAmount,
  standingOrderSchema,
  upcomingDeliveries,
  WEEK_MS,
  type StandingOrder,
} from './standing-orders';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

function standing(overrides: Partial<StandingOrder> = {}): StandingOrder {
  return standingOrderSchema.parse({
    user_id: 'u1',
    store_name: 'Corner Smoke Shop',
    role: 'retailer',
    interval_weeks: 2,
    status: 'active',
    lines: [
      { product_id: 'a', name: 'Blue', quantity: 12, unit_amount: 600 },
      {
        product_id: 'b',
        name: 'Cups',
        quantity: 20,
        unit_amount: 50,
        paused_reason: 'out_of_stock',
      },
    ],
    next_delivery_at: day('2026-12-01'),
    created_at: day('2026-11-17'),
    updated_at: day('2026-11-17'),
    ...overrides,
    id: 'so1',
  }) as StandingOrder;
}

describe('standing orders', () => {
  it('reads a stored standing order with defaults for the optional fields', () => {
    const order = standing();
    expect(order.skipped_delivery_at).toBeNull();
    expect(order.paused_by_manager).toBe(false);
    expect(order.orders_count).toBe(0);
    expect(order.lines[0]!.paused_reason).toBeNull();
    // Firestore Timestamps (anything with toDate) read as dates.
    const stamped = standingOrderSchema.parse({
      ...standing(),
      created_at: { toDate: () => day('2026-01-01') },
    });
    expect(stamped.created_at).toEqual(day('2026-01-01'));
  });

  it('charges only the delivered lines per cycle', () => {
    expect(standingOrderCycleAmount(standing().lines)).toBe(7200);
  });

  it('names the choice and the pause reasons', () => {
    expect(deliveryChoiceLabel(4)).toBe('Deliver every 4 weeks');
    expect(linePauseNotice('Cups', 'out_of_stock')).toBe(
      'Paused: Cups is out of stock. It is delivered again once it is back.',
    );
    expect(linePauseNotice('Cups', 'inactive')).toBe('Paused: Cups is no longer sold.');
  });

  it('skipping the next delivery makes the following one the next charged', () => {
    expect(nextChargedDelivery(standing())).toEqual(day('2026-12-01'));
    const skipped = standing({ skipped_delivery_at: day('2026-12-01') });
    expect(nextChargedDelivery(skipped)).toEqual(
      new Date(day('2026-12-01').getTime() + 2 * WEEK_MS),
    );
    expect(nextChargedDelivery(standing({ next_delivery_at: null }))).toBeNull();
  });

  it('lists the deliveries of the next 14 days, each cycle once, skipped and stopped ones left out', () => {
    const from = day('2026-11-26');
    const every2 = standing({ next_delivery_at: day('2026-11-27') });
    const every8 = standing({ interval_weeks: 8, next_delivery_at: day('2026-12-05') });
    const skipped = standing({
      next_delivery_at: day('2026-11-28'),
      skipped_delivery_at: day('2026-11-28'),
    });
    const paused = standing({ status: 'paused', next_delivery_at: day('2026-11-29') });
    const cancelled = standing({ status: 'cancelled', next_delivery_at: day('2026-11-29') });
    const later = standing({ next_delivery_at: day('2026-12-09') });
    const beyond = standing({ next_delivery_at: day('2026-12-10') });
    const list = upcomingDeliveries(
      [every2, every8, skipped, paused, cancelled, later, beyond],
      from,
    );
    expect(
      list.map((entry) => [entry.order.interval_weeks, entry.at.toISOString().slice(0, 10)]),
    ).toEqual([
      [2, '2026-11-27'],
      [8, '2026-12-05'],
      [2, '2026-12-09'],
    ]);
  });
});

describe('standing order requests', () => {
  it('takes an offered interval for the cart only', () => {
    expect(createCheckoutSessionRequest.parse({ interval: 2 })).toEqual({
      productId: undefined,
      interval: 2,
    });
    for (const interval of [3, 0, '2', 2.5, null, 16]) {
      const result = createCheckoutSessionRequest.safeParse({ interval });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(INTERVAL_PROBLEM);
    }
    const buyNow = createCheckoutSessionRequest.safeParse({ productId: 'p', interval: 4 });
    expect(buyNow.error?.issues[0]?.message).toBe(
      'A standing order is made from the cart, not with Buy Now.',
    );
  });

  it('parses each action and refuses bad quantities and unknown actions', () => {
    expect(manageStandingOrderRequest.parse({ standingOrderId: 's', action: 'skip' })).toEqual({
      standingOrderId: 's',
      action: 'skip',
    });
    expect(
      manageStandingOrderRequest.parse({
        standingOrderId: 's',
        action: 'set_quantities',
        quantities: { a: 24 },
      }),
    ).toMatchObject({ quantities: { a: 24 } });
    const bad = [
      { standingOrderId: 's', action: 'delete' },
      { standingOrderId: 's', action: 'skip', quantities: { a: 1 } },
      { standingOrderId: 's', action: 'set_quantities', quantities: {} },
      { standingOrderId: 's', action: 'set_quantities', quantities: { a: 0 } },
      { standingOrderId: 's', action: 'set_quantities', quantities: { a: 1.5 } },
      { standingOrderId: 's', action: 'set_quantities', quantities: { 'a/b': 6 } },
      { standingOrderId: '', action: 'cancel' },
    ];
    for (const input of bad)
      expect(manageStandingOrderRequest.safeParse(input).success).toBe(false);
  });

  it('takes at most as many quantities as an order has lines', () => {
    const quantities = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, 1]));
    const request = (count: number) => ({
      standingOrderId: 's',
      action: 'set_quantities',
      quantities: quantities(count),
    });
    expect(manageStandingOrderRequest.safeParse(request(MAX_ORDER_LINES)).success).toBe(true);
    const tooMany = manageStandingOrderRequest.safeParse(request(MAX_ORDER_LINES + 1));
    expect(tooMany.error?.issues[0]?.message).toBe(`Enter at most ${MAX_ORDER_LINES} quantities.`);
  });
});
