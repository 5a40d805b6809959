import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { verifyPaymentHandler } from '../../src/handlers/verify-payment';
import { firestore } from '../../src/lib/admin';
import { requireAuth } from '../../src/lib/caller';
import { createContext } from '../../src/lib/context';
import { NotAllowedError, NotFoundError } from '../../src/lib/errors';
import { verifyPayment } from '../../src/checkout/verify-payment';
import { syncOrderSearchFields } from '../../src/insights/search-fields';
import {
  cartOf,
  checkoutOf,
  createUser,
  demoUser,
  invoiceCounter,
  orderExists,
  orderOf,
  ordersOfUser,
  PAY_SHIP_TO,
  payWithShipTo,
  postWebhook,
  setCart,
  startPaymentsHarness,
  WEBHOOK_SECRET,
  type TestUser,
} from './support';

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;

beforeAll(async () => {
  harness = await startPaymentsHarness();
});
afterAll(async () => {
  await harness?.stop();
});

/** A buyer with a cart and an open checkout. */
async function openCheckout(cart: Record<string, number> = { 'purple-dream': 2, 'blue-coast': 1 }) {
  const buyer = await createUser('retailer');
  await setCart(buyer.uid, cart);
  const { orderId } = await createCheckoutSessionHandler(buyer.request({}));
  const sessionId = (await checkoutOf(orderId)).stripe_session_id!;
  return { buyer, orderId, sessionId };
}

/** Runs `act` while the webhook endpoint holds deliveries; returns the raw bodies of `type`. */
async function withoutWebhook(type: string, sessionId: string, act: () => Promise<void>) {
  harness.endpoint.mode = 'hold';
  const before = harness.endpoint.bodies.length;
  try {
    await act();
    await harness.sandbox.whenWebhooksIdle();
  } finally {
    harness.endpoint.mode = 'process';
  }
  const body = harness.endpoint.bodies.slice(before).find((raw) => {
    const event = JSON.parse(raw) as { type: string; data: { object: { id?: string } } };
    return event.type === type && event.data.object.id === sessionId;
  });
  if (!body) throw new Error(`no ${type} webhook body captured`);
  return body;
}

/** Pays in the sandbox while the webhook endpoint holds deliveries; returns the event's raw body. */
function payWithoutWebhook(sessionId: string): Promise<string> {
  return withoutWebhook('checkout.session.completed', sessionId, () =>
    payWithShipTo(harness.sandbox, sessionId),
  );
}

function processingEntries(order: Awaited<ReturnType<typeof orderOf>>) {
  return order.status_history.filter((h) => h.status === 'processing');
}

