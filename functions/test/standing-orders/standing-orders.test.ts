import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import Stripe from 'stripe';
import {
  COLLECTIONS,
  INTERVAL_PROBLEM,
  mailKeys,
  paths,
  PRODUCT_DEFAULTS,
  WEEK_MS,
  type PriceBreak,
} from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import type { CallRequest } from '../../src/handlers/edge';
import { manageStandingOrderHandler } from '../../src/handlers/manage-standing-order';
import { refundOrderHandler } from '../../src/handlers/refund-order';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import {
  mattersToStandingOrders,
  productChangedHandler,
  profileChangedHandler,
} from '../../src/handlers/standing-order-triggers';
import { createContext } from '../../src/lib/context';
import { reconcileStandingOrder } from '../../src/standing-orders/reconcile';
import { firestore } from '../../src/lib/admin';
import { advanceBuyerClock } from '../../../scripts/lib/test-clocks';
import { LOCATION_NOT_YOURS } from '../../src/companies/locations';
import { NOT_APPROVED } from '../../src/lib/caller';
import { writeLocation } from '../company-fixtures';
import { recordSubscriptionEnded, renewalOrderId } from '../../src/standing-orders/renewals';
import {
  cartOf,
  checkoutOf,
  createMember,
  createUser,
  orderOf,
  ordersOfUser,
  PAY_SHIP_TO,
  postWebhook,
  startPaymentsHarness,
  type TestUser,
} from '../payments/support';
import { setStockOnHand, stockOnHand } from '../support/stock-levels';

/**
 * Standing orders end to end against the Stripe sandbox (subscriptions, invoices, test clocks)
 * and the Firestore emulator: the first checkout in subscription mode, renewals as orders (once
 * per invoice, whatever the webhook order), skip, quantity and price changes from the next cycle,
 * lines paused when a product runs out or is no longer sold, pause, payment failure and cancel.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;

const RUN = randomUUID().slice(0, 8);
const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const call = (user: TestUser, data: unknown = {}): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});
const manage = (user: TestUser, data: unknown) => manageStandingOrderHandler(call(user, data));

const createdProducts: string[] = [];

beforeAll(async () => {
  process.env.STRIPE_TEST_CLOCKS = 'per-customer';
  harness = await startPaymentsHarness();
  manager = await createUser('manager');
});

afterAll(async () => {
  delete process.env.STRIPE_TEST_CLOCKS;
  await Promise.all(
    createdProducts.flatMap((id) => [
      firestore().doc(paths.product(id)).delete(),
      firestore().doc(paths.wholesalePrice(id)).delete(),
    ]),
  );
  await harness?.stop();
});

interface ProductFixture {
  name: string;
  price_retailer?: number;
  price_breaks?: PriceBreak[];
  case_pack?: number;
  min_quantity?: number;
  stock_on_hand?: number | null;
  is_active?: boolean;
  price_wholesaler?: number | null;
}

async function product(key: string, fixture: ProductFixture): Promise<string> {
  const id = `t-so-${key}-${RUN}`;
  const { price_wholesaler = 800, ...fields } = fixture;
  await Promise.all([
    firestore()
      .doc(paths.product(id))
      .set({
        ...PRODUCT_DEFAULTS,
        description: 'Standing order test product.',
        image_url: '/products/blue-coast.svg',
        price_retailer: 1000,
        is_active: true,
        sort_order: 96_000,
        sku: `SO-${key.toUpperCase()}-${RUN.toUpperCase()}`,
        ...fields,
      }),
    price_wholesaler === null
      ? firestore().doc(paths.wholesalePrice(id)).delete()
      : firestore().doc(paths.wholesalePrice(id)).set({ price_wholesaler, price_breaks: [] }),
  ]);
  createdProducts.push(id);
  return id;
}

async function setCartLines(uid: string, lines: Record<string, number>) {
  const db = firestore();
  const batch = db.batch();
  for (const [productId, quantity] of Object.entries(lines)) {
    batch.set(db.doc(paths.cartItem(uid, productId)), { product_id: productId, quantity });
  }
  await batch.commit();
}

async function standingOrderOf(id: string) {
  const snap = await firestore().doc(paths.standingOrder(id)).get();
  if (!snap.exists) throw new Error(`standing order ${id} missing`);
  const data = snap.data()!;
  return {
    ...data,
    status: data.status as string,
    lines: data.lines as Array<{
      product_id: string;
      quantity: number;
      unit_amount: number;
      paused_reason: string | null;
    }>,
    next: (data.next_delivery_at as { toMillis(): number } | null)?.toMillis() ?? null,
    skipped: (data.skipped_delivery_at as { toMillis(): number } | null)?.toMillis() ?? null,
    orders_count: data.orders_count as number,
    last_order_id: data.last_order_id as string | null,
    stripe_subscription_id: data.stripe_subscription_id as string,
  };
}

const paySession = (sessionId: string, extra: Record<string, unknown> = {}) =>
  harness.sandbox.pay(sessionId, {
    shipping: { name: PAY_SHIP_TO.name, address: PAY_SHIP_TO.address },
    phone: PAY_SHIP_TO.phone,
    ...extra,
  });

/** A buyer with these lines who started and paid a standing order every `weeks` weeks. */
async function subscribed(
  lines: Record<string, number>,
  options: { weeks?: number; role?: 'retailer' | 'wholesaler'; invoiceFirst?: boolean } = {},
) {
  const buyer = await createUser(options.role ?? 'retailer');
  await setCartLines(buyer.uid, lines);
  const { orderId } = await createCheckoutSessionHandler(
    call(buyer, { interval: options.weeks ?? 2 }),
  );
  const sessionId = (await checkoutOf(orderId)).stripe_session_id!;
  await paySession(sessionId, options.invoiceFirst ? { subscriptionEvents: 'invoice-first' } : {});
  await harness.sandbox.whenWebhooksIdle();
  return { buyer, id: orderId, sessionId };
}

