import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import {
  mailKeys,
  paths,
  PRODUCT_DEFAULTS,
  SHIPMENT_MESSAGES,
  shipmentSummary,
} from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { shipOrderHandler } from '../../src/handlers/ship-order';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import { firestore } from '../../src/lib/admin';
import { readOrder } from '../../src/orders/order-record';
import { mailDoc, mailKeysStartingWith } from '../mail/support';
import {
  checkoutOf,
  createUser,
  payWithShipTo,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from './support';

/**
 * Shipments (docs/order-lifecycle.md#shipments): shipOrder records what each shipment carries,
 * never more than remains, once per request; the order reads partially shipped until nothing
 * remains; the buyer gets one mail per shipment; updateOrderStatus 'shipped' is a shipment of the
 * rest.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;
let buyer: TestUser;
const RUN = randomUUID().slice(0, 8);
/** A product of this file's own, whose lines the tests mark backordered. */
const SYRUP = `t-ship-syrup-${RUN}`;
const MANGO = 'mango-tango';
const BLUE = 'blue-coast';
const db = () => firestore();

beforeAll(async () => {
  harness = await startPaymentsHarness();
  [manager, buyer] = await Promise.all([createUser('manager'), createUser('retailer')]);
  await db()
    .doc(paths.product(SYRUP))
    .set({
      ...PRODUCT_DEFAULTS,
      name: 'Shipment Syrup',
      description: 'Shipments test product.',
      image_url: '/products/blue-coast.svg',
      price_retailer: 1_000,
      is_active: true,
      sort_order: 97_600,
      sku: `SHIP-${RUN.toUpperCase()}`,
      stock_on_hand: 1_000,
      backorders_allowed: true,
      restock_date: '2026-12-10',
    });
  await db().doc(paths.wholesalePrice(SYRUP)).set({ price_wholesaler: 800, price_breaks: [] });
});
afterAll(async () => {
  await db().doc(paths.product(SYRUP)).delete();
  await db().doc(paths.wholesalePrice(SYRUP)).delete();
  await harness?.stop();
});

const orderOf = async (orderId: string) => readOrder(await db().doc(paths.order(orderId)).get())!;
/** The stored order document as it is, to compare before and after a refusal. */
const rawOrder = async (orderId: string) => (await db().doc(paths.order(orderId)).get()).data();

async function paidOrder(cart: Record<string, number>) {
  await setCart(buyer.uid, cart);
  const { orderId } = await createCheckoutSessionHandler(buyer.request({}));
  await payWithShipTo(harness.sandbox, (await checkoutOf(orderId)).stripe_session_id!);
  await harness.sandbox.whenWebhooksIdle();
  const order = await orderOf(orderId);
  expect(order.status).toBe('processing');
  return orderId;
}

const UPS = { carrier: 'ups', trackingNumber: '1Z999AA10123456784' };
const USPS = { carrier: 'usps', trackingNumber: '9400111899223100012345' };

function shipRequest(
  orderId: string,
  lines: Record<string, number> | Array<[string, number]>,
  options: { shipment?: typeof UPS; requestId?: string } = {},
) {
  return {
    orderId,
    requestId: options.requestId ?? randomUUID(),
    lines: (Array.isArray(lines) ? lines : Object.entries(lines)).map(([productId, quantity]) => ({
      productId,
      quantity,
    })),
    shipment: options.shipment ?? UPS,
  };
}

const ship = (...args: Parameters<typeof shipRequest>) =>
  shipOrderHandler(manager.request(shipRequest(...args)));

const shippedMails = (orderId: string) => mailKeysStartingWith(`order-shipped.${orderId}`);

describe('shipOrder', () => {
  it('ships part, then the rest: partially shipped, then shipped, with one mail per shipment saying what it carries and what remains', async () => {
    const orderId = await paidOrder({ [MANGO]: 3, [SYRUP]: 2 });
    // The syrup's two units were not in stock when ordered (checkout marks them; here by hand).
    const placed = await orderOf(orderId);
    await db()
      .doc(paths.order(orderId))
      .update({
        items: placed.items.map((item) =>
          item.product_id === SYRUP ? { ...item, backordered: 2 } : item,
        ),
        backorder_open: true,
      });
    const mangoName = placed.items.find((item) => item.product_id === MANGO)!.name;
    const label = placed.invoice_number!;
    const before = Date.now();

    const first = await ship(orderId, { [MANGO]: 3 });
    expect(first).toEqual({
      orderId,
      status: 'partially_shipped',
      shipmentId: 'shipment-1',
      number: 1,
    });
    const partial = await orderOf(orderId);
    expect(partial.status).toBe('partially_shipped');
    expect(partial.shipments).toHaveLength(1);
    expect(partial.shipments[0]).toMatchObject({
      id: 'shipment-1',
      number: 1,
      lines: [{ product_id: MANGO, quantity: 3 }],
      carrier: 'ups',
      tracking_number: '1Z999AA10123456784',
      by: manager.uid,
    });
    const shippedAt = partial.shipments[0]!.shipped_at.toMillis();
    expect(shippedAt).toBeGreaterThanOrEqual(before - 1_000);
    expect(shippedAt).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(partial.shipment).toMatchObject({
      carrier: 'ups',
      tracking_number: '1Z999AA10123456784',
    });
    // The backordered units still wait: the order stays in the managers' backorder queue.
    expect(partial.backorder_open).toBe(true);
    expect(partial.status_history.map((h) => [h.status, h.by])).toEqual([
      ['processing', 'stripe'],
      ['partially_shipped', manager.uid],
    ]);
    const firstMail = await mailDoc(mailKeys.orderShipped(orderId, 1));
    expect(firstMail).toMatchObject({ to: [buyer.email] });
    expect(firstMail!.message.subject).toBe(`Part of your order has shipped: ${label}`);
    expect(firstMail!.message.text).toContain(`Shipment 1 of ${label}: 3 × ${mangoName}.`);
    expect(firstMail!.message.text).toContain(
      'Still to ship: 2 × Shipment Syrup (Backordered · Expected Dec 10, 2026).',
    );

    const second = await ship(orderId, { [SYRUP]: 2 }, { shipment: USPS });
    expect(second).toEqual({ orderId, status: 'shipped', shipmentId: 'shipment-2', number: 2 });
    const shipped = await orderOf(orderId);
    expect(shipped.status).toBe('shipped');
    expect(shipped.backorder_open).toBe(false);
    expect(shipped.shipments.map((s) => [s.number, s.carrier, s.lines])).toEqual([
      [1, 'ups', [{ product_id: MANGO, quantity: 3 }]],
      [2, 'usps', [{ product_id: SYRUP, quantity: 2 }]],
    ]);
    // The packing slip of each shipment lists what that box carries.
    expect(shipped.shipments.map((s) => shipmentSummary(shipped, s.lines))).toEqual([
      `3 × ${mangoName}`,
      '2 × Shipment Syrup',
    ]);
    expect(shipped.shipment).toMatchObject({
      carrier: 'usps',
      tracking_number: '9400111899223100012345',
    });
    expect(shipped.status_history.map((h) => h.status)).toEqual([
      'processing',
      'partially_shipped',
      'shipped',
    ]);
    const secondMail = await mailDoc(mailKeys.orderShipped(orderId, 2));
    expect(secondMail!.message.subject).toBe(`The rest of your order has shipped: ${label}`);
    expect(secondMail!.message.text).toContain(`Shipment 2 of ${label}: 2 × Shipment Syrup.`);
    expect(secondMail!.message.text).not.toContain('Still to ship');
    expect(await shippedMails(orderId)).toHaveLength(2);

    // Delivered once everything shipped.
    await updateOrderStatusHandler(manager.request({ orderId, status: 'delivered' }));
    expect((await orderOf(orderId)).status).toBe('delivered');
  });

  it('refuses more than remains, a line twice or not on the order, and writes nothing', async () => {
    const orderId = await paidOrder({ [MANGO]: 2 });
    const name = (await orderOf(orderId)).items[0]!.name;
    await ship(orderId, { [MANGO]: 1 });
    const before = await rawOrder(orderId);
    const mails = await shippedMails(orderId);
    const refusals: Array<[Array<[string, number]>, string]> = [
      [[[MANGO, 2]], SHIPMENT_MESSAGES.tooMany(name, 1)],
      [
        [
          [MANGO, 1],
          [MANGO, 1],
        ],
        SHIPMENT_MESSAGES.twice(name),
      ],
      [[[BLUE, 1]], SHIPMENT_MESSAGES.notOnOrder],
    ];
    for (const [lines, message] of refusals) {
      await expect(ship(orderId, lines)).rejects.toMatchObject({
        code: 'failed-precondition',
        message,
      });
    }
    await expect(ship(`no-such-order-${RUN}`, { [MANGO]: 1 })).rejects.toMatchObject({
      code: 'not-found',
    });
    expect(await rawOrder(orderId)).toEqual(before);
    expect(await shippedMails(orderId)).toEqual(mails);

    await ship(orderId, { [MANGO]: 1 });
    await expect(ship(orderId, { [MANGO]: 1 })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: SHIPMENT_MESSAGES.nothingLeft(name),
    });
  });

  it('records exactly one of two shipments of the last units sent at once; the other is told nothing is left', async () => {
    const orderId = await paidOrder({ [MANGO]: 2 });
    const name = (await orderOf(orderId)).items[0]!.name;
    const outcomes = await Promise.allSettled([
      ship(orderId, { [MANGO]: 2 }),
      ship(orderId, { [MANGO]: 2 }, { shipment: USPS }),
    ]);
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toMatchObject({
      code: 'failed-precondition',
      message: SHIPMENT_MESSAGES.nothingLeft(name),
    });
    const order = await orderOf(orderId);
    expect(order.status).toBe('shipped');
    expect(order.shipments).toHaveLength(1);
    expect(order.status_history.map((h) => h.status)).toEqual(['processing', 'shipped']);
    expect(await shippedMails(orderId)).toHaveLength(1);
  });

  it('answers a retry with the same request id with the shipment it made, once, even when both arrive at once', async () => {
    const orderId = await paidOrder({ [MANGO]: 4 });
    const request = shipRequest(orderId, { [MANGO]: 1 });
    const first = await shipOrderHandler(manager.request(request));
    expect(first).toMatchObject({ status: 'partially_shipped', number: 1 });
    expect(await shipOrderHandler(manager.request(request))).toEqual(first);

    const doubled = shipRequest(orderId, { [MANGO]: 2 });
    const answers = await Promise.all([
      shipOrderHandler(manager.request(doubled)),
      shipOrderHandler(manager.request(doubled)),
    ]);
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ number: 2, shipmentId: 'shipment-2' });
    const order = await orderOf(orderId);
    expect(order.shipments.map((s) => [s.number, s.lines[0]!.quantity, s.request_id])).toEqual([
      [1, 1, request.requestId],
      [2, 2, doubled.requestId],
    ]);
    expect(order.status).toBe('partially_shipped');
    expect(await shippedMails(orderId)).toHaveLength(2);
  });

  it('is for managers only', async () => {
    const orderId = await paidOrder({ [MANGO]: 1 });
    const request = shipRequest(orderId, { [MANGO]: 1 });
    await expect(shipOrderHandler(buyer.request(request))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(shipOrderHandler({ auth: undefined, data: request })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    const order = await orderOf(orderId);
    expect(order.status).toBe('processing');
    expect(order.shipments).toEqual([]);
  });

  it('ships nothing, not even part, while a payment dispute is open', async () => {
    const orderId = await paidOrder({ [MANGO]: 2 });
    const dispute = {
      dispute_id: `dp_${RUN}`,
      status: 'needs_response',
      reason: 'fraudulent',
      amount: 100,
      opened_at: Timestamp.now(),
      closed_at: null,
    };
    await db().doc(paths.order(orderId)).update({ dispute });
    const before = await rawOrder(orderId);
    for (const lines of [{ [MANGO]: 1 }, { [MANGO]: 2 }]) {
      await expect(ship(orderId, lines)).rejects.toMatchObject({
        code: 'failed-precondition',
        message: 'This order has an open payment dispute. Resolve it in Stripe before shipping.',
      });
    }
    expect(await rawOrder(orderId)).toEqual(before);
    expect(await shippedMails(orderId)).toEqual([]);

    await db()
      .doc(paths.order(orderId))
      .update({ dispute: { ...dispute, status: 'won', closed_at: Timestamp.now() } });
    expect(await ship(orderId, { [MANGO]: 1 })).toMatchObject({ status: 'partially_shipped' });
  });
});