describe('stripeWebhook: an order is made when its checkout completes', () => {
  it('checkout.session.completed makes the paid order: ship-to, invoice number, cart lines removed, checkout closed', async () => {
    const { buyer, orderId, sessionId } = await openCheckout({
      'purple-dream': 2,
      'blue-coast': 1,
    });
    expect(await orderExists(orderId)).toBe(false);
    // After checkout started the buyer added a product and one more unit of another: those stay.
    await setCart(buyer.uid, { 'purple-dream': 3, 'blue-coast': 1, 'red-rush': 1 });
    const counterBefore = await invoiceCounter();
    await payWithShipTo(harness.sandbox, sessionId);

    const order = await orderOf(orderId);
    expect(order).toMatchObject({
      user_id: buyer.uid,
      status: 'processing',
      seller_permit_id: 'SR-TEST-1',
      stripe_session_id: sessionId,
      invoice_number: `INV-${String(counterBefore).padStart(6, '0')}`,
      refunds: [],
      refunded_amount: 0,
      shipment: null,
      ship_to: PAY_SHIP_TO,
    });
    expect(order.stripe_payment_intent_id).toMatch(/^pi_/);
    expect(await invoiceCounter()).toBe(counterBefore + 1);
    expect(order.paid_at?.toMillis()).toBeGreaterThan(Date.now() - 60_000);
    expect(order.status_history.map((h) => [h.status, h.by])).toEqual([['processing', 'stripe']]);
    expect(await cartOf(buyer.uid)).toEqual({ 'purple-dream': 1, 'red-rush': 1 });
    expect((await checkoutOf(orderId)).state).toBe('completed');
    // The address is the order's: the profile keeps no default ship-to (the company's
    // locations are where orders ship), and the order names who placed it.
    const profile = await firestore().doc(paths.profile(buyer.uid)).get();
    expect(profile.exists).toBe(true);
    expect(profile.get('ship_to')).toBeUndefined();
    expect(order).toMatchObject({
      company_id: buyer.uid,
      location_id: null,
      location_name: '',
      placed_by_name: `Test ${buyer.role}`,
    });
    // The managers' search fields are made with the order, as its trigger would derive them.
    const stored = (await firestore().doc(paths.order(orderId)).get()).data()!;
    expect(stored).toMatchObject({
      buyer_role: 'retailer',
      buyer_email: buyer.email.toLowerCase(),
    });
    expect(stored.search_keys).toEqual(
      expect.arrayContaining([orderId.toLowerCase(), buyer.email.toLowerCase()]),
    );
    expect(await syncOrderSearchFields(createContext(), orderId)).toBe('unchanged');

    const delivery = harness.sandbox
      .deliveries()
      .find((d) => d.type === 'checkout.session.completed' && d.ok && d.eventId);
    expect(delivery?.status).toBe(200);
    const events = await firestore()
      .collection('stripe_events')
      .where('order_id', '==', orderId)
      .get();
    expect(events.docs.map((d) => [d.get('type'), d.get('outcome')])).toContainEqual([
      'checkout.session.completed',
      'paid',
    ]);
    // The sandbox renders events in the SDK's API version: no mismatch warning.
    expect(harness.logs.filter((l) => l.event === 'stripe_webhook_api_version_mismatch')).toEqual(
      [],
    );
  });

  it('the same event delivered five times makes one order with one invoice number', async () => {
    const { buyer, orderId, sessionId } = await openCheckout({ 'mango-tango': 2 });
    const body = await payWithoutWebhook(sessionId);
    expect(await orderExists(orderId)).toBe(false);
    const counterBefore = await invoiceCounter();

    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await postWebhook(harness.endpoint.url, body));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.outcome)).toEqual([
      'paid',
      'duplicate-event',
      'duplicate-event',
      'duplicate-event',
      'duplicate-event',
    ]);
    const order = await orderOf(orderId);
    expect(order.status).toBe('processing');
    expect(processingEntries(order)).toHaveLength(1);
    expect(await invoiceCounter()).toBe(counterBefore + 1);
    expect(await ordersOfUser(buyer.uid)).toHaveLength(1);
    expect(await cartOf(buyer.uid)).toEqual({});
  });

  it('an order already there for a checkout still open is never made twice (the completion fails)', async () => {
    // Not a state the transitions leave: each one that makes an order closes its checkout in
    // the same commit, so the completion of an open checkout does not read the order first.
    const { orderId, sessionId } = await openCheckout({ 'mango-tango': 1 });
    const body = await payWithoutWebhook(sessionId);
    const stray = { user_id: 'someone', status: 'processing', stray: true };
    await firestore().doc(paths.order(orderId)).set(stray);
    const counterBefore = await invoiceCounter();
    const answer = await postWebhook(harness.endpoint.url, body);
    expect(answer.status).toBeGreaterThanOrEqual(500);
    expect((await firestore().doc(paths.order(orderId)).get()).data()).toEqual(stray);
    expect(await invoiceCounter()).toBe(counterBefore);
    expect((await checkoutOf(orderId)).state).toBe('open');
    await firestore().doc(paths.order(orderId)).delete();
  });

  it('five concurrent deliveries and verifyPayment racing them still make one order and one invoice number', async () => {
    const { buyer, orderId, sessionId } = await openCheckout({ 'green-machine': 1 });
    const body = await payWithoutWebhook(sessionId);
    const counterBefore = await invoiceCounter();
    const [verified, ...answers] = await Promise.all([
      verifyPaymentHandler(buyer.request({ sessionId })),
      ...Array.from({ length: 5 }, () => postWebhook(harness.endpoint.url, body)),
    ]);
    expect(
      answers.map((a) => a.status),
      JSON.stringify(harness.logs.filter((l) => l.level === 'error')),
    ).toEqual([200, 200, 200, 200, 200]);
    expect(verified).toMatchObject({ status: 'processing', orderId });
    expect(answers.filter((a) => a.body.outcome === 'paid').length).toBeLessThanOrEqual(1);
    expect(processingEntries(await orderOf(orderId))).toHaveLength(1);
    expect(await invoiceCounter()).toBe(counterBefore + 1);
    expect(await ordersOfUser(buyer.uid)).toHaveLength(1);
  });

  it('a bad signature answers 400 and makes no order', async () => {
    const { buyer, orderId, sessionId } = await openCheckout({ 'red-rush': 1 });
    const body = await payWithoutWebhook(sessionId);
    const sign = (secret: string, timestamp?: number) =>
      Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
    const forged = [
      sign('whsec_wrong_secret'),
      'not-a-signature',
      sign(WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600), // too old
    ];
    for (const signature of forged) {
      const answer = await postWebhook(harness.endpoint.url, body, signature);
      expect(answer.status).toBe(400);
    }
    // A body altered after signing (amount changed) fails too.
    const tampered = body.replace(
      /("amount_total":\s*)(\d+)/,
      (_m, key: string, n: string) => `${key}${Number(n) + 1}`,
    );
    expect(tampered).not.toBe(body);
    const answer = await postWebhook(harness.endpoint.url, tampered, sign(WEBHOOK_SECRET));
    expect(answer.status).toBe(400);

    expect(await orderExists(orderId)).toBe(false);
    expect((await checkoutOf(orderId)).state).toBe('open');
    expect(await cartOf(buyer.uid)).toEqual({ 'red-rush': 1 });
    // The genuine delivery still works afterwards.
    expect((await postWebhook(harness.endpoint.url, body)).status).toBe(200);
    expect((await orderOf(orderId)).status).toBe('processing');
  });

  it('answers 2xx to event types it does not use and 405 to other methods', async () => {
    const body = JSON.stringify({
      id: 'evt_ignored_1',
      object: 'event',
      api_version: '2026-02-25.clover',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const answer = await postWebhook(harness.endpoint.url, body);
    expect(answer).toEqual({ status: 200, body: { received: true, ignored: true } });
    // An event rendered in another API version than the SDK's is handled, with a warning.
    expect(harness.logs).toContainEqual({
      level: 'warn',
      event: 'stripe_webhook_api_version_mismatch',
      fields: {
        eventId: 'evt_ignored_1',
        type: 'customer.created',
        eventApiVersion: '2026-02-25.clover',
        sdkApiVersion: Stripe.API_VERSION,
      },
    });
    const get = await fetch(harness.endpoint.url);
    expect(get.status).toBe(405);
  });

  it('acknowledges (200) a paid session whose checkout is unknown here, with a warning, so Stripe stops retrying', async () => {
    const { orderId, sessionId } = await openCheckout({ 'blue-coast': 3 });
    const body = await payWithoutWebhook(sessionId);
    const checkoutRef = firestore().doc(paths.checkout(orderId));
    await checkoutRef.delete();
    const logsBefore = harness.logs.length;
    const answer = await postWebhook(harness.endpoint.url, body);
    expect(answer).toEqual({ status: 200, body: { received: true, ignored: true } });
    const logs = harness.logs.slice(logsBefore);
    expect(logs).toContainEqual(
      expect.objectContaining({ level: 'warn', event: 'stripe_webhook_unknown_checkout' }),
    );
    expect(logs.some((l) => l.event === 'stripe_webhook_failed')).toBe(false);
    expect(await orderExists(orderId)).toBe(false);
    expect((await checkoutRef.get()).exists).toBe(false);
  });

  it('refuses a payment whose amount differs from the checkout (500, no order)', async () => {
    const { orderId, sessionId } = await openCheckout({ 'blue-coast': 1 });
    const body = await payWithoutWebhook(sessionId);
    await firestore().doc(paths.checkout(orderId)).update({ amount: 1 });
    const answer = await postWebhook(harness.endpoint.url, body);
    expect(answer.status).toBe(500);
    expect(await orderExists(orderId)).toBe(false);
    expect(
      harness.logs.some(
        (l) => l.event === 'stripe_webhook_failed' && l.fields.reason === 'PaymentMismatchError',
      ),
    ).toBe(true);
  });

  it('a checkout that was replaced but then paid anyway still becomes its order', async () => {
    const { buyer, orderId, sessionId } = await openCheckout({ 'blue-coast': 2 });
    const body = await payWithoutWebhook(sessionId);
    await firestore().doc(paths.checkout(orderId)).update({ state: 'replaced' });
    const answer = await postWebhook(harness.endpoint.url, body);
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'paid' } });
    expect((await orderOf(orderId)).status).toBe('processing');
    expect(await ordersOfUser(buyer.uid)).toHaveLength(1);
  });

  it('checkout.session.expired closes the checkout and makes no order', async () => {
    const { buyer, orderId, sessionId } = await openCheckout({ 'syrup-variety-pack': 1 });
    await harness.stripe.checkout.sessions.expire(sessionId);
    await harness.sandbox.whenWebhooksIdle();
    expect((await checkoutOf(orderId)).state).toBe('expired');
    expect(await orderExists(orderId)).toBe(false);
    expect(await ordersOfUser(buyer.uid)).toHaveLength(0);
    expect(await cartOf(buyer.uid)).toEqual({ 'syrup-variety-pack': 1 });
  });
});

