import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { verifyPaymentHandler } from '../../src/handlers/verify-payment';
import { firestore } from '../../src/lib/admin';
import {
  cartOf,
  createUser,
  orderOf,
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

/** A buyer with a cart and an open checkout (pending order). */
async function openCheckout(cart: Record<string, number> = { 'purple-dream': 2, 'blue-coast': 1 }) {
  const buyer = await createUser('retailer');
  await setCart(buyer.uid, cart);
  const { orderId } = await createCheckoutSessionHandler(buyer.request({}));
  const sessionId = (await orderOf(orderId)).stripe_session_id!;
  return { buyer, orderId, sessionId };
}

/** Pays in the sandbox while the webhook endpoint holds deliveries; returns the event's raw body. */
async function payWithoutWebhook(sessionId: string): Promise<string> {
  harness.endpoint.mode = 'hold';
  const before = harness.endpoint.bodies.length;
  try {
    await harness.sandbox.pay(sessionId);
    await harness.sandbox.whenWebhooksIdle();
  } finally {
    harness.endpoint.mode = 'process';
  }
  const body = harness.endpoint.bodies.slice(before).find((b) => b.includes(sessionId));
  if (!body) throw new Error('no webhook body captured');
  return body;
}

function processingEntries(order: Awaited<ReturnType<typeof orderOf>>) {
  return order.status_history.filter((h) => h.status === 'processing');
}

describe('stripeWebhook', () => {
  it('the sandbox Pay delivers checkout.session.completed: pending -> processing, paid_at, cart lines removed', async () => {
    const { buyer, orderId, sessionId } = await openCheckout({
      'purple-dream': 2,
      'blue-coast': 1,
    });
    // After checkout started the buyer added a product and one more unit of another: those stay.
    await setCart(buyer.uid, { 'purple-dream': 3, 'blue-coast': 1, 'red-rush': 1 });
    await harness.sandbox.pay(sessionId);

    const order = await orderOf(orderId);
    expect(order.status).toBe('processing');
    expect(order.paid_at?.toMillis()).toBeGreaterThan(Date.now() - 60_000);
    expect(order.status_history.map((h) => [h.status, h.by])).toEqual([
      ['pending', buyer.uid],
      ['processing', 'stripe'],
    ]);
    expect(await cartOf(buyer.uid)).toEqual({ 'purple-dream': 1, 'red-rush': 1 });
    const delivery = harness.sandbox
      .deliveries()
      .find((d) => d.type === 'checkout.session.completed' && d.ok);
    expect(delivery?.status).toBe(200);
    const event = await firestore().doc(paths.stripeEvent(delivery!.eventId)).get();
    expect(event.data()).toMatchObject({
      type: 'checkout.session.completed',
      order_id: orderId,
      outcome: 'paid',
    });
    // The sandbox renders events in the SDK's API version: no mismatch warning.
    expect(
      harness.logs.filter(
        (l) =>
          l.event === 'stripe_webhook_api_version_mismatch' &&
          l.fields.eventId === delivery!.eventId,
      ),
    ).toEqual([]);
  });

  it('the same event delivered five times moves the order once', async () => {
    const { buyer, orderId, sessionId } = await openCheckout({ 'mango-tango': 2 });
    const body = await payWithoutWebhook(sessionId);
    expect((await orderOf(orderId)).status).toBe('pending');

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
    expect(await cartOf(buyer.uid)).toEqual({});
  });

  it('five concurrent deliveries of the same event still move the order once', async () => {
    const { orderId, sessionId } = await openCheckout({ 'green-machine': 1 });
    const body = await payWithoutWebhook(sessionId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postWebhook(harness.endpoint.url, body)),
    );
    expect(
      answers.map((a) => a.status),
      JSON.stringify(harness.logs.filter((l) => l.level === 'error')),
    ).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.outcome === 'paid')).toHaveLength(1);
    expect(processingEntries(await orderOf(orderId))).toHaveLength(1);
  });

  it('a bad signature answers 400 and changes nothing', async () => {
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

    const order = await orderOf(orderId);
    expect(order.status).toBe('pending');
    expect(order.status_history).toHaveLength(1);
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

  it('answers 500 (so Stripe retries) when the order cannot be processed, and succeeds on a retry', async () => {
    const { orderId, sessionId } = await openCheckout({ 'blue-coast': 3 });
    const body = await payWithoutWebhook(sessionId);
    const orderRef = firestore().doc(paths.order(orderId));
    const saved = (await orderRef.get()).data()!;
    await orderRef.delete();
    const failed = await postWebhook(harness.endpoint.url, body);
    expect(failed.status).toBe(500);
    expect(
      harness.logs.some((l) => l.level === 'error' && l.event === 'stripe_webhook_failed'),
    ).toBe(true);
    await orderRef.set(saved);
    const retried = await postWebhook(harness.endpoint.url, body);
    expect(retried).toMatchObject({ status: 200, body: { outcome: 'paid' } });
  });

  it('refuses a payment whose amount differs from the order (500, order unchanged)', async () => {
    const { orderId, sessionId } = await openCheckout({ 'blue-coast': 1 });
    const body = await payWithoutWebhook(sessionId);
    await firestore().doc(paths.order(orderId)).update({ amount: 1 });
    const answer = await postWebhook(harness.endpoint.url, body);
    expect(answer.status).toBe(500);
    expect((await orderOf(orderId)).status).toBe('pending');
    expect(
      harness.logs.some(
        (l) => l.event === 'stripe_webhook_failed' && l.fields.reason === 'PaymentMismatchError',
      ),
    ).toBe(true);
  });

  it('a payment for an order cancelled meanwhile is recorded for a refund, not moved', async () => {
    const { orderId, sessionId } = await openCheckout({ 'blue-coast': 2 });
    const body = await payWithoutWebhook(sessionId);
    await firestore().doc(paths.order(orderId)).update({ status: 'cancelled' });
    const answer = await postWebhook(harness.endpoint.url, body);
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'paid-after-cancel' } });
    const order = await orderOf(orderId);
    expect(order.status).toBe('cancelled');
    expect(order).toHaveProperty('payment_after_cancel.session_id', sessionId);
    expect(
      harness.logs.some((l) => l.level === 'error' && l.event === 'payment_for_cancelled_order'),
    ).toBe(true);
  });

  it('checkout.session.expired cancels the pending order', async () => {
    const { orderId, sessionId } = await openCheckout({ 'syrup-variety-pack': 1 });
    await harness.stripe.checkout.sessions.expire(sessionId);
    await harness.sandbox.whenWebhooksIdle();
    const order = await orderOf(orderId);
    expect(order.status).toBe('cancelled');
    expect(order.status_history.at(-1)).toMatchObject({ status: 'cancelled', by: 'stripe' });
  });
});

