import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import { paths, PRODUCT_DEFAULTS, type PriceBreak } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import type { CallRequest } from '../../src/handlers/edge';
import { refundOrderHandler } from '../../src/handlers/refund-order';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import { firestore } from '../../src/lib/admin';
import { closeCheckout } from '../../src/checkout/checkout-transitions';
import {
  cartOf,
  checkoutOf,
  checkoutsOfUser,
  createUser,
  orderOf,
  ordersOfUser,
  payWithShipTo,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from './support';
import { stockLevels } from '../support/stock-levels';
import { foldStock } from '../../src/orders/stock-shards';

/**
 * Stock at checkout: createCheckoutSession reserves the units of stock-tracked products in the
 * transaction that creates the checkout; the checkout releases them when it ends without an order
 * (expired, replaced, failed) and commits them when it becomes one; a cancellation may restock.
 * Also the catalog's quantity rules at checkout: case packs, minimums, price breaks, Buy Now.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;

const RUN = randomUUID().slice(0, 8);
/** This file's calls come from their own address, so the shared per-IP rate limit is its own. */
const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const call = (user: TestUser, data: unknown = {}, ip = IP): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip },
});
const checkout = (user: TestUser, data: unknown = {}, ip = IP) =>
  createCheckoutSessionHandler(call(user, data, ip));

beforeAll(async () => {
  harness = await startPaymentsHarness();
  manager = await createUser('manager');
});

const createdProducts: string[] = [];
afterAll(async () => {
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
  stock_on_hand: number | null;
  price_retailer?: number;
  price_breaks?: PriceBreak[];
  case_pack?: number;
  min_quantity?: number;
  price_wholesaler?: number;
  wholesale_breaks?: PriceBreak[];
}

/** A product of this run (products/{id} and wholesale_prices/{id}), as a manager saves one. */
async function product(key: string, fixture: ProductFixture): Promise<string> {
  const id = `t-stock-${key}-${RUN}`;
  const { price_wholesaler = 800, wholesale_breaks = [], ...fields } = fixture;
  await Promise.all([
    firestore()
      .doc(paths.product(id))
      .set({
        ...PRODUCT_DEFAULTS,
        description: 'Stock test product.',
        image_url: '/products/blue-coast.svg',
        price_retailer: 1000,
        is_active: true,
        sort_order: 97_000,
        sku: `STOCK-${key.toUpperCase()}-${RUN.toUpperCase()}`,
        ...fields,
      }),
    firestore()
      .doc(paths.wholesalePrice(id))
      .set({ price_wholesaler, price_breaks: wholesale_breaks }),
  ]);
  createdProducts.push(id);
  return id;
}

const levels = stockLevels;

async function stockOf(checkoutId: string) {
  const snap = await firestore().doc(paths.checkout(checkoutId)).get();
  return {
    hold: snap.get('stock_hold') as Record<string, number> | undefined,
    held: snap.get('stock_held') as boolean | undefined,
  };
}

async function sessionOf(checkoutId: string) {
  const sessionId = (await checkoutOf(checkoutId)).stripe_session_id;
  if (!sessionId) throw new Error(`checkout ${checkoutId} has no session`);
  return sessionId;
}

/** An approved buyer with these lines in the cart, checked out: the checkout id and session. */
async function openCheckout(
  lines: Record<string, number>,
  role: 'retailer' | 'wholesaler' = 'retailer',
) {
  const buyer = await createUser(role);
  await setCart(buyer.uid, lines);
  const { orderId } = await checkout(buyer);
  return { buyer, orderId, sessionId: await sessionOf(orderId) };
}

/** The same, paid by card: the order is processing. */
async function paidOrder(lines: Record<string, number>) {
  const opened = await openCheckout(lines);
  await payWithShipTo(harness.sandbox, opened.sessionId);
  expect((await orderOf(opened.orderId)).status).toBe('processing');
  return opened;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('stock: reserve at checkout', () => {
  it('reserves the units of tracked products as the checkout is created; a repeated call reuses the hold', async () => {
    const tracked = await product('reserve', { name: 'Reserve Syrup', stock_on_hand: 10 });
    const untracked = await product('untracked', { name: 'Untracked Syrup', stock_on_hand: null });
    const { buyer, orderId } = await openCheckout({ [tracked]: 3, [untracked]: 2 });

    expect(await levels(tracked)).toEqual({ on_hand: 10, reserved: 3 });
    // Not tracked: no hold, the document's stock fields as the manager left them.
    expect(await levels(untracked)).toEqual({ on_hand: null, reserved: 0 });
    expect(await stockOf(orderId)).toEqual({ hold: { [tracked]: 3 }, held: true });

    // The same cart again: the same open checkout, no second hold.
    const again = await checkout(buyer);
    expect(again.orderId).toBe(orderId);
    expect(await levels(tracked)).toEqual({ on_hand: 10, reserved: 3 });
  });

  it('refuses a line with more units than are available, "Only N left of <name>.", writing nothing', async () => {
    const id = await product('short', { name: 'Short Syrup', stock_on_hand: 10 });
    const first = await openCheckout({ [id]: 5 });
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 5 });

    const buyer = await createUser('wholesaler');
    await setCart(buyer.uid, { [id]: 6, 'blue-coast': 1 });
    await expect(checkout(buyer)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'Only 5 left of Short Syrup.',
      details: { productId: id, available: 5 },
    });
    expect(await checkoutsOfUser(buyer.uid)).toHaveLength(0);
    expect((await firestore().doc(paths.checkoutLock(buyer.uid)).get()).exists).toBe(false);
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 5 });

    // Five units are still there: those are sold.
    await setCart(buyer.uid, { [id]: 5 });
    await checkout(buyer);
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 10 });

    // None left: out of stock, for Buy Now too.
    const late = await createUser('retailer');
    await expect(checkout(late, { productId: id })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'Short Syrup is out of stock.',
    });
    expect(await checkoutsOfUser(late.uid)).toHaveLength(0);
    expect((await checkoutOf(first.orderId)).state).toBe('open');
  });
});