describe('stripeWebhook: delayed payments', () => {
  it('a completed but unpaid session makes a pending order without an invoice; async_payment_succeeded pays it once', async () => {
    const { buyer, orderId, sessionId } = await openCheckout({ 'red-rush': 2 });
    await payWithShipTo(harness.sandbox, sessionId, { delayed: true });
    const pending = await orderOf(orderId);
    expect(pending).toMatchObject({ status: 'pending', invoice_number: null, paid_at: null });
    expect(pending.ship_to).toEqual(PAY_SHIP_TO);
    // The order exists, so its lines left the cart.
    expect(await cartOf(buyer.uid)).toEqual({});
    const counterBefore = await invoiceCounter();

    const body = await withoutWebhook('checkout.session.async_payment_succeeded', sessionId, () =>
      harness.sandbox.settleDelayedPayment(sessionId, 'succeeded'),
    );
    for (let i = 0; i < 3; i++) await postWebhook(harness.endpoint.url, body);
    const paid = await orderOf(orderId);
    expect(paid.status).toBe('processing');
    expect(paid.invoice_number).toBe(`INV-${String(counterBefore).padStart(6, '0')}`);
    expect(paid.status_history.map((h) => [h.status, h.by])).toEqual([
      ['pending', 'stripe'],
      ['processing', 'stripe'],
    ]);
    expect(await invoiceCounter()).toBe(counterBefore + 1);
  });

  it('async_payment_failed cancels the pending order; no invoice number is used', async () => {
    const { orderId, sessionId } = await openCheckout({ 'mango-tango': 1 });
    await payWithShipTo(harness.sandbox, sessionId, { delayed: true });
    const counterBefore = await invoiceCounter();
    await harness.sandbox.settleDelayedPayment(sessionId, 'failed');
    await harness.sandbox.whenWebhooksIdle();
    const order = await orderOf(orderId);
    expect(order.status).toBe('cancelled');
    expect(order.invoice_number).toBeNull();
    expect(order.status_history.at(-1)).toMatchObject({ status: 'cancelled', by: 'stripe' });
    expect(await invoiceCounter()).toBe(counterBefore);
  });
});

