import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, mailKeys, paths, PRODUCT_DEFAULTS } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import type { CallRequest } from '../../src/handlers/edge';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import { firestore } from '../../src/lib/admin';
import { closeCheckout } from '../../src/checkout/checkout-transitions';
import {
  checkoutOf,
  checkoutsOfUser,
  createUser,
  orderOf,
  payWithShipTo,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from './support';
import { setStockOnHand, stockLevels } from '../support/stock-levels';

/**
 * Backorders at checkout (docs/catalog.md#backorders): a product that takes backorders is sold
 * beyond its stock; the checkout holds what is available and marks the rest of the line
 * backordered (on the checkout, the Stripe line and the order); paying takes stock on hand below
 * 0 by exactly those units. A product that does not take them is refused as before, and stock
 * never goes below 0 for it.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;

const RUN = randomUUID().slice(0, 8);
const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const call = (user: TestUser, data: unknown = {}): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});
const checkout = (user: TestUser, data: unknown = {}) =>
  createCheckoutSessionHandler(call(user, data));

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
  backorders_allowed?: boolean;
  restock_date?: string | null;
}

async function product(key: string, fixture: ProductFixture): Promise<string> {
  const id = `t-bo-${key}-${RUN}`;
  await Promise.all([
    firestore()
      .doc(paths.product(id))
      .set({
        ...PRODUCT_DEFAULTS,
        description: 'Backorder test product.',
        image_url: '/products/blue-coast.svg',
        price_retailer: 1000,
        is_active: true,
        sort_order: 97_100,
        sku: `BO-${key.toUpperCase()}-${RUN.toUpperCase()}`,
        ...fixture,
      }),
    firestore().doc(paths.wholesalePrice(id)).set({ price_wholesaler: 800, price_breaks: [] }),
  ]);
  createdProducts.push(id);
  return id;
}

const levels = stockLevels;

async function holdOf(checkoutId: string) {
  return (await firestore().doc(paths.checkout(checkoutId)).get()).get('stock_hold') as Record<
    string,
    number
  >;
}

async function openCheckout(lines: Record<string, number>, buyer?: TestUser) {
  const who = buyer ?? (await createUser('retailer'));
  await setCart(who.uid, lines);
  const { orderId } = await checkout(who);
  const sessionId = (await checkoutOf(orderId)).stripe_session_id;
  if (!sessionId) throw new Error(`checkout ${orderId} has no session`);
  return { buyer: who, orderId, sessionId };
}

/** The session's lines as Stripe shows them: quantity and name (the mark is unit-tested). */
async function stripeLines(sessionId: string) {
  const items = await harness.stripe.checkout.sessions.listLineItems(sessionId);
  return items.data.map((item) => [item.quantity, item.description]);
}

const orderDoc = async (orderId: string) =>
  (await firestore().doc(paths.order(orderId)).get()).data()!;

describe('backorders at checkout', () => {
  it('a product with no stock that takes backorders: the line is backordered, nothing held; paying takes stock on hand to -N', async () => {
    const id = await product('zero', {
      name: 'Backorder Syrup',
      stock_on_hand: 0,
      backorders_allowed: true,
      restock_date: '2026-12-10',
    });
    const { orderId, sessionId } = await openCheckout({ [id]: 6 });

    expect((await checkoutOf(orderId)).items).toEqual([
      expect.objectContaining({ product_id: id, quantity: 6, backordered: 6 }),
    ]);
    expect(await holdOf(orderId)).toEqual({});
    expect(await levels(id)).toEqual({ on_hand: 0, reserved: 0 });
    expect(await stripeLines(sessionId)).toEqual([[6, 'Backorder Syrup']]);

    await payWithShipTo(harness.sandbox, sessionId);
    await harness.sandbox.whenWebhooksIdle();
    const order = await orderDoc(orderId);
    expect(order.status).toBe('processing');
    expect(order.items).toEqual([expect.objectContaining({ product_id: id, backordered: 6 })]);
    expect(order.backorder_open).toBe(true);
    expect(order.stock_taken).toEqual({ [id]: 6 });
    expect(await levels(id)).toEqual({ on_hand: -6, reserved: 0 });

    // The confirmation marks the line with the restock date the product has.
    const mail = (
      await firestore().collection(COLLECTIONS.mail).doc(mailKeys.orderConfirmation(orderId)).get()
    ).get('message') as { text: string; html: string };
    expect(mail.text).toContain('6 x Backorder Syrup (Backordered · Expected Dec 10, 2026)');
    expect(mail.html).toContain('Backordered · Expected Dec 10, 2026');

    // Cancelled with restock, the owed units go back: stock reads 0 again.
    await updateOrderStatusHandler(call(manager, { orderId, status: 'cancelled', restock: true }));
    await harness.sandbox.whenWebhooksIdle();
    expect(await levels(id)).toEqual({ on_hand: 0, reserved: 0 });
  });

  it('a line of 12 with 5 available holds the 5 and backorders 7; paying takes stock on hand to -7', async () => {
    const id = await product('mixed', {
      name: 'Mixed Syrup',
      stock_on_hand: 5,
      backorders_allowed: true,
    });
    const plain = await product('mixed-plain', { name: 'Plain Syrup', stock_on_hand: 10 });
    const { orderId, sessionId } = await openCheckout({ [id]: 12, [plain]: 2 });

    const items = (await checkoutOf(orderId)).items;
    expect(items.find((line) => line.product_id === id)).toMatchObject({
      quantity: 12,
      backordered: 7,
    });
    expect(items.find((line) => line.product_id === plain)).toMatchObject({
      quantity: 2,
      backordered: 0,
    });
    // All five held, though that is more than a buyer's share of a product that never runs out.
    expect(await holdOf(orderId)).toEqual({ [id]: 5, [plain]: 2 });
    expect(await levels(id)).toEqual({ on_hand: 5, reserved: 5 });
    // The whole line is charged now (the backordered units too): they are paid for, and owed.
    expect(await stripeLines(sessionId)).toEqual(
      expect.arrayContaining([
        [12, 'Mixed Syrup'],
        [2, 'Plain Syrup'],
      ]),
    );

    await payWithShipTo(harness.sandbox, sessionId);
    expect(await levels(id)).toEqual({ on_hand: -7, reserved: 0 });
    expect(await levels(plain)).toEqual({ on_hand: 8, reserved: 0 });
    const order = await orderDoc(orderId);
    expect(order.stock_taken).toEqual({ [id]: 12, [plain]: 2 });
    expect(order.backorder_open).toBe(true);

    // Owed units stay owed: the next buyer's whole line is backordered.
    const next = await openCheckout({ [id]: 3 });
    expect((await checkoutOf(next.orderId)).items[0]).toMatchObject({ backordered: 3 });
    await payWithShipTo(harness.sandbox, next.sessionId);
    expect(await levels(id)).toEqual({ on_hand: -10, reserved: 0 });
  });

  it('a bank transfer keeps the order out of the backorder queue until it settles, then takes the units', async () => {
    const id = await product('delayed', {
      name: 'Delayed Syrup',
      stock_on_hand: 2,
      backorders_allowed: true,
    });
    const { orderId, sessionId } = await openCheckout({ [id]: 5 });
    await payWithShipTo(harness.sandbox, sessionId, { delayed: true });
    await harness.sandbox.whenWebhooksIdle();
    const pending = await orderDoc(orderId);
    expect(pending.status).toBe('pending');
    expect(pending.backorder_open).toBe(false);
    expect(await levels(id)).toEqual({ on_hand: 2, reserved: 2 });

    await harness.sandbox.settleDelayedPayment(sessionId, 'succeeded');
    await harness.sandbox.whenWebhooksIdle();
    const paid = await orderDoc(orderId);
    expect(paid.status).toBe('processing');
    expect(paid.backorder_open).toBe(true);
    expect(paid.stock_taken).toEqual({ [id]: 5 });
    expect(await levels(id)).toEqual({ on_hand: -3, reserved: 0 });
  });

  it("a buyer's changed cart counts their own previous hold as in stock, not backordered", async () => {
    const id = await product('own', {
      name: 'Own Backorder Syrup',
      stock_on_hand: 5,
      backorders_allowed: true,
    });
    const { buyer, orderId: first } = await openCheckout({ [id]: 5 });
    expect(await levels(id)).toEqual({ on_hand: 5, reserved: 5 });
    await setCart(buyer.uid, { [id]: 6 });
    const second = await checkout(buyer);
    expect((await checkoutOf(first)).state).toBe('replaced');
    expect((await checkoutOf(second.orderId)).items[0]).toMatchObject({
      quantity: 6,
      backordered: 1,
    });
    expect(await holdOf(second.orderId)).toEqual({ [id]: 5 });
    expect(await levels(id)).toEqual({ on_hand: 5, reserved: 5 });
  });

  it('a product that does not take backorders is refused "X is out of stock." and nothing is written', async () => {
    const id = await product('refused', { name: 'No Backorder Syrup', stock_on_hand: 0 });
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, { [id]: 2 });
    await expect(checkout(buyer)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'No Backorder Syrup is out of stock.',
    });
    expect(await checkoutsOfUser(buyer.uid)).toHaveLength(0);
    expect((await firestore().doc(paths.checkoutLock(buyer.uid)).get()).exists).toBe(false);
    expect(await levels(id)).toEqual({ on_hand: 0, reserved: 0 });

    // Allowed once stock was tracked and owed, then turned off: still refused, by the stock it has.
    const owed = await product('turned-off', {
      name: 'Turned Off Syrup',
      stock_on_hand: -4,
      backorders_allowed: false,
    });
    await setCart(buyer.uid, { [owed]: 1 });
    await expect(checkout(buyer)).rejects.toMatchObject({
      message: 'Turned Off Syrup is out of stock.',
    });
    expect(await levels(owed)).toEqual({ on_hand: -4, reserved: 0 });
  });

  it('a product that does not take backorders never goes below 0, even paid after its hold was released', async () => {
    const id = await product('floor', { name: 'Floor Syrup', stock_on_hand: 6 });
    const stale = await openCheckout({ [id]: 3 });
    // Closed here (its hold released) while a stale tab still has the session open.
    expect(await closeCheckout(firestore(), stale.orderId, 'replaced', { withSession: true })).toBe(
      true,
    );
    // Meanwhile another buyer takes three, and a count finds only one more on the shelf.
    const other = await openCheckout({ [id]: 3 });
    await payWithShipTo(harness.sandbox, other.sessionId);
    await setStockOnHand(id, 1);

    await payWithShipTo(harness.sandbox, stale.sessionId);
    expect((await orderOf(stale.orderId)).status).toBe('processing');
    expect(await levels(id)).toEqual({ on_hand: 0, reserved: 0 });
    const order = await orderDoc(stale.orderId);
    expect(order.items[0].backordered).toBe(0);
    expect(order.backorder_open).toBe(false);
  });
});
