import { describe, expect, it } from 'vitest';
import {
  hasOpenBackorder,
  lineProgress,
  orderShipments,
  remainingLines,
  SHIPMENT_MESSAGES,
  shipmentProblem,
  shipmentSummary,
  statusAfterRefund,
  statusAfterShipment,
  unitsToShip,
  REFUNDED_NOT_SHIPPABLE,
  type ShippableOrder,
} from './shipments';

const items = [
  { product_id: 'cups', name: 'Cups', quantity: 50 },
  { product_id: 'lids', name: 'Dome Lids', quantity: 24, backordered: 24 },
  { product_id: 'syrup', name: 'Blue Coast Syrup', quantity: 24 },
];

function order(over: Partial<ShippableOrder> = {}): ShippableOrder {
  return { status: 'processing', items, shipments: [], refunds: [], ...over };
}

const first = {
  id: 's1',
  number: 1,
  lines: [
    { product_id: 'cups', quantity: 50 },
    { product_id: 'syrup', quantity: 24 },
  ],
  carrier: 'ups',
  tracking_number: '1Z999AA10123456784',
  shipped_at: new Date('2026-12-01T18:00:00Z'),
};

describe('line progress', () => {
  it('counts what each line shipped, what remains and which of it waits for stock', () => {
    const progress = lineProgress(order({ status: 'partially_shipped', shipments: [first] }));
    expect(progress.map((l) => [l.product_id, l.shipped, l.remaining, l.waiting])).toEqual([
      ['cups', 50, 0, 0],
      ['lids', 0, 24, 24],
      ['syrup', 24, 0, 0],
    ]);
    expect(unitsToShip(order({ status: 'partially_shipped', shipments: [first] }))).toBe(24);
    expect(hasOpenBackorder(order({ status: 'partially_shipped', shipments: [first] }))).toBe(true);
  });

  it('drops units refunded before they shipped from what remains, not shipped units', () => {
    const refunded = order({
      status: 'partially_shipped',
      shipments: [first],
      refunds: [
        { lines: [{ product_id: 'lids', quantity: 4, unshipped: 4 }] },
        { lines: [{ product_id: 'syrup', quantity: 2, unshipped: 0 }] },
      ],
    });
    const byId = new Map(lineProgress(refunded).map((l) => [l.product_id, l]));
    expect(byId.get('lids')).toMatchObject({
      remaining: 20,
      waiting: 20,
      refunded: 4,
      cancelled: 4,
    });
    expect(byId.get('syrup')).toMatchObject({ shipped: 24, remaining: 0, refunded: 2 });
  });

  it('takes units cancelled before shipping off the backordered ones first', () => {
    const mixed = order({
      items: [{ product_id: 'lids', name: 'Dome Lids', quantity: 24, backordered: 12 }],
      refunds: [{ lines: [{ product_id: 'lids', quantity: 12, unshipped: 12 }] }],
    });
    // The 12 backordered lids were cancelled: the 12 in stock still ship, and wait for nothing.
    expect(lineProgress(mixed)[0]).toMatchObject({ remaining: 12, waiting: 0 });
    expect(hasOpenBackorder(mixed)).toBe(false);
  });

  it('reads an order shipped whole before shipments as one shipment of every unit', () => {
    const old = order({
      status: 'shipped',
      shipment: { carrier: 'usps', tracking_number: 'ABCDE12345', shipped_at: 1 },
    });
    const [only] = orderShipments(old);
    expect(only?.lines).toEqual([
      { product_id: 'cups', quantity: 50 },
      { product_id: 'lids', quantity: 24 },
      { product_id: 'syrup', quantity: 24 },
    ]);
    expect(unitsToShip(old)).toBe(0);
    // Delivered with no shipment on record at all: everything went out.
    expect(unitsToShip(order({ status: 'delivered' }))).toBe(0);
  });

  it('has nothing to ship on a cancelled, refunded or pending order', () => {
    for (const status of ['cancelled', 'refunded', 'pending'] as const) {
      expect(unitsToShip(order({ status }))).toBe(0);
      expect(hasOpenBackorder(order({ status }))).toBe(false);
    }
  });
});