/** Moves the buyer's Stripe test clock on by `weeks` weeks (and an hour), renewals delivered. */
async function advance(buyer: TestUser, weeks: number) {
  const customerId: unknown = (await firestore().doc(paths.stripeCustomer(buyer.uid)).get()).get(
    'customer_id',
  );
  await advanceBuyerClock({
    stripe: harness.stripe,
    customerId: typeof customerId === 'string' ? customerId : null,
    weeks,
  });
  await harness.sandbox.whenWebhooksIdle();
}

async function standingOrders(uid: string) {
  return ordersOfUser(uid).then((docs) =>
    docs
      .map((doc): { id: string; [field: string]: unknown } => ({ id: doc.id, ...doc.data() }))
      .sort(
        (a, b) =>
          (a.created_at as { toMillis(): number }).toMillis() -
          (b.created_at as { toMillis(): number }).toMillis(),
      ),
  );
}

async function refusal(promise: Promise<unknown>): Promise<HttpsError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpsError);
  return error as HttpsError;
}

async function subscriptionCount(customerUid: string) {
  const customerId = (await firestore().doc(paths.stripeCustomer(customerUid)).get()).get(
    'customer_id',
  ) as string | undefined;
  if (!customerId) return 0;
  return (await harness.stripe.subscriptions.list({ customer: customerId })).data.length;
}