describe('stock: release', () => {
  it('checkout.session.expired releases the hold, once', async () => {
    const id = await product('expire', { name: 'Expiry Syrup', stock_on_hand: 10 });
    const kept = await openCheckout({ [id]: 2 });
    const { orderId, sessionId } = await openCheckout({ [id]: 3 });
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 5 });

    await harness.stripe.checkout.sessions.expire(sessionId);
    await harness.sandbox.whenWebhooksIdle();
    expect((await checkoutOf(orderId)).state).toBe('expired');
    expect(await stockOf(orderId)).toEqual({ hold: { [id]: 3 }, held: false });
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 2 });

    // Closing it again (a late call, a replayed event) releases nothing more.
    expect(await closeCheckout(firestore(), orderId, 'expired', { withSession: true })).toBe(false);
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 2 });
    expect((await checkoutOf(kept.orderId)).state).toBe('open');
  });

  it('a replaced checkout releases its hold; the new one holds its own', async () => {
    const id = await product('replace', { name: 'Replace Syrup', stock_on_hand: 10 });
    const { buyer, orderId: first } = await openCheckout({ [id]: 2 });
    await setCart(buyer.uid, { [id]: 3 });
    const second = await checkout(buyer);
    expect(second.orderId).not.toBe(first);
    expect((await checkoutOf(first)).state).toBe('replaced');
    expect(await stockOf(first)).toEqual({ hold: { [id]: 2 }, held: false });
    expect(await stockOf(second.orderId)).toEqual({ hold: { [id]: 3 }, held: true });
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 3 });
  });

  it("a buyer's own previous checkout does not count against their changed cart", async () => {
    const id = await product('own', { name: 'Own Hold Syrup', stock_on_hand: 10 });
    await openCheckout({ [id]: 5 });
    const { buyer, orderId: first } = await openCheckout({ [id]: 4 });
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 9 });
    // 5 wanted, 1 available to others, but 4 of the 5 are this buyer's own previous hold.
    await setCart(buyer.uid, { [id]: 5 });
    const second = await checkout(buyer);
    expect((await checkoutOf(first)).state).toBe('replaced');
    const oldSession = await harness.stripe.checkout.sessions.retrieve(await sessionOf(first));
    expect(oldSession.status).toBe('expired');
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 10 });
    expect(await stockOf(second.orderId)).toEqual({ hold: { [id]: 5 }, held: true });

    // Six is more than there is at all: refused (the five are the buyer's to have), and the open
    // checkout is left as it is, with its hold.
    await setCart(buyer.uid, { [id]: 6 });
    await expect(checkout(buyer)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'Only 5 left of Own Hold Syrup.',
    });
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 10 });
    expect((await checkoutOf(second.orderId)).state).toBe('open');
    expect(await checkoutsOfUser(buyer.uid)).toHaveLength(2);
  });
  it('a checkout closed on our side but paid at Stripe all the same still takes its units', async () => {
    const id = await product('closed-paid', { name: 'Stale Tab Syrup', stock_on_hand: 10 });
    const { orderId, sessionId } = await openCheckout({ [id]: 2 });
    // Closed here (its hold released) while a stale tab still has the session open.
    expect(await closeCheckout(firestore(), orderId, 'replaced', { withSession: true })).toBe(true);
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 0 });
    await payWithShipTo(harness.sandbox, sessionId);
    expect((await orderOf(orderId)).status).toBe('processing');
    expect(await levels(id)).toEqual({ on_hand: 8, reserved: 0 });
  });
});

