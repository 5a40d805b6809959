/**
 * Refunds (as the portal and a "dashboard refund" make them) and delayed payments settling, with
 * the signed events a webhook endpoint receives for each.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import {
  postSettle,
  sessionParams,
  startTestSandbox,
  startWebhookReceiver,
  submitForm,
  verifiedEvents,
  type WebhookReceiver,
} from './support.js';

let sandbox: StripeSandbox;
let stripe: Stripe;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ sandbox, stripe } = await startTestSandbox({ webhookUrl: receiver.url }));
});
afterAll(async () => {
  await sandbox?.stop();
  await receiver?.close();
});
beforeEach(async () => {
  // Events a test left on their way must not land in the next test's receiver.
  await sandbox.whenWebhooksIdle();
  sandbox.reset();
  receiver.received.length = 0;
  receiver.answerAfter(0);
});

const TOTAL = 8749;

/** A session paid by card; returns its payment intent and charge ids. */
async function paid(): Promise<{ sessionId: string; paymentIntent: string; charge: string }> {
  const session = await stripe.checkout.sessions.create(
    sessionParams({ payment_intent_data: { metadata: { orderId: 'order_9' } } }),
  );
  await sandbox.pay(session.id);
  const paymentIntent = (await stripe.checkout.sessions.retrieve(session.id))
    .payment_intent as string;
  const charge = (await stripe.paymentIntents.retrieve(paymentIntent)).latest_charge as string;
  receiver.received.length = 0;
  return { sessionId: session.id, paymentIntent, charge };
}

function events(): Stripe.Event[] {
  return verifiedEvents(stripe, receiver);
}

function ofType<T extends Stripe.Event['type']>(type: T) {
  return events().filter((e): e is Extract<Stripe.Event, { type: T }> => e.type === type);
}