describe('starting a standing order', () => {
  it('checks out the cart in subscription mode with recurring prices made on the server', async () => {
    const syrup = await product('start', { name: 'Start Syrup', price_retailer: 650 });
    const { buyer, id, sessionId } = await subscribed({ [syrup]: 12 });

    const session = await harness.stripe.checkout.sessions.retrieve(sessionId, {
      expand: ['line_items'],
    });
    expect(session.mode).toBe('subscription');
    expect(session.amount_total).toBe(12 * 650);
    const price = session.line_items!.data[0]!.price!;
    expect(price.recurring).toMatchObject({ interval: 'week', interval_count: 2 });
    expect(price.unit_amount).toBe(650);
    expect(price.lookup_key).toBe(`so:${syrup}:retailer:2w:650`);

    const order = await orderOf(id);
    expect(order).toMatchObject({
      payment_type: 'subscription',
      status: 'processing',
      amount: 7800,
      ship_to: { name: PAY_SHIP_TO.name },
    });
    expect(order.invoice_number).toMatch(/^INV-/);
    expect(await cartOf(buyer.uid)).toEqual({});

    const standing = await standingOrderOf(id);
    expect(standing).toMatchObject({
      status: 'active',
      interval_weeks: 2,
      user_id: buyer.uid,
      orders_count: 1,
      last_order_id: id,
      lines: [{ product_id: syrup, quantity: 12, unit_amount: 650, paused_reason: null }],
    });
    expect(standing.stripe_subscription_id).toMatch(/^sub_/);
    const created = (order.created_at as { toMillis(): number }).toMillis();
    // The first cycle is paid now; the next is two weeks later on the buyer's clock.
    expect(Math.abs(standing.next! - created - 2 * WEEK_MS)).toBeLessThan(60 * 60 * 1000);
  });

  it('reuses the recurring price of the same product, role, interval and amount', async () => {
    const syrup = await product('reuse', { name: 'Reuse Syrup', price_retailer: 700 });
    const first = await subscribed({ [syrup]: 6 });
    const second = await subscribed({ [syrup]: 6 });
    const priceOf = async (sessionId: string) =>
      (await harness.stripe.checkout.sessions.listLineItems(sessionId)).data[0]!.price!.id;
    expect(await priceOf(first.sessionId)).toBe(await priceOf(second.sessionId));
    const prices = await harness.stripe.prices.list({
      lookup_keys: [`so:${syrup}:retailer:2w:700`],
    });
    expect(prices.data).toHaveLength(1);
  });

  it('refuses an interval that is not offered, Buy Now as a standing order, and bad carts, charging nothing', async () => {
    const cased = await product('cased', { name: 'Cased Cups', case_pack: 20, min_quantity: 20 });
    const retailOnly = await product('retail-only', {
      name: 'Retail Only Syrup',
      price_wholesaler: null,
    });
    const buyer = await createUser('retailer');
    await setCartLines(buyer.uid, { [cased]: 20 });
    for (const interval of [3, 0, -2, 2.5, '2', 52, null]) {
      const error = await refusal(createCheckoutSessionHandler(call(buyer, { interval })));
      expect(error.code).toBe('invalid-argument');
      expect(error.message).toContain(INTERVAL_PROBLEM);
    }
    const buyNow = await refusal(
      createCheckoutSessionHandler(call(buyer, { productId: cased, interval: 2 })),
    );
    expect(buyNow.code).toBe('invalid-argument');
    expect(buyNow.message).toContain('A standing order is made from the cart');

    // Case pack broken in the cart.
    await setCartLines(buyer.uid, { [cased]: 30 });
    const pack = await refusal(createCheckoutSessionHandler(call(buyer, { interval: 4 })));
    expect(pack.code).toBe('failed-precondition');
    expect(pack.message).toMatch(/Cased Cups.*cases of 20/);

    // A product the buyer's role cannot buy (no wholesale price for a wholesaler).
    const wholesaler = await createUser('wholesaler');
    await setCartLines(wholesaler.uid, { [retailOnly]: 1 });
    const role = await refusal(createCheckoutSessionHandler(call(wholesaler, { interval: 8 })));
    expect(role.code).toBe('failed-precondition');
    expect(role.message).toContain('Retail Only Syrup has no wholesale price yet');

    // Nothing was charged or even started at Stripe, and no standing order exists.
    expect(await subscriptionCount(buyer.uid)).toBe(0);
    expect(await subscriptionCount(wholesaler.uid)).toBe(0);
    const standing = await firestore()
      .collection(COLLECTIONS.standingOrders)
      .where('user_id', 'in', [buyer.uid, wholesaler.uid])
      .get();
    expect(standing.size).toBe(0);
  });
});

