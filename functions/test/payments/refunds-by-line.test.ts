import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import {
  mailKeys,
  paths,
  PRODUCT_DEFAULTS,
  ROLLUP_COLLECTIONS,
  ROLLUP_LEVELS,
  sumRollups,
  VIEW_ONLY,
  type RollupLevel,
  type SalesRollup,
} from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { cancelBackorderedLineHandler } from '../../src/handlers/cancel-backordered-line';
import type { CallRequest } from '../../src/handlers/edge';
import { refundOrderHandler } from '../../src/handlers/refund-order';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import { firestore } from '../../src/lib/admin';
import { NOT_APPROVED } from '../../src/lib/caller';
import { salesOrderOfDoc } from '../../src/insights/sales-rollups';
import { createContext } from '../../src/lib/context';
import {
  BACKORDER_CANCEL_NOTE,
  NO_BACKORDER_WAITING,
  TERMS_LINE_NOT_REFUNDABLE,
} from '../../src/orders/backorder-cancel';
import { planOfMetadata } from '../../src/orders/refund-metadata';
import { recordStripeRefunds } from '../../src/orders/refunds';
import { writeLocation } from '../company-fixtures';
import { rollupDocs } from '../insights/rollup-support';
import {
  checkoutOf,
  createMember,
  createUser,
  payWithShipTo,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from './support';
import { setStockOnHand, stockOnHand } from '../support/stock-levels';

/**
 * Refunds by line (docs/order-lifecycle.md#refunds-by-line): refundOrder prices the units chosen
 * per line (with their share of the tax), shipping and goodwill, refunds that at Stripe, records
 * the lines on the order (whether the call or the webhook records first), restocks the units
 * chosen per line, moves an order left with nothing to ship, and moves the rollups by exactly the
 * refunded lines. A buyer's cancellation of a backordered line is one such refund.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;

const RUN = randomUUID().slice(0, 8);
const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const call = (user: TestUser, data: unknown = {}): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});
const db = () => firestore();

/** $10.00 a unit to retailers. */
const PRICE = 1000;
const SYRUP = `t-line-refund-syrup-${RUN}`;
const LIDS = `t-line-refund-lids-${RUN}`;
const SYRUP_NAME = `Blue Coast Syrup ${RUN}`;

async function product(id: string, name: string, stock: number) {
  await Promise.all([
    db()
      .doc(paths.product(id))
      .set({
        ...PRODUCT_DEFAULTS,
        name,
        description: 'Line refund test product.',
        image_url: '/products/blue-coast.svg',
        price_retailer: PRICE,
        is_active: true,
        sort_order: 97_300,
        sku: `LR-${id.slice(-8).toUpperCase()}-${name.length}`,
        stock_on_hand: stock,
      }),
    db().doc(paths.wholesalePrice(id)).set({ price_wholesaler: 800, price_breaks: [] }),
  ]);
}

beforeAll(async () => {
  harness = await startPaymentsHarness();
  manager = await createUser('manager');
  await Promise.all([product(SYRUP, SYRUP_NAME, 1_000), product(LIDS, `Dome Lids ${RUN}`, 1_000)]);
});

afterAll(async () => {
  await Promise.all(
    [SYRUP, LIDS].flatMap((id) => [
      db().doc(paths.product(id)).delete(),
      db().doc(paths.wholesalePrice(id)).delete(),
    ]),
  );
  await harness?.stop();
});

const onHand = stockOnHand;

async function orderDoc(orderId: string) {
  return (await db().doc(paths.order(orderId)).get()).data()!;
}

/** Waits for the order the webhook makes of a paid checkout. */
async function madeOrder(orderId: string) {
  for (let i = 0; i < 200; i++) {
    const snap = await db().doc(paths.order(orderId)).get();
    if (snap.exists && snap.get('status') === 'processing') return snap.data()!;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`order ${orderId} was not made`);
}

/** A buyer's paid card order of these lines (shipped to Oregon: no sales tax). */
async function paidOrder(lines: Record<string, number>, buyer?: TestUser) {
  const owner = buyer ?? (await createUser('retailer'));
  await setCart(owner.uid, lines);
  const { orderId } = await createCheckoutSessionHandler(call(owner));
  await payWithShipTo(harness.sandbox, (await checkoutOf(orderId)).stripe_session_id!);
  const order = await madeOrder(orderId);
  return { buyer: owner, orderId, order };
}

/** A paid order shipped to California: Stripe Tax charges sales tax on it. */
async function taxedOrder(lines: Record<string, number>) {
  const owner = await createUser('retailer');
  const locationId = await writeLocation(db(), owner.uid, 'Oakland store', { state: 'CA' });
  await setCart(owner.uid, lines);
  const { orderId } = await createCheckoutSessionHandler(call(owner, { locationId }));
  const session = await harness.stripe.checkout.sessions.retrieve(
    (await checkoutOf(orderId)).stripe_session_id!,
  );
  const location = (await db().doc(paths.location(owner.uid, locationId)).get()).data()!;
  await harness.sandbox.pay(
    session.id,
    session.shipping_address_collection
      ? {
          shipping: { name: location.ship_to.name, address: location.ship_to.address },
          phone: '+15035550100',
        }
      : { phone: '+15035550100' },
  );
  return { buyer: owner, orderId, order: await madeOrder(orderId) };
}

const refund = (orderId: string, fields: Record<string, unknown>) =>
  refundOrderHandler(call(manager, { orderId, requestId: randomUUID(), ...fields }));

async function stripeRefunds(paymentIntent: string) {
  return (await harness.stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })).data;
}

