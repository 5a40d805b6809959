import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, paths, PRODUCT_DEFAULTS } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import type { CallRequest } from '../../src/handlers/edge';
import { setProfileStatusHandler } from '../../src/handlers/set-profile-status';
import { profileChangedHandler } from '../../src/handlers/standing-order-triggers';
import { verifyPaymentHandler } from '../../src/handlers/verify-payment';
import { adminAuth, firestore } from '../../src/lib/admin';
import {
  checkoutOf,
  createUser,
  orderOf,
  payWithShipTo,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from './support';
import { stockLevels } from '../support/stock-levels';

/**
 * A buyer who loses access (rejected by a manager, or an account disabled or deleted) while a
 * checkout of theirs is open: the checkout is closed and its stock released when the rejection
 * lands (the onProfileChanged trigger), a payment of the old session never becomes an order for
 * fulfilment (it is made cancelled and refunded, no mail to the managers), and their old ID
 * token no longer passes verifyPayment or createCheckoutSession.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;

const RUN = randomUUID().slice(0, 8);
const IP = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
const call = (user: TestUser, data: unknown = {}): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});

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
  const id = `t-lost-${key}-${RUN}`;
  await firestore()
    .doc(paths.product(id))
    .set({
      ...PRODUCT_DEFAULTS,
      name: `Lost ${key}`,
      description: 'Access test product.',
      image_url: '/products/blue-coast.svg',
      price_retailer: 2500,
      is_active: true,
      sort_order: 95_000,
      sku: `LOST-${key.toUpperCase()}-${RUN.toUpperCase()}`,
      stock_on_hand: stock,
    });
  createdProducts.push(id);
  return id;
}

const levels = stockLevels;

/** An approved retailer with an open checkout of `quantity` of the product. */
async function openCheckout(productId: string, quantity: number) {
  const buyer = await createUser('retailer');
  await setCart(buyer.uid, { [productId]: quantity });
  const { orderId } = await createCheckoutSessionHandler(call(buyer));
  const sessionId = (await checkoutOf(orderId)).stripe_session_id!;
  return { buyer, orderId, sessionId };
}

async function reject(buyer: TestUser) {
  await setProfileStatusHandler(call(manager, { uid: buyer.uid, status: 'rejected' }));
}

/** What the onProfileChanged trigger receives for the rejection. */
function rejectionLands(buyer: TestUser) {
  return profileChangedHandler({
    params: { uid: buyer.uid },
    data: { before: { get: () => 'approved' }, after: { get: () => 'rejected' } },
  });
}

/** The mails queued about an order (outbox documents whose key names it). */
async function mailsAbout(orderId: string): Promise<string[]> {
  const all = await firestore().collection(COLLECTIONS.mail).get();
  return all.docs.map((doc) => doc.id).filter((id) => id.includes(orderId));
}

describe('a buyer rejected with an open checkout', () => {
  it('has it closed when the rejection lands: the session expired at Stripe, the stock released', async () => {
    const id = await product('closed', 8);
    const { buyer, orderId, sessionId } = await openCheckout(id, 4);
    expect(await levels(id)).toEqual({ on_hand: 8, reserved: 4 });
    await reject(buyer);
    await rejectionLands(buyer);
    expect((await checkoutOf(orderId)).state).toBe('expired');
    expect((await harness.stripe.checkout.sessions.retrieve(sessionId)).status).toBe('expired');
    expect(await levels(id)).toEqual({ on_hand: 8, reserved: 0 });
  });

  it('who pays the old session gets no order for fulfilment: cancelled, refunded, no mail', async () => {
    const id = await product('paid', 8);
    const { buyer, orderId, sessionId } = await openCheckout(id, 2);
    await reject(buyer);
    // Paid before the trigger closed the session (a tab left open).
    await payWithShipTo(harness.sandbox, sessionId);
    await harness.sandbox.whenWebhooksIdle();

    const order = await orderOf(orderId);
    expect(order.status).toBe('cancelled');
    expect(order.invoice_number).toBeNull();
    expect(order.refunded_amount).toBe(order.amount);
    expect(order.refunds).toHaveLength(1);
    const snap = await firestore().doc(paths.order(orderId)).get();
    expect(snap.get('refused_reason')).toBe('buyer_not_approved');
    const refunds = await harness.stripe.refunds.list({
      payment_intent: order.stripe_payment_intent_id!,
    });
    expect(refunds.data.map((r) => r.amount)).toEqual([order.amount]);
    // Nothing left the shelf, nothing is held; nobody was told of a new order.
    expect(await levels(id)).toEqual({ on_hand: 8, reserved: 0 });
    const mails = await mailsAbout(orderId);
    expect(mails.filter((key) => key.startsWith('new-order.'))).toEqual([]);
    expect(mails.filter((key) => key.startsWith('order-confirmation.'))).toEqual([]);

    // The trigger arriving afterwards changes nothing more; nor does verifyPayment as a manager.
    await rejectionLands(buyer);
    const again = await verifyPaymentHandler(call(manager, { sessionId }));
    expect(again.status).toBe('cancelled');
    expect(
      (await harness.stripe.refunds.list({ payment_intent: order.stripe_payment_intent_id! })).data,
    ).toHaveLength(1);
  });

  it("whose bank transfer clears after the rejection is refunded, the transfer's hold released", async () => {
    const id = await product('transfer', 10);
    const { buyer, orderId, sessionId } = await openCheckout(id, 3);
    await payWithShipTo(harness.sandbox, sessionId, { delayed: true });
    expect((await orderOf(orderId)).status).toBe('pending');
    await reject(buyer);
    await rejectionLands(buyer);
    // A payment already under way cannot be stopped: it still holds its units.
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 3 });
    await harness.sandbox.settleDelayedPayment(sessionId, 'succeeded');
    await harness.sandbox.whenWebhooksIdle();
    const order = await orderOf(orderId);
    expect(order.status).toBe('cancelled');
    expect(order.refunded_amount).toBe(order.amount);
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 0 });
    expect((await mailsAbout(orderId)).filter((key) => key.startsWith('new-order.'))).toEqual([]);
  });

  it('cannot use their old ID token with verifyPayment', async () => {
    const id = await product('token', 10);
    const { buyer, sessionId } = await openCheckout(id, 1);
    await payWithShipTo(harness.sandbox, sessionId);
    await reject(buyer);
    // The token was minted while approved: its claims still say so.
    expect(buyer.request().auth?.token.status).toBe('approved');
    await expect(verifyPaymentHandler(call(buyer, { sessionId }))).rejects.toMatchObject({
      code: 'permission-denied',
      message: 'Your account is not approved for ordering.',
    });
  });
});