describe('renewals', () => {
  it('makes one subscription order per paid invoice, on the buyer clock', async () => {
    const syrup = await product('renew', { name: 'Renew Syrup', price_retailer: 500 });
    const { buyer, id } = await subscribed({ [syrup]: 10 });
    const before = await standingOrderOf(id);

    await advance(buyer, 2);
    const orders = await standingOrders(buyer.uid);
    expect(orders).toHaveLength(2);
    const renewal = orders[1]!;
    expect(renewal).toMatchObject({
      payment_type: 'subscription',
      status: 'processing',
      amount: 5000,
      standing_order_id: id,
      source: 'standing_order',
      ship_to: { name: PAY_SHIP_TO.name },
      items: [{ product_id: syrup, quantity: 10, unit_amount: 500, line_total: 5000 }],
    });
    expect(renewal.invoice_number).toMatch(/^INV-/);
    expect(renewal.id).toBe(renewalOrderId(renewal.stripe_invoice_id as string));

    const after = await standingOrderOf(id);
    expect(after.orders_count).toBe(2);
    expect(after.last_order_id).toBe(renewal.id);
    expect(after.next! - before.next!).toBe(2 * WEEK_MS);
  });

  it('creates each order once when webhooks are replayed or arrive out of order', async () => {
    const syrup = await product('replay', { name: 'Replay Syrup', price_retailer: 400 });
    const { buyer, id } = await subscribed({ [syrup]: 5 }, { invoiceFirst: true });
    // invoice.paid came before checkout.session.completed: one order, one standing order.
    const kinds = harness.sandbox
      .deliveries()
      .filter((d) => d.type === 'invoice.paid' || d.type === 'checkout.session.completed');
    expect(kinds.length).toBeGreaterThanOrEqual(2);
    expect((await standingOrders(buyer.uid)).map((o) => o.id)).toEqual([id]);
    expect((await standingOrderOf(id)).orders_count).toBe(1);

    await advance(buyer, 2);
    expect(await standingOrders(buyer.uid)).toHaveLength(2);

    // Every body the endpoint received, delivered again: nothing new.
    const bodies = harness.endpoint.bodies.filter((body) => body.includes(id));
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) {
      const { status } = await postWebhook(harness.endpoint.url, body);
      expect(status).toBe(200);
    }
    const orders = await standingOrders(buyer.uid);
    expect(orders).toHaveLength(2);
    expect((await standingOrderOf(id)).orders_count).toBe(2);
  });

  it('skips one delivery: that cycle is not charged, the next one is', async () => {
    const syrup = await product('skip', { name: 'Skip Syrup', price_retailer: 300 });
    const { buyer, id } = await subscribed({ [syrup]: 4 });
    const next = (await standingOrderOf(id)).next!;

    const skipped = await manage(buyer, { standingOrderId: id, action: 'skip' });
    expect(skipped.nextDeliveryAt).toBe(new Date(next + 2 * WEEK_MS).toISOString());
    expect((await standingOrderOf(id)).skipped).toBe(next);
    // Skipping again changes nothing.
    await manage(buyer, { standingOrderId: id, action: 'skip' });

    await advance(buyer, 2);
    expect(await standingOrders(buyer.uid)).toHaveLength(1);
    const afterSkip = await standingOrderOf(id);
    expect(afterSkip.next).toBe(next + 2 * WEEK_MS);
    expect(afterSkip.skipped).toBeNull();

    await advance(buyer, 2);
    expect(await standingOrders(buyer.uid)).toHaveLength(2);
  });

  it('undoes a skip', async () => {
    const syrup = await product('unskip', { name: 'Unskip Syrup', price_retailer: 300 });
    const { buyer, id } = await subscribed({ [syrup]: 4 });
    await manage(buyer, { standingOrderId: id, action: 'skip' });
    await manage(buyer, { standingOrderId: id, action: 'unskip' });
    expect((await standingOrderOf(id)).skipped).toBeNull();
    await advance(buyer, 2);
    expect(await standingOrders(buyer.uid)).toHaveLength(2);
  });

  it('applies new quantities from the next cycle, at the price break they reach', async () => {
    const syrup = await product('qty', {
      name: 'Qty Syrup',
      price_retailer: 600,
      case_pack: 6,
      min_quantity: 6,
      price_breaks: [{ min_quantity: 24, unit_amount: 540 }],
    });
    const { buyer, id } = await subscribed({ [syrup]: 12 });
    const first = await orderOf(id);

    await manage(buyer, {
      standingOrderId: id,
      action: 'set_quantities',
      quantities: { [syrup]: 24 },
    });
    expect((await standingOrderOf(id)).lines[0]).toMatchObject({ quantity: 24, unit_amount: 540 });
    // The order already paid is not touched.
    expect((await orderOf(id)).amount).toBe(first.amount);

    await advance(buyer, 2);
    const renewal = (await standingOrders(buyer.uid))[1]!;
    expect(renewal.items).toMatchObject([{ product_id: syrup, quantity: 24, unit_amount: 540 }]);
    expect(renewal.amount).toBe(24 * 540);
  });

  it('refuses quantities that break the case pack or name another product, changing nothing', async () => {
    const syrup = await product('badqty', {
      name: 'Bad Qty Syrup',
      case_pack: 6,
      min_quantity: 12,
    });
    const { buyer, id } = await subscribed({ [syrup]: 12 });
    const subscriptionId = (await standingOrderOf(id)).stripe_subscription_id;
    const before = await harness.stripe.subscriptions.retrieve(subscriptionId);

    const pack = await refusal(
      manage(buyer, { standingOrderId: id, action: 'set_quantities', quantities: { [syrup]: 13 } }),
    );
    expect(pack.code).toBe('failed-precondition');
    expect(pack.message).toMatch(/Bad Qty Syrup.*cases of 6/);
    const minimum = await refusal(
      manage(buyer, { standingOrderId: id, action: 'set_quantities', quantities: { [syrup]: 6 } }),
    );
    expect(minimum.message).toBe('The minimum order for Bad Qty Syrup is 12 units.');
    const other = await refusal(
      manage(buyer, { standingOrderId: id, action: 'set_quantities', quantities: { nope: 12 } }),
    );
    expect(other.message).toBe('Product nope is not in this standing order.');
    for (const quantities of [{ [syrup]: 0 }, { [syrup]: 1.5 }, { [syrup]: -6 }, {}]) {
      const error = await refusal(
        manage(buyer, { standingOrderId: id, action: 'set_quantities', quantities }),
      );
      expect(error.code).toBe('invalid-argument');
    }
    expect((await standingOrderOf(id)).lines[0]!.quantity).toBe(12);
    const after = await harness.stripe.subscriptions.retrieve(subscriptionId);
    expect(after.items.data.map((i) => [i.price.id, i.quantity])).toEqual(
      before.items.data.map((i) => [i.price.id, i.quantity]),
    );
  });

  it('charges a changed price from the next cycle only', async () => {
    const syrup = await product('price', { name: 'Price Syrup', price_retailer: 800 });
    const { buyer, id } = await subscribed({ [syrup]: 3 });
    await firestore().doc(paths.product(syrup)).update({ price_retailer: 900 });
    await productChangedHandler({ params: { productId: syrup } });
    expect((await standingOrderOf(id)).lines[0]!.unit_amount).toBe(900);
    expect((await orderOf(id)).amount).toBe(2400);

    await advance(buyer, 2);
    const renewal = (await standingOrders(buyer.uid))[1]!;
    expect(renewal.amount).toBe(2700);
  });

  it('keeps a line of a product that takes backorders: the renewal backorders what stock lacks', async () => {
    const syrup = await product('backorder', {
      name: 'Backorder Renew Syrup',
      price_retailer: 500,
      stock_on_hand: 100,
    });
    await firestore()
      .doc(paths.product(syrup))
      .update({ backorders_allowed: true, restock_date: '2026-12-10' });
    const { buyer, id } = await subscribed({ [syrup]: 10 });
    const first = (await firestore().doc(paths.order(id)).get()).data()!;
    expect(first.items).toMatchObject([{ product_id: syrup, quantity: 10, backordered: 0 }]);
    expect(first.backorder_open).toBe(false);

    // Four left: not paused (it takes backorders), and the renewal owes the other six.
    await setStockOnHand(syrup, 4);
    await productChangedHandler({ params: { productId: syrup } });
    expect((await standingOrderOf(id)).lines[0]!.paused_reason).toBeNull();

    await advance(buyer, 2);
    const renewal = (await standingOrders(buyer.uid))[1]!;
    expect(renewal).toMatchObject({
      amount: 5000,
      backorder_open: true,
      items: [{ product_id: syrup, quantity: 10, backordered: 6 }],
      stock_taken: { [syrup]: 10 },
    });
    expect(await stockOnHand(syrup)).toBe(-6);
    const mail = await firestore()
      .collection(COLLECTIONS.mail)
      .doc(mailKeys.orderConfirmation(renewal.id))
      .get();
    expect(mail.get('message.text')).toContain(
      '10 x Backorder Renew Syrup (6 backordered · Expected Dec 10, 2026)',
    );
  });

  it('pauses a line whose product runs out or stops being sold, and resumes it when it is back', async () => {
    const kept = await product('kept', { name: 'Kept Syrup', price_retailer: 500 });
    const scarce = await product('scarce', {
      name: 'Scarce Cups',
      price_retailer: 200,
      stock_on_hand: 100,
    });
    const { buyer, id } = await subscribed({ [kept]: 2, [scarce]: 10 });

    await setStockOnHand(scarce, 5);
    await productChangedHandler({ params: { productId: scarce } });
    const paused = await standingOrderOf(id);
    expect(paused.status).toBe('active');
    expect(paused.lines.find((l) => l.product_id === scarce)!.paused_reason).toBe('out_of_stock');

    await advance(buyer, 2);
    const renewal = (await standingOrders(buyer.uid))[1]!;
    expect(renewal.items).toMatchObject([{ product_id: kept, quantity: 2 }]);
    expect(renewal.amount).toBe(1000);
    // The paused line took nothing from stock.
    expect(await stockOnHand(scarce)).toBe(5);

    await setStockOnHand(scarce, 50);
    await productChangedHandler({ params: { productId: scarce } });
    expect(
      (await standingOrderOf(id)).lines.find((l) => l.product_id === scarce)!.paused_reason,
    ).toBeNull();
    await advance(buyer, 2);
    const third = (await standingOrders(buyer.uid))[2]!;
    expect(third.amount).toBe(1000 + 2000);
    expect(await stockOnHand(scarce)).toBe(40);

    // Every line stopped being sold: the standing order pauses and no cycle is charged.
    await firestore().doc(paths.product(kept)).update({ is_active: false });
    await firestore().doc(paths.product(scarce)).update({ is_active: false });
    await productChangedHandler({ params: { productId: kept } });
    await productChangedHandler({ params: { productId: scarce } });
    const all = await standingOrderOf(id);
    expect(all.status).toBe('paused');
    expect(all.lines.map((l) => l.paused_reason)).toEqual(['inactive', 'inactive']);
    await advance(buyer, 2);
    expect(await standingOrders(buyer.uid)).toHaveLength(3);
  });

  it('marks a failed renewal, tells the buyer once, and makes the order when the retry is paid', async () => {
    const syrup = await product('fail', { name: 'Fail Syrup', price_retailer: 450 });
    const { buyer, id } = await subscribed({ [syrup]: 2 });
    const subscriptionId = (await standingOrderOf(id)).stripe_subscription_id;
    await harness.stripe.subscriptions.update(subscriptionId, {
      default_payment_method: 'pm_card_chargeCustomerFail',
    });

    await advance(buyer, 2);
    expect(await standingOrders(buyer.uid)).toHaveLength(1);
    expect((await standingOrderOf(id)).status).toBe('payment_failed');
    const mails = await firestore()
      .collection(COLLECTIONS.mail)
      .where(
        '__name__',
        '>=',
        firestore().doc(`${COLLECTIONS.mail}/standing-order-payment-failed.${id}`),
      )
      .where(
        '__name__',
        '<',
        firestore().doc(`${COLLECTIONS.mail}/standing-order-payment-failed.${id}~`),
      )
      .get();
    expect(mails.size).toBe(1);
    expect(JSON.stringify(mails.docs[0]!.data())).toContain('could not charge');

    await harness.stripe.subscriptions.update(subscriptionId, {
      default_payment_method: 'pm_card_visa',
    });
    const open = await harness.stripe.invoices.list({
      subscription: subscriptionId,
      status: 'open',
    });
    expect(open.data).toHaveLength(1);
    await harness.stripe.invoices.pay(open.data[0]!.id);
    await harness.sandbox.whenWebhooksIdle();
    expect(await standingOrders(buyer.uid)).toHaveLength(2);
    expect((await standingOrderOf(id)).status).toBe('active');
  });
});