describe('refunds', () => {
  it('refunds the whole charge by default, by charge id too, and sends refund.created then charge.refunded', async () => {
    const { paymentIntent, charge } = await paid();
    const refund = await stripe.refunds.create({ charge, metadata: { by: 'manager_1' } });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: TOTAL,
      currency: 'usd',
      charge,
      payment_intent: paymentIntent,
      status: 'succeeded',
      reason: null,
      metadata: { by: 'manager_1' },
    });
    expect(refund.id).toMatch(/^re_/);
    await sandbox.whenWebhooksIdle();
    expect(events().map((e) => e.type)).toEqual(['refund.created', 'charge.refunded']);
    const [created] = ofType('refund.created');
    expect(created!.data.object).toEqual(refund);
    const [refunded] = ofType('charge.refunded');
    expect(refunded!.data.object).toMatchObject({
      id: charge,
      object: 'charge',
      amount: TOTAL,
      amount_refunded: TOTAL,
      refunded: true,
      payment_intent: paymentIntent,
      metadata: { orderId: 'order_9' },
    });
    expect(sandbox.deliveries().map((d) => [d.type, d.ok])).toEqual([
      ['checkout.session.completed', true],
      ['refund.created', true],
      ['charge.refunded', true],
    ]);
    expect(await stripe.charges.retrieve(charge)).toMatchObject({
      amount_refunded: TOTAL,
      refunded: true,
    });
  });

  it('a partial refund leaves the charge not refunded; each event shows the charge as its refund left it', async () => {
    const { paymentIntent, charge } = await paid();
    // A slow endpoint: the second refund is made while the first one's events are on the way.
    receiver.answerAfter(40);
    const first = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 1000 });
    const second = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 250 });
    await sandbox.whenWebhooksIdle();
    expect(events()).toHaveLength(4);
    const charges = ofType('charge.refunded').map((e) => e.data.object);
    const after = (amount: number) => charges.find((c) => c.amount_refunded === amount);
    expect(after(1000)).toMatchObject({ refunded: false });
    expect(after(1000)?.refunds?.data.map((r) => r.id)).toEqual([first.id]);
    expect(after(1250)).toMatchObject({ refunded: false });
    expect(after(1250)?.refunds?.data.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(
      ofType('refund.created')
        .map((e) => e.data.object.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    const listed = await stripe.refunds.list({ charge });
    expect(listed.data.map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await stripe.refunds.list({ payment_intent: paymentIntent, limit: 1 })).has_more).toBe(
      true,
    );
    expect(await stripe.charges.retrieve(charge)).toMatchObject({
      amount_refunded: 1250,
      refunded: false,
    });
  });

  it('whenWebhooksIdle waits for both events of a refund', async () => {
    const { paymentIntent } = await paid();
    receiver.answerAfter(30);
    await stripe.refunds.create({ payment_intent: paymentIntent, amount: 100 });
    await sandbox.whenWebhooksIdle();
    expect(events().map((e) => e.type)).toEqual(['refund.created', 'charge.refunded']);
  });

  it('one Idempotency-Key makes one refund and one pair of events; other params with it are refused', async () => {
    const { paymentIntent, charge } = await paid();
    const params = { payment_intent: paymentIntent, amount: 700, reason: 'duplicate' as const };
    const a = await stripe.refunds.create(params, { idempotencyKey: 'refund:order_9:0' });
    const b = await stripe.refunds.create(params, { idempotencyKey: 'refund:order_9:0' });
    expect(b.id).toBe(a.id);
    expect(b.lastResponse.headers['idempotent-replayed']).toBe('true');
    const error = await stripe.refunds
      .create({ ...params, amount: 800 }, { idempotencyKey: 'refund:order_9:0' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    await sandbox.whenWebhooksIdle();
    expect(events().map((e) => e.type)).toEqual(['refund.created', 'charge.refunded']);
    expect(await stripe.charges.retrieve(charge)).toMatchObject({ amount_refunded: 700 });
  });

  it('refuses more than is left, a second full refund and bad amounts, changing nothing', async () => {
    const { paymentIntent, charge } = await paid();
    await stripe.refunds.create({ payment_intent: paymentIntent, amount: TOTAL - 1000 });
    const over = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 1200 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(over).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(over).toMatchObject({
      statusCode: 400,
      param: 'amount',
      message: 'Refund amount ($12.00) is greater than unrefunded amount on charge ($10.00)',
    });
    for (const amount of [0, -5, 1.5]) {
      await expect(
        stripe.refunds.create({ payment_intent: paymentIntent, amount }),
        String(amount),
      ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'amount' });
    }
    await stripe.refunds.create({ charge });
    await expect(stripe.refunds.create({ payment_intent: paymentIntent })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'charge_already_refunded',
      message: `Charge ${charge} has already been refunded.`,
    });
    await expect(stripe.refunds.create({ charge, amount: 1 })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    expect((await stripe.refunds.list({ charge })).data.map((r) => r.amount)).toEqual([
      1000,
      TOTAL - 1000,
    ]);
    await sandbox.whenWebhooksIdle();
    expect(events()).toHaveLength(4);
  });

  it('refuses unknown objects, a mismatched charge and payment intent, and an open session', async () => {
    const one = await paid();
    const two = await paid();
    await expect(stripe.refunds.create({ payment_intent: 'pi_missing' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'payment_intent',
    });
    await expect(stripe.refunds.create({ charge: 'ch_missing' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'charge',
    });
    await expect(
      stripe.refunds.create({ payment_intent: one.paymentIntent, charge: two.charge }),
    ).rejects.toMatchObject({ param: 'charge' });
    await expect(stripe.refunds.retrieve('re_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    const open = await stripe.checkout.sessions.create(sessionParams());
    expect(open.payment_intent).toBeNull();
    expect((await stripe.refunds.list({ payment_intent: one.paymentIntent })).data).toEqual([]);
    await sandbox.whenWebhooksIdle();
    expect(events()).toEqual([]);
  });
});

describe('delayed payments', () => {
  it('the page’s bank transfer completes the session unpaid; settling pays it with a charge', async () => {
    const session = await stripe.checkout.sessions.create(
      sessionParams({
        success_url: undefined,
        payment_intent_data: { metadata: { orderId: 'order_bank' } },
      }),
    );
    const answer = await submitForm(sandbox.url, session.id, { method: 'delayed' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Payment processing');
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    const intentId = completed.payment_intent as string;
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({
      status: 'processing',
      amount_received: 0,
      latest_charge: null,
    });
    await expect(stripe.refunds.create({ payment_intent: intentId })).rejects.toMatchObject({
      param: 'payment_intent',
      message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
    });

    const settle = await postSettle(
      sandbox.url,
      session.id,
      JSON.stringify({ outcome: 'succeeded' }),
      'application/json',
    );
    expect(settle.status).toBe(200);
    expect(await settle.json()).toMatchObject({ id: session.id, payment_status: 'paid' });
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: TOTAL });
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({
      amount: TOTAL,
      payment_intent: intentId,
      metadata: { orderId: 'order_bank' },
    });
    await sandbox.whenWebhooksIdle();
    expect(events().map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
    ]);
    const [done, succeeded] = events();
    expect((done!.data.object as Stripe.Checkout.Session).payment_status).toBe('unpaid');
    expect(succeeded!.data.object).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intentId,
    });
    // Now it can be refunded.
    expect((await stripe.refunds.create({ payment_intent: intentId })).amount).toBe(TOTAL);
  });

  it('sandbox.pay({ delayed: true }) then a failed settlement sends async_payment_failed', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    await sandbox.pay(session.id, { delayed: true });
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'complete',
      payment_status: 'unpaid',
    });
    await sandbox.settleDelayedPayment(session.id, 'failed');
    const failed = await stripe.checkout.sessions.retrieve(session.id);
    expect(failed).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(await stripe.paymentIntents.retrieve(failed.payment_intent as string)).toMatchObject({
      status: 'requires_payment_method',
      latest_charge: null,
    });
    await sandbox.whenWebhooksIdle();
    expect(events().map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_failed',
    ]);
    expect(events()[1]!.data.object).toMatchObject({ id: session.id, payment_status: 'unpaid' });
  });

  it('refuses to settle twice, a card payment, an open session, an unknown one or another outcome', async () => {
    const delayed = await stripe.checkout.sessions.create(sessionParams());
    await sandbox.pay(delayed.id, { delayed: true });
    expect((await postSettle(sandbox.url, delayed.id, 'outcome=succeeded')).status).toBe(200);
    const before = await stripe.checkout.sessions.retrieve(delayed.id);
    const twice = await postSettle(sandbox.url, delayed.id, 'outcome=failed');
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('no delayed payment'),
      },
    });
    await expect(sandbox.settleDelayedPayment(delayed.id, 'succeeded')).rejects.toThrow(
      /no delayed payment/,
    );
    expect(await stripe.checkout.sessions.retrieve(delayed.id)).toEqual(before);

    const card = await stripe.checkout.sessions.create(sessionParams());
    await sandbox.pay(card.id);
    expect((await postSettle(sandbox.url, card.id, 'outcome=succeeded')).status).toBe(409);
    const open = await stripe.checkout.sessions.create(sessionParams());
    expect((await postSettle(sandbox.url, open.id, 'outcome=succeeded')).status).toBe(409);
    expect(await stripe.checkout.sessions.retrieve(open.id)).toMatchObject({ status: 'open' });
    expect((await postSettle(sandbox.url, 'cs_test_missing', 'outcome=failed')).status).toBe(404);
    await expect(sandbox.settleDelayedPayment('cs_test_missing', 'failed')).rejects.toThrow(
      /No such checkout.session/,
    );
    for (const body of ['outcome=maybe', '', '{"outcome":', '{"outcome":"paid"}']) {
      expect((await postSettle(sandbox.url, delayed.id, body)).status, body).toBe(400);
    }
    await sandbox.whenWebhooksIdle();
    expect(events().map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.completed',
    ]);
  });
});