describe('verifyPayment', () => {
  let other: TestUser;
  beforeAll(async () => {
    other = await createUser('wholesaler');
  });

  it('makes the order before the webhook does; the late webhook then changes nothing', async () => {
    const { buyer, orderId, sessionId } = await openCheckout({
      'purple-dream': 1,
      'mango-tango': 1,
    });
    const body = await payWithoutWebhook(sessionId);
    const checkout = await checkoutOf(orderId);

    const verified = await verifyPaymentHandler(buyer.request({ sessionId }));
    expect(verified).toEqual({ amount: checkout.amount, status: 'processing', orderId });
    expect(await cartOf(buyer.uid)).toEqual({});
    // Asking again is harmless.
    expect(await verifyPaymentHandler(buyer.request({ sessionId }))).toEqual(verified);

    const late = await postWebhook(harness.endpoint.url, body);
    expect(late).toMatchObject({ status: 200, body: { outcome: 'already-recorded' } });
    const after = await orderOf(orderId);
    expect(processingEntries(after)).toHaveLength(1);
    expect(after.paid_at?.toMillis()).toBeGreaterThan(0);
  });

  it('refuses a session that is not complete, changing nothing', async () => {
    const { buyer, orderId, sessionId } = await openCheckout({ 'red-rush': 2 });
    await expect(verifyPaymentHandler(buyer.request({ sessionId }))).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'This checkout is not complete yet. Finish it on the payment page.',
    });
    expect(await orderExists(orderId)).toBe(false);
    expect(await cartOf(buyer.uid)).toEqual({ 'red-rush': 2 });
  });

  it("one buyer cannot verify another's session; a manager can", async () => {
    const { orderId, sessionId } = await openCheckout({ 'green-machine': 2 });
    await payWithoutWebhook(sessionId);
    await expect(verifyPaymentHandler(other.request({ sessionId }))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    expect(await orderExists(orderId)).toBe(false);
    const manager = await createUser('manager');
    expect(await verifyPaymentHandler(manager.request({ sessionId }))).toMatchObject({
      status: 'processing',
      orderId,
    });
  });

  it('needs an approved buyer and checks whose checkout it is before asking Stripe anything', async () => {
    const { orderId, sessionId } = await openCheckout({ 'green-machine': 1 });
    await payWithoutWebhook(sessionId);
    const pending = await demoUser('pending@demo.test', 'retailer');
    await expect(verifyPaymentHandler(pending.request({ sessionId }))).rejects.toMatchObject({
      code: 'permission-denied',
      message: 'Your account is not approved for ordering.',
    });
    let stripeCalls = 0;
    const noStripe = createContext({
      stripe: () => {
        stripeCalls += 1;
        throw new Error('Stripe must not be asked about this session');
      },
    });
    await expect(
      verifyPayment(requireAuth(other.request({})), sessionId, noStripe),
    ).rejects.toBeInstanceOf(NotAllowedError);
    await expect(
      verifyPayment(requireAuth(other.request({})), 'cs_test_nobodys_session', noStripe),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(stripeCalls).toBe(0);
    expect(await orderExists(orderId)).toBe(false);
  });

  it('refuses bad arguments, unknown sessions and signed-out callers', async () => {
    for (const data of [
      {},
      { sessionId: 'pi_123' },
      { sessionId: 'cs_1', extra: 1 },
      { sessionId: 42 },
    ]) {
      await expect(verifyPaymentHandler(other.request(data))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
    await expect(
      verifyPaymentHandler(other.request({ sessionId: 'cs_test_doesnotexist' })),
    ).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(
      verifyPaymentHandler({ auth: undefined, data: { sessionId: 'cs_test_x' } }),
    ).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });
});