describe('a member removed from their company with an open checkout', () => {
  it('who pays the old session gets no order for fulfilment: cancelled and refunded', async () => {
    const id = await product('removed', 8);
    const { buyer, orderId, sessionId } = await openCheckout(id, 2);
    // Removed as removeMember leaves a member: the person kept, the membership cleared.
    await firestore()
      .doc(paths.profile(buyer.uid))
      .update({ company_id: null, company_role: null, location_ids: [] });
    await payWithShipTo(harness.sandbox, sessionId);
    await harness.sandbox.whenWebhooksIdle();
    const order = await orderOf(orderId);
    expect(order.status).toBe('cancelled');
    expect(order.refunded_amount).toBe(order.amount);
    expect((await firestore().doc(paths.order(orderId)).get()).get('refused_reason')).toBe(
      'buyer_not_approved',
    );
    expect(await levels(id)).toEqual({ on_hand: 8, reserved: 0 });
  });
});

describe('a disabled or deleted account', () => {
  it('cannot check out or verify a payment with its old ID token', async () => {
    const id = await product('disabled', 10);
    const { buyer, sessionId } = await openCheckout(id, 1);
    await payWithShipTo(harness.sandbox, sessionId);
    await adminAuth().updateUser(buyer.uid, { disabled: true });
    await expect(verifyPaymentHandler(call(buyer, { sessionId }))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await setCart(buyer.uid, { [id]: 2 });
    await expect(createCheckoutSessionHandler(call(buyer))).rejects.toMatchObject({
      code: 'permission-denied',
      message: 'Your account is not approved for ordering.',
    });
  });

  it('whose open session is paid gets no order for fulfilment', async () => {
    const id = await product('deleted', 10);
    const { buyer, orderId, sessionId } = await openCheckout(id, 2);
    await adminAuth().deleteUser(buyer.uid);
    await payWithShipTo(harness.sandbox, sessionId);
    await harness.sandbox.whenWebhooksIdle();
    const order = await orderOf(orderId);
    expect(order.status).toBe('cancelled');
    expect(order.refunded_amount).toBe(order.amount);
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 0 });
  });
});