describe('stock: commit and restock', () => {
  it('a paid order takes exactly its quantities from stock on hand and ends the hold', async () => {
    const a = await product('commit-a', { name: 'Commit A Syrup', stock_on_hand: 10 });
    const b = await product('commit-b', { name: 'Commit B Syrup', stock_on_hand: 8 });
    const untracked = await product('commit-u', { name: 'Commit U Syrup', stock_on_hand: null });
    const other = await openCheckout({ [a]: 1, [b]: 4 });
    const { buyer, orderId } = await paidOrder({ [a]: 3, [b]: 4, [untracked]: 5 });

    expect(await levels(a)).toEqual({ on_hand: 7, reserved: 1 });
    expect(await levels(b)).toEqual({ on_hand: 4, reserved: 4 });
    expect(await levels(untracked)).toEqual({ on_hand: null, reserved: 0 });
    expect(await stockOf(orderId)).toEqual({ hold: { [a]: 3, [b]: 4 }, held: false });
    const order = (await firestore().doc(paths.order(orderId)).get()).data()!;
    expect(order.stock_taken).toEqual({ [a]: 3, [b]: 4 });
    expect(await cartOf(buyer.uid)).toEqual({});

    // verifyPayment or a replayed webhook after the order exists changes nothing.
    await harness.sandbox.whenWebhooksIdle();
    expect(await levels(a)).toEqual({ on_hand: 7, reserved: 1 });
    // The other buyer's hold still stands: B is now out of stock for everyone.
    expect((await checkoutOf(other.orderId)).state).toBe('open');
    await expect(checkout(await createUser('retailer'), { productId: b })).rejects.toMatchObject({
      message: 'Commit B Syrup is out of stock.',
    });
  });

  it('cancelling with restock puts the units back on hand, once; without it they stay sold', async () => {
    const id = await product('restock', { name: 'Restock Syrup', stock_on_hand: 10 });
    const restocked = await paidOrder({ [id]: 3 });
    const kept = await paidOrder({ [id]: 2 });
    expect(await levels(id)).toEqual({ on_hand: 5, reserved: 0 });

    expect(
      await updateOrderStatusHandler(
        call(manager, { orderId: restocked.orderId, status: 'cancelled', restock: true }),
      ),
    ).toEqual({ orderId: restocked.orderId, status: 'cancelled' });
    // The refund's webhooks (carrying the cancellation and the restock) change nothing more.
    await harness.sandbox.whenWebhooksIdle();
    expect(await levels(id)).toEqual({ on_hand: 8, reserved: 0 });
    const order = (await firestore().doc(paths.order(restocked.orderId)).get()).data()!;
    expect(order.status).toBe('cancelled');
    expect(order.restocked_at).toBeDefined();
    // Asking again: the order is already cancelled, nothing moves.
    await updateOrderStatusHandler(
      call(manager, { orderId: restocked.orderId, status: 'cancelled', restock: true }),
    );
    expect(await levels(id)).toEqual({ on_hand: 8, reserved: 0 });

    await updateOrderStatusHandler(
      call(manager, { orderId: kept.orderId, status: 'cancelled', restock: false }),
    );
    await harness.sandbox.whenWebhooksIdle();
    expect((await orderOf(kept.orderId)).status).toBe('cancelled');
    expect((await firestore().doc(paths.order(kept.orderId)).get()).get('restocked_at')).toBe(
      undefined,
    );
    expect(await levels(id)).toEqual({ on_hand: 8, reserved: 0 });
  });

  it('a refund restocks only when it refunds everything left (goods returned), once', async () => {
    const id = await product('restock-refund', { name: 'Refund Syrup', stock_on_hand: 10 });
    const { orderId, amount } = await (async () => {
      const opened = await paidOrder({ [id]: 2 });
      return { ...opened, amount: (await orderOf(opened.orderId)).amount };
    })();
    expect(await levels(id)).toEqual({ on_hand: 8, reserved: 0 });
    await expect(
      refundOrderHandler(
        call(manager, { requestId: randomUUID(), orderId, amount: 500, restock: true }),
      ),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'Putting the items back in stock goes with refunding everything left on the order.',
    });
    await expect(
      updateOrderStatusHandler(
        call(manager, {
          orderId,
          status: 'shipped',
          shipment: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
          restock: true,
        }),
      ),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    expect(await orderOf(orderId)).toMatchObject({ status: 'processing', refunded_amount: 0 });
    expect(await levels(id)).toEqual({ on_hand: 8, reserved: 0 });

    // A partial refund without restock is a refund; the rest, with restock, brings the units back.
    await refundOrderHandler(call(manager, { requestId: randomUUID(), orderId, amount: 500 }));
    await harness.sandbox.whenWebhooksIdle();
    expect(await levels(id)).toEqual({ on_hand: 8, reserved: 0 });
    await refundOrderHandler(call(manager, { requestId: randomUUID(), orderId, restock: true }));
    await harness.sandbox.whenWebhooksIdle();
    const order = (await firestore().doc(paths.order(orderId)).get()).data()!;
    // Nothing left to refund: the order is refunded, out of the processing flow.
    expect(order).toMatchObject({ status: 'refunded', refunded_amount: amount });
    expect(order.restocked_at).toBeDefined();
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 0 });
    // Nothing left to refund: refused, and nothing moves.
    await expect(
      refundOrderHandler(call(manager, { requestId: randomUUID(), orderId, restock: true })),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 0 });
  });

  it('a delayed payment that fails releases what a pending order held; one never recorded releases its hold', async () => {
    const id = await product('delayed', { name: 'Delayed Syrup', stock_on_hand: 10 });
    const pending = await openCheckout({ [id]: 2 });
    await payWithShipTo(harness.sandbox, pending.sessionId, { delayed: true });
    expect((await orderOf(pending.orderId)).status).toBe('pending');
    // Still on hand while the transfer settles, and held: nobody else can buy those two.
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 2 });
    expect(await stockOf(pending.orderId)).toEqual({ hold: { [id]: 2 }, held: true });
    await harness.sandbox.settleDelayedPayment(pending.sessionId, 'failed');
    await harness.sandbox.whenWebhooksIdle();
    expect((await orderOf(pending.orderId)).status).toBe('cancelled');
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 0 });

    // The completion never reached the portal: the failure makes the order, cancelled.
    const lost = await openCheckout({ [id]: 3 });
    harness.endpoint.mode = 'hold';
    try {
      await payWithShipTo(harness.sandbox, lost.sessionId, { delayed: true });
      await harness.sandbox.whenWebhooksIdle();
    } finally {
      harness.endpoint.mode = 'process';
    }
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 3 });
    await harness.sandbox.settleDelayedPayment(lost.sessionId, 'failed');
    await harness.sandbox.whenWebhooksIdle();
    expect((await orderOf(lost.orderId)).status).toBe('cancelled');
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 0 });
    expect(await stockOf(lost.orderId)).toEqual({ hold: { [id]: 3 }, held: false });
  });
});