describe('verifyPayment', () => {
  let other: TestUser;
  beforeAll(async () => {
    other = await createUser('wholesaler');
  });

  it('before the webhook records the payment; the late webhook then changes nothing', async () => {
    const { buyer, orderId, sessionId } = await openCheckout({
      'purple-dream': 1,
      'mango-tango': 1,
    });
    const body = await payWithoutWebhook(sessionId);
    const order = await orderOf(orderId);

    const verified = await verifyPaymentHandler(buyer.request({ sessionId }));
    expect(verified).toEqual({ amount: order.amount, status: 'processing', orderId });
    expect(await cartOf(buyer.uid)).toEqual({});
    // Asking again is harmless.
    expect(await verifyPaymentHandler(buyer.request({ sessionId }))).toEqual(verified);

    const late = await postWebhook(harness.endpoint.url, body);
    expect(late).toMatchObject({ status: 200, body: { outcome: 'already-paid' } });
    const after = await orderOf(orderId);
    expect(processingEntries(after)).toHaveLength(1);
    expect(after.paid_at?.toMillis()).toBeGreaterThan(0);
  });

  it('reports pending for an unpaid session without changing it', async () => {
    const { buyer, orderId, sessionId } = await openCheckout({ 'red-rush': 2 });
    const verified = await verifyPaymentHandler(buyer.request({ sessionId }));
    expect(verified).toMatchObject({ status: 'pending', orderId });
    expect(await cartOf(buyer.uid)).toEqual({ 'red-rush': 2 });
  });

  it("one buyer cannot verify another's session; a manager can", async () => {
    const { orderId, sessionId } = await openCheckout({ 'green-machine': 2 });
    await payWithoutWebhook(sessionId);
    await expect(verifyPaymentHandler(other.request({ sessionId }))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    expect((await orderOf(orderId)).status).toBe('pending');
    const manager = await createUser('manager');
    expect(await verifyPaymentHandler(manager.request({ sessionId }))).toMatchObject({
      status: 'processing',
      orderId,
    });
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