describe('refunds', () => {
  it('refunds and cancels a delivery like any other order', async () => {
    const syrup = await product('refund', { name: 'Refund Syrup', price_retailer: 500 });
    const { buyer, id } = await subscribed({ [syrup]: 4 });
    expect((await orderOf(id)).stripe_payment_intent_id).toMatch(/^pi_/);
    const partial = await refundOrderHandler(
      call(manager, {
        orderId: id,
        requestId: randomUUID(),
        amount: 500,
        customerNote: 'One bottle broken',
      }),
    );
    expect(partial).toMatchObject({ amount: 500, refundedAmount: 500, status: 'processing' });

    await advance(buyer, 2);
    const renewal = (await standingOrders(buyer.uid))[1]!;
    expect(renewal.stripe_payment_intent_id).toMatch(/^pi_/);
    const cancelled = await updateOrderStatusHandler(
      call(manager, { orderId: renewal.id, status: 'cancelled' }),
    );
    expect(cancelled.status).toBe('cancelled');
    await harness.sandbox.whenWebhooksIdle();
    const after = await orderOf(renewal.id);
    expect(after.refunded_amount).toBe(2000);
    expect(after.refunds).toHaveLength(1);
    // The standing order itself goes on: one delivery was cancelled, not the standing order.
    expect((await standingOrderOf(id)).status).toBe('active');
  });
});