describe('quantity rules and price breaks at checkout', () => {
  it('refuses a quantity that breaks the case pack or the minimum, saying what would do', async () => {
    const id = await product('cases', {
      name: 'Case Syrup',
      stock_on_hand: 100,
      case_pack: 6,
      min_quantity: 12,
    });
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, { [id]: 8 });
    await expect(checkout(buyer)).rejects.toMatchObject({
      code: 'failed-precondition',
      message:
        'Case Syrup is sold in cases of 6: order a multiple of 6. Change the quantity in your cart and try again.',
    });
    await setCart(buyer.uid, { [id]: 6 });
    await expect(checkout(buyer)).rejects.toMatchObject({
      code: 'failed-precondition',
      message:
        'The minimum order for Case Syrup is 12 units. Change the quantity in your cart and try again.',
    });
    expect(await checkoutsOfUser(buyer.uid)).toHaveLength(0);
    expect(await levels(id)).toEqual({ on_hand: 100, reserved: 0 });
    await setCart(buyer.uid, { [id]: 18 });
    const { orderId } = await checkout(buyer);
    expect((await checkoutOf(orderId)).items).toEqual([
      expect.objectContaining({ product_id: id, quantity: 18 }),
    ]);
  });

  it('Buy Now buys the minimum order quantity (in whole cases), not one unit', async () => {
    const id = await product('buy-now', {
      name: 'Buy Now Syrup',
      stock_on_hand: 100,
      case_pack: 6,
      min_quantity: 10,
    });
    const buyer = await createUser('wholesaler');
    const { orderId } = await checkout(buyer, { productId: id });
    const order = await checkoutOf(orderId);
    expect(order.items).toEqual([
      expect.objectContaining({ product_id: id, quantity: 12, unit_amount: 800 }),
    ]);
    expect(order.source).toBe('buy_now');
    expect(await stockOf(orderId)).toEqual({ hold: { [id]: 12 }, held: true });
    expect(await levels(id)).toEqual({ on_hand: 100, reserved: 12 });
  });

  it("charges the role's break price the line reaches, on the checkout and on the Stripe line", async () => {
    const id = await product('breaks', {
      name: 'Break Syrup',
      stock_on_hand: null,
      price_retailer: 1000,
      price_breaks: [
        { min_quantity: 24, unit_amount: 900 },
        { min_quantity: 48, unit_amount: 850 },
      ],
      price_wholesaler: 800,
      wholesale_breaks: [{ min_quantity: 24, unit_amount: 700 }],
    });
    const cases: Array<['retailer' | 'wholesaler', number, number]> = [
      ['retailer', 23, 1000],
      ['retailer', 24, 900],
      ['retailer', 48, 850],
      ['wholesaler', 12, 800],
      ['wholesaler', 48, 700],
    ];
    for (const [role, quantity, unit] of cases) {
      const { orderId, sessionId } = await openCheckout({ [id]: quantity }, role);
      const order = await checkoutOf(orderId);
      expect(order.items, `${role} ${quantity}`).toEqual([
        expect.objectContaining({ quantity, unit_amount: unit, line_total: unit * quantity }),
      ]);
      expect(order.amount).toBe(unit * quantity);
      const session = await harness.stripe.checkout.sessions.retrieve(sessionId, {
        expand: ['line_items'],
      });
      expect(session.line_items?.data.map((l) => [l.quantity, l.price?.unit_amount])).toEqual([
        [quantity, unit],
      ]);
      expect(session.amount_total).toBe(unit * quantity);
    }
  });
});

