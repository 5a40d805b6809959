import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { paths } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { firestore } from '../../src/lib/admin';
import { OrderNotRecordedYetError, orderOfPayment } from '../../src/orders/order-of-payment';
import {
  checkoutOf,
  createUser,
  orderExists,
  orderOf,
  postWebhook,
  setCart,
  startPaymentsHarness,
} from './support';

/**
 * Stripe does not deliver events in order: after an outage a refund (refund.created,
 * charge.refunded) or a dispute of a checkout's payment can arrive before the
 * checkout.session.completed that makes its order. Such a delivery must fail (Stripe retries it)
 * rather than be acknowledged and lost; a payment no checkout of ours made is acknowledged.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
const RUN = randomUUID().slice(0, 8);

beforeAll(async () => {
  harness = await startPaymentsHarness();
});
afterAll(async () => {
  await harness?.stop();
});

/** A signed delivery of an event the sandbox made, as Stripe would send it again. */
const eventBody = (type: string, object: unknown, key: string) =>
  JSON.stringify({
    id: `evt_${key}_${RUN}`,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });

describe('a refund or a dispute reported before its order', () => {
  it('fails (Stripe retries) until the order is recorded, then is recorded once', async () => {
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, { 'green-machine': 1 });
    const { orderId } = await createCheckoutSessionHandler(buyer.request({}));
    const sessionId = (await checkoutOf(orderId)).stripe_session_id!;
    harness.endpoint.mode = 'hold'; // Stripe's deliveries to the portal are down
    let refund: Stripe.Refund;
    let session: Stripe.Checkout.Session;
    try {
      await harness.sandbox.pay(sessionId);
      session = await harness.stripe.checkout.sessions.retrieve(sessionId);
      refund = await harness.stripe.refunds.create({
        payment_intent: session.payment_intent as string,
        amount: 500,
      });
      await harness.sandbox.whenWebhooksIdle();
    } finally {
      harness.endpoint.mode = 'process';
    }
    expect(await orderExists(orderId)).toBe(false);

    // The refund comes first: not acknowledged, nothing written.
    const refundEvent = eventBody('refund.created', refund, 'refund');
    const early = await postWebhook(harness.endpoint.url, refundEvent);
    expect(early.status).toBe(500);
    expect(await orderExists(orderId)).toBe(false);
    const chargeEvent = eventBody(
      'charge.refunded',
      await harness.stripe.charges.retrieve(refund.charge as string),
      'charge',
    );
    expect((await postWebhook(harness.endpoint.url, chargeEvent)).status).toBe(500);

    // Then the completion, and Stripe's retry of the refund: recorded once.
    const completed = eventBody('checkout.session.completed', session, 'completed');
    expect((await postWebhook(harness.endpoint.url, completed)).status).toBe(200);
    expect((await orderOf(orderId)).status).toBe('processing');
    const retried = await postWebhook(harness.endpoint.url, refundEvent);
    expect(retried).toMatchObject({ status: 200, body: { outcome: 'recorded', orderId } });
    expect((await postWebhook(harness.endpoint.url, chargeEvent)).status).toBe(200);
    expect((await orderOf(orderId)).refunded_amount).toBe(500);
  });

  it('waits a day for the order; then a payment no delivery made an order is acknowledged', async () => {
    const checkoutId = `never-an-order-${RUN}`;
    await firestore().doc(paths.checkout(checkoutId)).set({ state: 'open', user_id: 'x' });
    const stripeWith = (createdMsAgo: number) => () =>
      ({
        paymentIntents: {
          retrieve: async () => ({
            id: 'pi_x',
            created: Math.floor((Date.now() - createdMsAgo) / 1000),
            metadata: { orderId: checkoutId },
          }),
        },
      }) as unknown as Stripe;
    const ctx = (createdMsAgo: number) => ({ db: firestore(), stripe: stripeWith(createdMsAgo) });
    await expect(orderOfPayment(ctx(60_000), 'pi_x')).rejects.toBeInstanceOf(
      OrderNotRecordedYetError,
    );
    await expect(orderOfPayment(ctx(25 * 60 * 60 * 1000), 'pi_x')).resolves.toBeNull();
    await firestore().doc(paths.checkout(checkoutId)).delete();
  });

  it('acknowledges a refund of a payment no checkout of the portal made, changing nothing', async () => {
    // A sale made on the same Stripe account outside the portal: no checkout named on it.
    const session = await harness.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: 1200, product_data: { name: 'Elsewhere' } },
          quantity: 1,
        },
      ],
      success_url: 'https://example.com/done',
    });
    await harness.sandbox.pay(session.id);
    await harness.sandbox.whenWebhooksIdle();
    const paid = await harness.stripe.checkout.sessions.retrieve(session.id);
    const refund = await harness.stripe.refunds.create({
      payment_intent: paid.payment_intent as string,
    });
    await harness.sandbox.whenWebhooksIdle();
    const answer = await postWebhook(
      harness.endpoint.url,
      eventBody('refund.created', refund, 'foreign'),
    );
    expect(answer).toMatchObject({ status: 200, body: { received: true, ignored: true } });
  });
});