describe('managing', () => {
  it('cancels: no further orders, and cancelling again changes nothing', async () => {
    const syrup = await product('cancel', { name: 'Cancel Syrup', price_retailer: 350 });
    const { buyer, id } = await subscribed({ [syrup]: 2 });
    const answer = await manage(buyer, { standingOrderId: id, action: 'cancel' });
    expect(answer).toEqual({
      standingOrderId: id,
      status: 'cancelled',
      nextDeliveryAt: null,
      cycleAmount: 2 * 350,
      pausedUntil: null,
    });
    const sub = await harness.stripe.subscriptions.retrieve(
      (await standingOrderOf(id)).stripe_subscription_id,
    );
    expect(sub.status).toBe('canceled');
    expect(await manage(buyer, { standingOrderId: id, action: 'cancel' })).toEqual(answer);
    const skip = await refusal(manage(buyer, { standingOrderId: id, action: 'skip' }));
    expect(skip.code).toBe('failed-precondition');
    expect(skip.message).toBe('This standing order is cancelled.');

    await advance(buyer, 6);
    expect(await standingOrders(buyer.uid)).toHaveLength(1);
    expect((await standingOrderOf(id)).status).toBe('cancelled');
  });

  it('lets a manager pause and resume; a paused standing order is not charged', async () => {
    const syrup = await product('pause', { name: 'Pause Syrup', price_retailer: 350 });
    const { buyer, id } = await subscribed({ [syrup]: 2 });
    const pausedByBuyer = await refusal(manage(buyer, { standingOrderId: id, action: 'pause' }));
    expect(pausedByBuyer.code).toBe('permission-denied');

    expect((await manage(manager, { standingOrderId: id, action: 'pause' })).status).toBe('paused');
    const skip = await refusal(manage(buyer, { standingOrderId: id, action: 'skip' }));
    expect(skip.message).toContain('paused by us');
    await advance(buyer, 2);
    expect(await standingOrders(buyer.uid)).toHaveLength(1);

    expect((await manage(manager, { standingOrderId: id, action: 'resume' })).status).toBe(
      'active',
    );
    await advance(buyer, 2);
    expect(await standingOrders(buyer.uid)).toHaveLength(2);
  });

  it("refuses another buyer's standing order and unknown ids as not found", async () => {
    const syrup = await product('owner', { name: 'Owner Syrup' });
    const { id } = await subscribed({ [syrup]: 1 });
    const stranger = await createUser('retailer');
    for (const standingOrderId of [id, `missing-${RUN}`]) {
      const error = await refusal(manage(stranger, { standingOrderId, action: 'cancel' }));
      expect(error.code).toBe('not-found');
      expect(error.message).toBe('Standing order not found.');
    }
    expect((await standingOrderOf(id)).status).toBe('active');
    const pending = await createUser('retailer', 'pending');
    const notApproved = await refusal(manage(pending, { standingOrderId: id, action: 'cancel' }));
    expect(notApproved.code).toBe('permission-denied');
    const badAction = await refusal(manage(stranger, { standingOrderId: id, action: 'delete' }));
    expect(badAction.code).toBe('invalid-argument');
  });
});