/**
 * `buyers` approved buyers, each with `each` units of a product that has `stock` on hand, all
 * checking out at once (each from their own address, as separate shops would). Samples the
 * product while they race.
 */
async function race(key: string, name: string, stock: number, buyers: number, each: number) {
  const id = await product(key, { name, stock_on_hand: stock });
  // Folded, as the trigger leaves a product: its units spread over its shards, so the holds take
  // from their own shard first and from the others when it runs out (docs/stock.md).
  await foldStock(firestore(), id);
  const users = await Promise.all(Array.from({ length: buyers }, () => createUser('retailer')));
  await Promise.all(users.map((user) => setCart(user.uid, { [id]: each })));

  const samples: Array<{ on_hand: number; reserved: number }> = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { on_hand, reserved } = await levels(id);
      samples.push({ on_hand: on_hand ?? Number.NaN, reserved: reserved ?? Number.NaN });
      await sleep(5);
    }
  })();
  const started = performance.now();
  const results = await Promise.allSettled(
    users.map((user, i) => checkout(user, {}, `203.0.113.${i + 1}`)),
  );
  const ms = Math.round(performance.now() - started);
  sampling = false;
  await sampler;

  const won = users.flatMap((user, i) => {
    const result = results[i]!;
    return result.status === 'fulfilled' ? [{ user, orderId: result.value.orderId }] : [];
  });
  const refusals = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason] : [],
  );
  return { id, users, won, refusals, samples, ms };
}