describe('updateOrderStatus with shipments', () => {
  it("'shipped' records a shipment of every unit still to ship, once, and mails as it always did", async () => {
    const whole = await paidOrder({ [MANGO]: 2 });
    const marked = { orderId: whole, status: 'shipped', shipment: UPS };
    expect(await updateOrderStatusHandler(manager.request(marked))).toEqual({
      orderId: whole,
      status: 'shipped',
    });
    const shipped = await orderOf(whole);
    expect(shipped.shipments).toMatchObject([
      { number: 1, lines: [{ product_id: MANGO, quantity: 2 }], by: manager.uid, request_id: '' },
    ]);
    expect((await mailDoc(mailKeys.orderShipped(whole)))!.message.subject).toBe(
      `Your order has shipped: ${shipped.invoice_number}`,
    );
    // Asked again (a retry): the same shipment, nothing more.
    await updateOrderStatusHandler(manager.request(marked));
    expect((await orderOf(whole)).shipments).toHaveLength(1);
    // Another tracking number: nothing is left to ship.
    await expect(
      updateOrderStatusHandler(manager.request({ ...marked, shipment: USPS })),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'An order that is shipped cannot be marked shipped.',
    });
    expect(await shippedMails(whole)).toHaveLength(1);

    // The rest of a partially shipped order.
    const orderId = await paidOrder({ [MANGO]: 3, [BLUE]: 1 });
    // Part of an order ships with its lines: no status of its own.
    await expect(
      updateOrderStatusHandler(manager.request({ orderId, status: 'partially_shipped' })),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'Record a shipment with its lines, carrier and tracking number to ship an order.',
    });
    await ship(orderId, { [MANGO]: 1 });
    for (const status of ['delivered', 'cancelled']) {
      await expect(
        updateOrderStatusHandler(manager.request({ orderId, status })),
      ).rejects.toMatchObject({ code: 'failed-precondition' });
    }
    expect((await orderOf(orderId)).status).toBe('partially_shipped');
    expect(
      await updateOrderStatusHandler(
        manager.request({ orderId, status: 'shipped', shipment: USPS }),
      ),
    ).toEqual({ orderId, status: 'shipped' });
    const rest = await orderOf(orderId);
    expect(rest.shipments.map((s) => [s.number, s.carrier])).toEqual([
      [1, 'ups'],
      [2, 'usps'],
    ]);
    expect(rest.shipments[0]!.lines).toEqual([{ product_id: MANGO, quantity: 1 }]);
    expect(rest.shipments[1]!.lines).toHaveLength(2);
    expect(rest.shipments[1]!.lines).toEqual(
      expect.arrayContaining([
        { product_id: MANGO, quantity: 2 },
        { product_id: BLUE, quantity: 1 },
      ]),
    );
    expect(rest.status_history.map((h) => h.status)).toEqual([
      'processing',
      'partially_shipped',
      'shipped',
    ]);
    expect(await shippedMails(orderId)).toHaveLength(2);
  });
});