/** The rollups at every level, each level's documents summed. */
async function rollupTotals(): Promise<Record<RollupLevel, SalesRollup>> {
  const docs = await rollupDocs(db());
  return Object.fromEntries(
    ROLLUP_LEVELS.map((level) => [
      level,
      sumRollups(
        [...docs]
          .filter(([path]) => path.startsWith(`${ROLLUP_COLLECTIONS[level]}/`))
          .map(([, rollup]) => rollup),
      ),
    ]),
  ) as Record<RollupLevel, SalesRollup>;
}

/** What changed at each level between two totals, for one store and the given products. */
function rollupChange(
  was: Record<RollupLevel, SalesRollup>,
  now: Record<RollupLevel, SalesRollup>,
  storeUid: string,
  productIds: readonly string[],
) {
  return ROLLUP_LEVELS.map((level) => {
    const a = was[level];
    const b = now[level];
    return {
      level,
      revenue: b.revenue - a.revenue,
      refunded: b.refunded - a.refunded,
      store: (b.stores[storeUid]?.revenue ?? 0) - (a.stores[storeUid]?.revenue ?? 0),
      products: Object.fromEntries(
        productIds.map((id) => [
          id,
          {
            units: (b.products[id]?.units ?? 0) - (a.products[id]?.units ?? 0),
            revenue: (b.products[id]?.revenue ?? 0) - (a.products[id]?.revenue ?? 0),
          },
        ]),
      ),
    };
  });
}