describe('who may change a standing order', () => {
  it('refuses a buyer of another location, and a buyer rejected since signing in', async () => {
    const syrup = await product('located', { name: 'Located Syrup' });
    const owner = await createUser('retailer');
    const [mainSt, harbor] = await Promise.all([
      writeLocation(firestore(), owner.uid, 'Main St store'),
      writeLocation(firestore(), owner.uid, 'Harbor store'),
    ]);
    await setCartLines(owner.uid, { [syrup]: 1 });
    const { orderId: id } = await createCheckoutSessionHandler(
      call(owner, { interval: 2, locationId: mainSt }),
    );
    await paySession((await checkoutOf(id)).stripe_session_id!);
    await harness.sandbox.whenWebhooksIdle();
    const [elsewhere, here] = await Promise.all([
      createMember(owner.uid, 'buyer', [harbor]),
      createMember(owner.uid, 'buyer', [mainSt]),
    ]);

    // Moved to the Harbor store: Main St's deliveries are no longer theirs to change.
    for (const action of ['cancel', 'skip'] as const) {
      const refused = await refusal(manage(elsewhere, { standingOrderId: id, action }));
      expect([refused.code, refused.message]).toEqual(['permission-denied', LOCATION_NOT_YOURS]);
    }
    // Rejected after signing in: the token still says approved for up to an hour.
    await firestore().doc(paths.profile(here.uid)).update({ status: 'rejected' });
    const rejected = await refusal(manage(here, { standingOrderId: id, action: 'skip' }));
    expect([rejected.code, rejected.message]).toEqual(['permission-denied', NOT_APPROVED]);
    const unchanged = await standingOrderOf(id);
    expect([unchanged.status, unchanged.skipped]).toEqual(['active', null]);

    // Main St's own buyer, approved, skips the next delivery.
    await firestore().doc(paths.profile(here.uid)).update({ status: 'approved' });
    await manage(here, { standingOrderId: id, action: 'skip' });
    expect((await standingOrderOf(id)).skipped).not.toBeNull();
  });
});