describe('a shipment', () => {
  it('may carry any units that remain, and leaves the order partially shipped or shipped', () => {
    const lines = first.lines;
    expect(shipmentProblem(order(), lines)).toBeNull();
    expect(statusAfterShipment(order(), lines)).toBe('partially_shipped');
    const after = order({ status: 'partially_shipped', shipments: [first] });
    expect(remainingLines(after)).toEqual([{ product_id: 'lids', quantity: 24 }]);
    expect(statusAfterShipment(after, remainingLines(after))).toBe('shipped');
  });

  it('refuses more than remains, lines twice, unknown lines and empty shipments', () => {
    const after = order({ status: 'partially_shipped', shipments: [first] });
    expect(shipmentProblem(after, [{ product_id: 'cups', quantity: 1 }])).toBe(
      'Nothing is left to ship of Cups.',
    );
    expect(shipmentProblem(after, [{ product_id: 'lids', quantity: 25 }])).toBe(
      'Only 24 units are left to ship of Dome Lids.',
    );
    expect(
      shipmentProblem(after, [
        { product_id: 'lids', quantity: 1 },
        { product_id: 'lids', quantity: 1 },
      ]),
    ).toBe(SHIPMENT_MESSAGES.twice('Dome Lids'));
    expect(shipmentProblem(after, [{ product_id: 'nope', quantity: 1 }])).toBe(
      SHIPMENT_MESSAGES.notOnOrder,
    );
    expect(shipmentProblem(after, [])).toBe(SHIPMENT_MESSAGES.noLines);
  });

  it('refuses orders that do not ship', () => {
    const lines = [{ product_id: 'cups', quantity: 1 }];
    expect(shipmentProblem(order({ status: 'refunded' }), lines)).toBe(REFUNDED_NOT_SHIPPABLE);
    expect(shipmentProblem(order({ status: 'pending' }), lines)).toBe(SHIPMENT_MESSAGES.pending);
    // A shipped order has nothing left: the shipment that lost a race hears that.
    expect(shipmentProblem(order({ status: 'shipped' }), lines)).toBe(
      'Nothing is left to ship of Cups.',
    );
    expect(shipmentProblem(order({ status: 'cancelled' }), lines)).toBe(
      'An order that is cancelled cannot be shipped.',
    );
    expect(shipmentProblem(order({ status: 'awaiting_payment' }), lines)).toBeNull();
  });

  it('summarises what a shipment carried by line names', () => {
    expect(shipmentSummary(order(), first.lines)).toBe('50 × Cups, 24 × Blue Coast Syrup');
  });
});

describe('the status after a refund', () => {
  const money = { amount: 10_000, refunded_amount: 500 };
  it('ships a partially shipped order whose remaining units are all refunded', () => {
    const after = order({
      ...money,
      status: 'partially_shipped',
      shipments: [first],
      refunds: [{ lines: [{ product_id: 'lids', quantity: 24, unshipped: 24 }] }],
    });
    expect(statusAfterRefund({ ...after, ...money })).toBe('shipped');
  });

  it('refunds a processing order with nothing left to ship and nothing shipped', () => {
    const all = order({
      status: 'processing',
      refunds: [
        {
          lines: items.map((i) => ({
            product_id: i.product_id,
            quantity: i.quantity,
            unshipped: i.quantity,
          })),
        },
      ],
    });
    expect(statusAfterRefund({ ...all, ...money })).toBe('refunded');
    expect(statusAfterRefund({ ...order(), ...money })).toBe('processing');
    expect(statusAfterRefund({ ...order(), amount: 500, refunded_amount: 500 })).toBe('refunded');
    expect(statusAfterRefund({ ...order({ status: 'shipped' }), ...money })).toBe('shipped');
  });
});