describe('refundOrder by lines', () => {
  it('refunds 2 of 24 units at their price, records the lines, restocks nothing, and moves the rollups by exactly them', async () => {
    const { buyer, orderId, order } = await paidOrder({ [SYRUP]: 24 });
    const stock = await onHand(SYRUP);
    await harness.sandbox.whenWebhooksIdle();
    const was = await rollupTotals();
    const answer = await refund(orderId, {
      lines: [{ productId: SYRUP, quantity: 2, restock: 0 }],
      customerNote: 'Two bottles arrived broken',
    });
    expect(answer).toMatchObject({ orderId, status: 'processing', amount: 2 * PRICE });
    expect((await harness.stripe.refunds.retrieve(answer.refundId)).amount).toBe(2 * PRICE);
    const after = await orderDoc(orderId);
    expect(after.refunds).toHaveLength(1);
    expect(after.refunds[0]).toMatchObject({
      refund_id: answer.refundId,
      amount: 2 * PRICE,
      lines: [{ product_id: SYRUP, quantity: 2, unshipped: 2, restocked: 0, amount: 2 * PRICE }],
      tax: 0,
      shipping: 0,
      goodwill: 0,
      customer_note: 'Two bottles arrived broken',
    });
    expect(after.refunded_amount).toBe(2 * PRICE);
    expect(await onHand(SYRUP)).toBe(stock);
    // The rebuild reads the same refunded lines off the order document.
    expect(salesOrderOfDoc(after)?.refunded_lines).toEqual(
      new Map([[SYRUP, { units: 2, amount: 2 * PRICE }]]),
    );
    // The products lose exactly the refunded units and cents; net revenue loses the refund.
    await harness.sandbox.whenWebhooksIdle();
    const change = rollupChange(was, await rollupTotals(), buyer.uid, [SYRUP]);
    for (const level of change) {
      expect(level).toEqual({
        level: level.level,
        revenue: 0,
        refunded: 2 * PRICE,
        store: -2 * PRICE,
        products: { [SYRUP]: { units: -2, revenue: -2 * PRICE } },
      });
    }
    // The refund mail lists the line.
    const mail = await db()
      .doc(paths.mail(mailKeys.orderRefunded(orderId, answer.refundId)))
      .get();
    expect(JSON.stringify(mail.data())).toContain(`2 x ${SYRUP_NAME}`);
    expect(order.amount).toBe(24 * PRICE);
  });

  it('restocks the units chosen per line, and refuses more units than are left with nothing written', async () => {
    const { orderId, order } = await paidOrder({ [SYRUP]: 24 });
    const stock = await onHand(SYRUP);
    await refund(orderId, { lines: [{ productId: SYRUP, quantity: 2, restock: 0 }] });
    await refund(orderId, { lines: [{ productId: SYRUP, quantity: 1, restock: 1 }] });
    expect(await onHand(SYRUP)).toBe(stock + 1);
    await harness.sandbox.whenWebhooksIdle();

    const before = await orderDoc(orderId);
    const refundsBefore = await stripeRefunds(order.stripe_payment_intent_id as string);
    await expect(
      refund(orderId, { lines: [{ productId: SYRUP, quantity: 22, restock: 0 }] }),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: `Only 21 units of ${SYRUP_NAME} can still be refunded (shipped or not yet shipped).`,
    });
    await expect(
      refund(orderId, { lines: [{ productId: SYRUP, quantity: 2, restock: 3 }] }),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    expect(await orderDoc(orderId)).toEqual(before);
    expect(await stripeRefunds(order.stripe_payment_intent_id as string)).toHaveLength(
      refundsBefore.length,
    );
    expect(await onHand(SYRUP)).toBe(stock + 1);
  });

  it('two refunds of the same last units at once: exactly one goes to Stripe', async () => {
    const { orderId, order } = await paidOrder({ [SYRUP]: 4 });
    const results = await Promise.allSettled([
      refund(orderId, { lines: [{ productId: SYRUP, quantity: 3, restock: 0 }] }),
      refund(orderId, { lines: [{ productId: SYRUP, quantity: 3, restock: 0 }] }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((r) => r.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({
      message: expect.stringMatching(
        /^(Another refund of this order is being made|Only 1 unit of .* can still be refunded)/,
      ),
    });
    await harness.sandbox.whenWebhooksIdle();
    expect(await stripeRefunds(order.stripe_payment_intent_id as string)).toHaveLength(1);
    const after = await orderDoc(orderId);
    expect(after.refunds).toHaveLength(1);
    expect(after.refunded_amount).toBe(3 * PRICE);
    // The claim ended with the refund: the last unit can be refunded now.
    expect(after.refund_claim).toBeUndefined();
    await refund(orderId, { lines: [{ productId: SYRUP, quantity: 1, restock: 0 }] });
    expect((await orderDoc(orderId)).refunded_amount).toBe(4 * PRICE);
  });

  it("a refund of no units claims none: it goes ahead while another refund holds the order's units", async () => {
    const { orderId } = await paidOrder({ [SYRUP]: 4 });
    const claim = {
      request_id: 'another-request',
      until: Timestamp.fromMillis(Date.now() + 60_000),
    };
    await db().doc(paths.order(orderId)).update({ refund_claim: claim });
    await expect(
      refund(orderId, { lines: [{ productId: SYRUP, quantity: 1, restock: 0 }] }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/^Another refund of this order/) });
    const answer = await refund(orderId, { shipping: 0, goodwill: 300 });
    expect(answer.amount).toBe(300);
    const after = await orderDoc(orderId);
    expect(after.refunds).toMatchObject([{ amount: 300, lines: [], goodwill: 300 }]);
    // The other request's claim is left as it was, for its own refund to end.
    expect(after.refund_claim?.request_id).toBe('another-request');
  });

  it('a processing order whose lines are all refunded becomes refunded', async () => {
    const { orderId } = await paidOrder({ [SYRUP]: 3, [LIDS]: 2 });
    await refund(orderId, { lines: [{ productId: SYRUP, quantity: 3, restock: 3 }] });
    expect((await orderDoc(orderId)).status).toBe('processing');
    const last = await refund(orderId, { lines: [{ productId: LIDS, quantity: 2, restock: 0 }] });
    expect(last.status).toBe('refunded');
    const after = await orderDoc(orderId);
    expect(after.status).toBe('refunded');
    expect(after.refunded_amount).toBe(after.amount);
  });

  it('a later cancellation with restock puts back only what the line refunds did not', async () => {
    const { orderId } = await paidOrder({ [SYRUP]: 5 });
    const stock = await onHand(SYRUP);
    await refund(orderId, { lines: [{ productId: SYRUP, quantity: 2, restock: 2 }] });
    expect(await onHand(SYRUP)).toBe(stock + 2);
    await updateOrderStatusHandler(call(manager, { orderId, status: 'cancelled', restock: true }));
    await harness.sandbox.whenWebhooksIdle();
    // The order took 5 units: 2 came back with the line refund, 3 with the cancellation.
    expect(await onHand(SYRUP)).toBe(stock + 5);
    const after = await orderDoc(orderId);
    expect(after.status).toBe('cancelled');
    expect(after.refunded_amount).toBe(5 * PRICE);
  });

  it('a partially shipped order whose remaining units are refunded is shipped', async () => {
    const { orderId } = await paidOrder({ [SYRUP]: 4, [LIDS]: 2 });
    const now = Timestamp.now();
    const order = await orderDoc(orderId);
    await db()
      .doc(paths.order(orderId))
      .update({
        status: 'partially_shipped',
        status_history: [
          ...(order.status_history as unknown[]),
          { status: 'partially_shipped', at: now, by: manager.uid },
        ],
        shipments: [
          {
            id: 'shipment-1',
            number: 1,
            lines: [{ product_id: SYRUP, quantity: 4 }],
            carrier: 'ups',
            tracking_number: '1Z999AA10123456784',
            shipped_at: now,
            by: manager.uid,
            request_id: '',
          },
        ],
      });
    const answer = await refund(orderId, { lines: [{ productId: LIDS, quantity: 2, restock: 2 }] });
    expect(answer.status).toBe('shipped');
    const after = await orderDoc(orderId);
    expect(after.status).toBe('shipped');
    expect(after.refunds[0].lines).toEqual([
      { product_id: LIDS, quantity: 2, unshipped: 2, restocked: 2, amount: 2 * PRICE },
    ]);
  });

  it('refunds shipping and goodwill alone: no lines, no stock, no product figures', async () => {
    const { buyer, orderId } = await paidOrder({ [SYRUP]: 6 });
    const stock = await onHand(SYRUP);
    await harness.sandbox.whenWebhooksIdle();
    const was = await rollupTotals();
    const answer = await refund(orderId, { shipping: 500, goodwill: 250 });
    expect(answer.amount).toBe(750);
    expect((await harness.stripe.refunds.retrieve(answer.refundId)).amount).toBe(750);
    const entry = (await orderDoc(orderId)).refunds[0];
    expect(entry).toMatchObject({ amount: 750, lines: [], tax: 0, shipping: 500, goodwill: 250 });
    expect(await onHand(SYRUP)).toBe(stock);
    await harness.sandbox.whenWebhooksIdle();
    for (const level of rollupChange(was, await rollupTotals(), buyer.uid, [SYRUP])) {
      expect(level).toEqual({
        level: level.level,
        revenue: 0,
        refunded: 750,
        store: -750,
        products: { [SYRUP]: { units: 0, revenue: 0 } },
      });
    }
    const mail = JSON.stringify(
      (
        await db()
          .doc(paths.mail(mailKeys.orderRefunded(orderId, answer.refundId)))
          .get()
      ).data(),
    );
    expect(mail).toContain('Shipping: $5.00');
    expect(mail).toContain('Goodwill: $2.50');
    await expect(refund(orderId, { shipping: 0, goodwill: 0 })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'Choose the units to refund, or enter a shipping or goodwill amount.',
    });
  });

  it('refunds the tax share with the units of a taxed order, adding up to the tax exactly', async () => {
    const { orderId, order } = await taxedOrder({ [SYRUP]: 3 });
    const tax = (order.tax as { amount: number }).amount;
    expect(tax).toBeGreaterThan(0);
    expect(order.amount).toBe(3 * PRICE + tax);
    const amounts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await refund(orderId, {
        lines: [{ productId: SYRUP, quantity: 1, restock: 0 }],
      });
      expect((await harness.stripe.refunds.retrieve(answer.refundId)).amount).toBe(answer.amount);
      amounts.push(answer.amount);
    }
    const after = await orderDoc(orderId);
    const shares = (after.refunds as Array<{ tax: number }>).map((r) => r.tax);
    expect(shares[0]).toBe(Math.round(tax / 3));
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(tax);
    expect(amounts).toEqual(shares.map((share) => PRICE + share));
    expect(after.refunded_amount).toBe(order.amount);
    expect(after.status).toBe('refunded');
  });

  it('records the same lines when the webhook records the refund first', async () => {
    const { orderId } = await paidOrder({ [SYRUP]: 10 });
    await harness.sandbox.whenWebhooksIdle();
    const unrecorded = await orderDoc(orderId);
    const stock = await onHand(SYRUP);
    const request = {
      orderId,
      requestId: randomUUID(),
      lines: [{ productId: SYRUP, quantity: 4, restock: 3 }],
      shipping: 300,
      goodwill: 100,
      customerNote: 'Sorry about the wait',
    };
    const answer = await refundOrderHandler(call(manager, request));
    await harness.sandbox.whenWebhooksIdle();
    const byCall = (await orderDoc(orderId)).refunds[0];
    const stripeRefund = await harness.stripe.refunds.retrieve(answer.refundId);
    expect(planOfMetadata(stripeRefund.metadata, stripeRefund.id)).toEqual({
      lines: byCall.lines,
      tax: byCall.tax,
      shipping: 300,
      goodwill: 100,
    });

    // As if the webhook had come first: the order as it was, recorded from the refund alone.
    await db().doc(paths.order(orderId)).set(unrecorded);
    await setStockOnHand(SYRUP, stock);
    const recorded = await recordStripeRefunds(createContext(), { refund: stripeRefund });
    expect(recorded).toMatchObject({ orderId, outcome: 'recorded' });
    const byWebhook = (await orderDoc(orderId)).refunds;
    expect(byWebhook).toHaveLength(1);
    expect(byWebhook[0]).toMatchObject({
      refund_id: answer.refundId,
      amount: 4 * PRICE + 400,
      lines: [{ product_id: SYRUP, quantity: 4, unshipped: 4, restocked: 3, amount: 4 * PRICE }],
      shipping: 300,
      goodwill: 100,
      request_id: request.requestId,
      customer_note: 'Sorry about the wait',
      by: manager.uid,
    });
    expect(await onHand(SYRUP)).toBe(stock + 3);
    // The call's retry finds the refund by its request id: nothing more is refunded or restocked.
    expect(await refundOrderHandler(call(manager, request))).toMatchObject({
      refundId: answer.refundId,
    });
    expect((await orderDoc(orderId)).refunds).toHaveLength(1);
    expect(await onHand(SYRUP)).toBe(stock + 3);
  });
});

describe('cancelBackorderedLine', () => {
  /** A paid order of syrup (in stock) and lids, 3 of whose units were backordered. */
  async function backorderedOrder() {
    const paid = await paidOrder({ [SYRUP]: 2, [LIDS]: 3 });
    const items = (paid.order.items as Array<{ product_id: string }>).map((item) =>
      item.product_id === LIDS ? { ...item, backordered: 3 } : item,
    );
    await db().doc(paths.order(paid.orderId)).update({ items, backorder_open: true });
    return paid;
  }

  const cancel = (user: TestUser, orderId: string, productId = LIDS, requestId = randomUUID()) =>
    cancelBackorderedLineHandler(call(user, { orderId, productId, requestId }));

  it("refunds and restocks the line's unshipped units, once, and mails the buyer", async () => {
    const { buyer, orderId } = await backorderedOrder();
    const stock = await onHand(LIDS);
    const requestId = randomUUID();
    const answer = await cancel(buyer, orderId, LIDS, requestId);
    expect(answer).toMatchObject({ orderId, status: 'processing', amount: 3 * PRICE });
    expect((await harness.stripe.refunds.retrieve(answer.refundId)).amount).toBe(3 * PRICE);
    const after = await orderDoc(orderId);
    expect(after.backorder_open).toBe(false);
    expect(after.refunds[0]).toMatchObject({
      lines: [{ product_id: LIDS, quantity: 3, unshipped: 3, restocked: 3, amount: 3 * PRICE }],
      customer_note: BACKORDER_CANCEL_NOTE,
      by: buyer.uid,
      request_id: requestId,
    });
    expect(await onHand(LIDS)).toBe(stock + 3);
    const mail = await db()
      .doc(paths.mail(mailKeys.orderRefunded(orderId, answer.refundId)))
      .get();
    expect(mail.exists).toBe(true);
    // A retry answers the same refund; a new request finds nothing waiting.
    expect(await cancel(buyer, orderId, LIDS, requestId)).toEqual(answer);
    await expect(cancel(buyer, orderId)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: NO_BACKORDER_WAITING,
    });
    await harness.sandbox.whenWebhooksIdle();
    expect((await orderDoc(orderId)).refunds).toHaveLength(1);
    expect(await onHand(LIDS)).toBe(stock + 3);
  });

  it("cancels only the units waiting for stock: the line's units in stock still ship", async () => {
    const paid = await paidOrder({ [LIDS]: 5 });
    // 5 lids ordered, 2 of them were not in stock.
    const items = (paid.order.items as Array<{ product_id: string }>).map((item) =>
      item.product_id === LIDS ? { ...item, backordered: 2 } : item,
    );
    await db().doc(paths.order(paid.orderId)).update({ items, backorder_open: true });
    const stock = await onHand(LIDS);
    const answer = await cancel(paid.buyer, paid.orderId);
    expect(answer.amount).toBe(2 * PRICE);
    const after = await orderDoc(paid.orderId);
    expect(after.refunds[0].lines).toEqual([
      expect.objectContaining({ product_id: LIDS, quantity: 2, unshipped: 2, restocked: 2 }),
    ]);
    expect(after.backorder_open).toBe(false);
    expect(after.status).toBe('processing');
    expect(await onHand(LIDS)).toBe(stock + 2);
  });

  it('refuses viewers, other companies, managers and lines with nothing waiting, writing nothing', async () => {
    const { buyer, orderId } = await backorderedOrder();
    const before = await orderDoc(orderId);
    const viewer = await createMember(buyer.uid, 'viewer');
    const stranger = await createUser('retailer');
    await expect(cancel(viewer, orderId)).rejects.toMatchObject({
      code: 'permission-denied',
      message: VIEW_ONLY,
    });
    await expect(cancel(stranger, orderId)).rejects.toMatchObject({ code: 'not-found' });
    await expect(cancel(manager, orderId)).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(
      cancelBackorderedLineHandler({
        auth: undefined,
        data: { orderId, productId: LIDS, requestId: randomUUID() },
      }),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(cancel(buyer, orderId, SYRUP)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: NO_BACKORDER_WAITING,
    });
    expect(await orderDoc(orderId)).toEqual(before);
  });

  it('refuses a buyer rejected since signing in (the token still says approved): no refund', async () => {
    const { buyer, orderId } = await backorderedOrder();
    const before = await orderDoc(orderId);
    const stock = await onHand(LIDS);
    await db().doc(paths.profile(buyer.uid)).update({ status: 'rejected' });
    await expect(cancel(buyer, orderId)).rejects.toMatchObject({
      code: 'permission-denied',
      message: NOT_APPROVED,
    });
    expect(await orderDoc(orderId)).toEqual(before);
    expect(await onHand(LIDS)).toBe(stock);
  });

  it('refuses an order on terms whose invoice is not paid', async () => {
    const { buyer, orderId } = await backorderedOrder();
    await db()
      .doc(paths.order(orderId))
      .update({ payment_method: 'terms', terms: { net_days: 30, state: 'open' } });
    const before = await orderDoc(orderId);
    await expect(cancel(buyer, orderId)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: TERMS_LINE_NOT_REFUNDABLE,
    });
    expect(await orderDoc(orderId)).toEqual(before);
  });
});