describe('races and late news', () => {
  it('never undoes a change a webhook made while a reconcile was talking to Stripe', async () => {
    const syrup = await product('race', { name: 'Race Syrup', price_retailer: 500 });
    const { id } = await subscribed({ [syrup]: 2 });
    const subscriptionId = (await standingOrderOf(id)).stripe_subscription_id;
    // A Stripe client whose subscription update waits until the test lets it go.
    const slow = new Stripe('sk_test_local_sandbox', {
      host: new URL(process.env.STRIPE_SANDBOX_URL!).hostname,
      port: Number(new URL(process.env.STRIPE_SANDBOX_URL!).port),
      protocol: 'http',
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const updating = new Promise<void>((resolve) => (reached = resolve));
    const update = slow.subscriptions.update.bind(slow.subscriptions);
    slow.subscriptions.update = (async (...args: Parameters<typeof update>) => {
      reached();
      await gate;
      return update(...args);
    }) as typeof slow.subscriptions.update;

    const changing = reconcileStandingOrder(createContext({ stripe: () => slow }), id, {
      quantities: { [syrup]: 4 },
    });
    await updating;
    // Meanwhile Stripe reports the subscription cancelled (in the dashboard, say).
    const ended = await harness.stripe.subscriptions.retrieve(subscriptionId);
    await recordSubscriptionEnded({ db: firestore() }, ended);
    release();
    await changing;
    const after = await standingOrderOf(id);
    expect(after.status).toBe('cancelled');
  });

  it('ignores a payment failure reported after the same invoice was paid', async () => {
    const syrup = await product('late', { name: 'Late Syrup', price_retailer: 450 });
    const { buyer, id } = await subscribed({ [syrup]: 2 });
    const subscriptionId = (await standingOrderOf(id)).stripe_subscription_id;
    await harness.stripe.subscriptions.update(subscriptionId, {
      default_payment_method: 'pm_card_chargeCustomerFail',
    });
    await advance(buyer, 2);
    const [failed] = (
      await harness.stripe.invoices.list({ subscription: subscriptionId, status: 'open' })
    ).data;
    await harness.stripe.subscriptions.update(subscriptionId, {
      default_payment_method: 'pm_card_visa',
    });
    await harness.stripe.invoices.pay(failed!.id);
    await harness.sandbox.whenWebhooksIdle();
    expect((await standingOrderOf(id)).status).toBe('active');

    // The failure of that invoice delivered again, late (a new event id, so not a replay).
    const late = await harness.stripe.invoices.retrieve(failed!.id);
    const body = JSON.stringify({
      id: `evt_late_${RUN}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type: 'invoice.payment_failed',
      data: { object: late },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    expect((await postWebhook(harness.endpoint.url, body)).status).toBe(200);
    expect((await standingOrderOf(id)).status).toBe('active');
    expect(await standingOrders(buyer.uid)).toHaveLength(2);
  });

  it('refuses to skip a delivery Stripe is about to charge', async () => {
    const syrup = await product('cutoff', { name: 'Cutoff Syrup' });
    const { buyer, id } = await subscribed({ [syrup]: 1 });
    await firestore()
      .doc(paths.standingOrder(id))
      .update({ next_delivery_at: Timestamp.fromMillis(Date.now() + 20 * 60 * 1000) });
    const error = await refusal(manage(buyer, { standingOrderId: id, action: 'skip' }));
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toContain('can no longer be skipped');
    expect((await standingOrderOf(id)).skipped).toBeNull();
  });

  it("cancels a buyer's standing orders when the buyer is rejected", async () => {
    const syrup = await product('rejected', { name: 'Rejected Syrup' });
    const { buyer, id } = await subscribed({ [syrup]: 1 });
    const change = (before: string, after: string) => ({
      params: { uid: buyer.uid },
      data: { before: { get: () => before }, after: { get: () => after } },
    });
    // Another change of the profile (a store name) leaves it alone.
    await profileChangedHandler(change('approved', 'approved'));
    expect((await standingOrderOf(id)).status).toBe('active');
    await profileChangedHandler(change('approved', 'rejected'));
    expect((await standingOrderOf(id)).status).toBe('cancelled');
    const sub = await harness.stripe.subscriptions.retrieve(
      (await standingOrderOf(id)).stripe_subscription_id,
    );
    expect(sub.status).toBe('canceled');
    await advance(buyer, 4);
    expect(await standingOrders(buyer.uid)).toHaveLength(1);
  });
});

describe('which product writes reach standing orders', () => {
  const snap = (fields: Record<string, unknown> | null) => ({
    exists: fields !== null,
    get: (field: string) => fields?.[field],
  });
  const change = (
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ) => ({
    before: snap(before),
    after: snap(after),
  });

  it('skips new products and writes of fields a cycle does not depend on', () => {
    const product = { name: 'A', price_retailer: 500, stock_on_hand: 10, stock_reserved: 0 };
    expect(mattersToStandingOrders(change(null, product))).toBe(false);
    expect(mattersToStandingOrders(change(product, { ...product, stock_reserved: 4 }))).toBe(false);
    expect(mattersToStandingOrders(change(product, { ...product, sort_order: 3 }))).toBe(false);
  });

  it('reaches them for a price, stock on hand, status, pack or deletion', () => {
    const product = { name: 'A', price_retailer: 500, stock_on_hand: 10, is_active: true };
    for (const after of [
      { ...product, price_retailer: 550 },
      { ...product, stock_on_hand: 0 },
      { ...product, is_active: false },
      { ...product, case_pack: 6 },
      { ...product, price_breaks: [{ min_quantity: 12, unit_amount: 450 }] },
      null,
    ]) {
      expect(mattersToStandingOrders(change(product, after))).toBe(true);
    }
  });
});
