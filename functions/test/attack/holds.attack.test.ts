import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect } from 'vitest';
import { COLLECTIONS, paths, PRODUCT_DEFAULTS } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import type { CallRequest } from '../../src/handlers/edge';
import { setProfileStatusHandler } from '../../src/handlers/set-profile-status';
import { profileChangedHandler } from '../../src/handlers/standing-order-triggers';
import { verifyPaymentHandler } from '../../src/handlers/verify-payment';
import { firestore } from '../../src/lib/admin';
import {
  checkoutOf,
  createUser,
  payWithShipTo,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from '../payments/support';
import { attackTable } from './attack-table';
import { stockLevels } from '../support/stock-levels';

/**
 * Stock holds and who may pay (docs/security.md P3, P5, P6): one buyer holding a product's whole
 * stock and renewing the hold, a rejected buyer keeping and paying an open checkout, and a bank
 * transfer emptying the shelf while it settles. The attacker's doors: the callables with their
 * own ID token, their own cart (a client write the rules allow), the Stripe Checkout page.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;

const RUN = randomUUID().slice(0, 8);
const IP = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
const call = (user: TestUser, data: unknown = {}): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});
const checkout = (user: TestUser) => createCheckoutSessionHandler(call(user));
/** The outcome of a call, refused or not: the attack is judged by what it left behind. */
const attempt = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

beforeAll(async () => {
  harness = await startPaymentsHarness();
  manager = await createUser('manager');
});

const createdProducts: string[] = [];
afterAll(async () => {
  await Promise.all(createdProducts.map((id) => firestore().doc(paths.product(id)).delete()));
  await harness?.stop();
});

async function product(key: string, stock: number): Promise<string> {
  const id = `t-attack-holds-${key}-${RUN}`;
  await firestore()
    .doc(paths.product(id))
    .set({
      ...PRODUCT_DEFAULTS,
      name: `Attack ${key}`,
      description: 'Attack suite product.',
      image_url: '/products/slushie-machine-triple.svg',
      price_retailer: 5000,
      is_active: true,
      sort_order: 94_000,
      sku: `ATK-${key.toUpperCase()}-${RUN.toUpperCase()}`,
      stock_on_hand: stock,
    });
  createdProducts.push(id);
  return id;
}

const levels = stockLevels;

async function sessionOf(checkoutId: string) {
  const id = (await checkoutOf(checkoutId)).stripe_session_id!;
  return harness.stripe.checkout.sessions.retrieve(id);
}

/** An approved retailer with an open checkout of these lines. */
async function buyerWithCheckout(lines: Record<string, number>) {
  const buyer = await createUser('retailer');
  await setCart(buyer.uid, lines);
  const { orderId } = await checkout(buyer);
  return { buyer, orderId, sessionId: (await sessionOf(orderId)).id };
}

const rejectionTrigger = (buyer: TestUser) =>
  profileChangedHandler({
    params: { uid: buyer.uid },
    data: { before: { get: () => 'approved' }, after: { get: () => 'rejected' } },
  });

attackTable('stock holds and who may pay', [
  {
    id: 'P3',
    attack: 'one buyer checks out all 8 of 8 machines: another buyer can still buy one',
    async run() {
      const id = await product('all', 8);
      const attacker = await createUser('retailer');
      await setCart(attacker.uid, { [id]: 8 });
      await attempt(checkout(attacker));
      const other = await createUser('retailer');
      await setCart(other.uid, { [id]: 1 });
      const bought = await checkout(other);
      expect((await checkoutOf(bought.orderId)).state).toBe('open');
    },
  },
  {
    id: 'P3',
    attack: 'one buyer holds 999 units of many products: others can still buy 100 of each',
    async run() {
      const ids = await Promise.all([1, 2, 3].map((n) => product(`bulk${n}`, 1_000)));
      const attacker = await createUser('retailer');
      await setCart(attacker.uid, Object.fromEntries(ids.map((id) => [id, 999])));
      await attempt(checkout(attacker));
      const other = await createUser('retailer');
      await setCart(other.uid, Object.fromEntries(ids.map((id) => [id, 100])));
      const bought = await checkout(other);
      expect((await checkoutOf(bought.orderId)).state).toBe('open');
    },
  },
  {
    id: 'P3',
    attack: 'renew a hold by checking out again (same cart, then a changed cart): expiry stays',
    async run() {
      const id = await product('renew', 100);
      const { buyer, orderId } = await buyerWithCheckout({ [id]: 2 });
      const expiry = (await sessionOf(orderId)).expires_at;
      await sleep(1_100);
      const same = await checkout(buyer);
      expect((await sessionOf(same.orderId)).expires_at).toBe(expiry);
      await setCart(buyer.uid, { [id]: 3 });
      await attempt(checkout(buyer));
      const checkouts = await firestore()
        .collection(COLLECTIONS.checkouts)
        .where('user_id', '==', buyer.uid)
        .where('state', '==', 'open')
        .get();
      for (const doc of checkouts.docs) {
        expect((await sessionOf(doc.id)).expires_at).toBeLessThanOrEqual(expiry);
      }
    },
  },
  {
    id: 'P5',
    attack: 'a rejected buyer keeps an open checkout holding stock',
    async run() {
      const id = await product('rejected', 8);
      const { buyer, orderId, sessionId } = await buyerWithCheckout({ [id]: 4 });
      await setProfileStatusHandler(call(manager, { uid: buyer.uid, status: 'rejected' }));
      await rejectionTrigger(buyer);
      expect((await checkoutOf(orderId)).state).not.toBe('open');
      expect((await harness.stripe.checkout.sessions.retrieve(sessionId)).status).toBe('expired');
      expect(await levels(id)).toEqual({ on_hand: 8, reserved: 0 });
    },
  },
  {
    id: 'P5',
    attack: 'a rejected buyer pays the old session URL: an order for fulfilment, managers mailed',
    async run() {
      const id = await product('paid', 8);
      const { buyer, orderId, sessionId } = await buyerWithCheckout({ [id]: 2 });
      await setProfileStatusHandler(call(manager, { uid: buyer.uid, status: 'rejected' }));
      // Paid from a tab left open, before anything else happens.
      await attempt(payWithShipTo(harness.sandbox, sessionId));
      await harness.sandbox.whenWebhooksIdle();
      const order = await firestore().doc(paths.order(orderId)).get();
      expect(['processing', 'pending', 'shipped', 'delivered']).not.toContain(order.get('status'));
      const mails = await firestore().collection(COLLECTIONS.mail).get();
      const toManagers = mails.docs.filter((doc) => doc.id.startsWith(`new-order.${orderId}.`));
      expect(toManagers.map((doc) => doc.id)).toEqual([]);
      expect(await levels(id)).toEqual({ on_hand: 8, reserved: 0 });
    },
  },
  {
    id: 'P5',
    attack: "a rejected buyer's old ID token still passes verifyPayment",
    async run() {
      const id = await product('token', 8);
      const { buyer, sessionId } = await buyerWithCheckout({ [id]: 1 });
      await payWithShipTo(harness.sandbox, sessionId);
      await setProfileStatusHandler(call(manager, { uid: buyer.uid, status: 'rejected' }));
      await expect(verifyPaymentHandler(call(buyer, { sessionId }))).rejects.toMatchObject({
        code: 'permission-denied',
      });
    },
  },
  {
    id: 'P6',
    attack: 'a bank transfer still settling takes the units off the shelf',
    async run() {
      const id = await product('transfer', 8);
      const { sessionId } = await buyerWithCheckout({ [id]: 3 });
      await payWithShipTo(harness.sandbox, sessionId, { delayed: true });
      await harness.sandbox.whenWebhooksIdle();
      // Nothing is paid yet: all 8 are still on the shelf, 3 of them held for the transfer.
      expect(await levels(id)).toEqual({ on_hand: 8, reserved: 3 });
      await harness.sandbox.settleDelayedPayment(sessionId, 'failed');
      await harness.sandbox.whenWebhooksIdle();
      expect(await levels(id)).toEqual({ on_hand: 8, reserved: 0 });
    },
  },
]);