describe('stock: 20 buyers racing for the last units', () => {
  it('20 parallel checkouts of 1 unit for 5 in stock: exactly 5 sold, never below 0, the rest told why', async (ctx) => {
    const name = 'Last Five Syrup';
    const { id, users, won, refusals, samples, ms } = await race('race', name, 5, 20, 1);
    ctx.annotate(`20 parallel checkouts answered in ${ms} ms`);

    expect(won).toHaveLength(5);
    expect(refusals).toHaveLength(15);
    const pattern = new RegExp(
      `^(Only [1-4] left of ${escapeRegExp(name)}\\.|${escapeRegExp(name)} is out of stock\\.)$`,
    );
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(HttpsError);
      expect(refusal).toMatchObject({
        code: 'failed-precondition',
        message: expect.stringMatching(pattern),
      });
    }
    expect(await levels(id)).toEqual({ on_hand: 5, reserved: 5 });
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) {
      expect(sample.reserved).toBeLessThanOrEqual(sample.on_hand);
      expect(sample.on_hand - sample.reserved).toBeGreaterThanOrEqual(0);
    }
    // Each winner holds one unit; nobody else has a checkout.
    for (const { orderId } of won) {
      expect(await stockOf(orderId)).toEqual({ hold: { [id]: 1 }, held: true });
    }
    const losers = users.filter((user) => !won.some((w) => w.user.uid === user.uid));
    for (const user of losers) expect(await checkoutsOfUser(user.uid)).toHaveLength(0);

    // The five pay (at once too): the shelf is empty, nothing is held, five orders of one unit.
    await Promise.all(
      won.map(async ({ orderId }) => payWithShipTo(harness.sandbox, await sessionOf(orderId))),
    );
    await harness.sandbox.whenWebhooksIdle();
    expect(await levels(id)).toEqual({ on_hand: 0, reserved: 0 });
    for (const { user, orderId } of won) {
      const orders = await ordersOfUser(user.uid);
      expect(orders.map((o) => o.id)).toEqual([orderId]);
      expect((await orderOf(orderId)).items).toEqual([
        expect.objectContaining({ product_id: id, quantity: 1 }),
      ]);
    }
  }, 120_000);

  it('20 parallel checkouts of 2 units for 5 in stock: 2 sold, and the other 18 told "Only 1 left"', async (ctx) => {
    const name = 'Odd Five Syrup';
    const { id, won, refusals, ms } = await race('race-pairs', name, 5, 20, 2);
    ctx.annotate(`20 parallel checkouts answered in ${ms} ms`);
    expect(won).toHaveLength(2);
    expect(refusals).toHaveLength(18);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        code: 'failed-precondition',
        message: `Only 1 left of ${name}.`,
      });
    }
    expect(await levels(id)).toEqual({ on_hand: 5, reserved: 4 });
  }, 120_000);
});
