/**
 * Customers, ship-to and phone collection on the hosted page, refunds and delayed payments,
 * driven through the official `stripe` SDK as the portal's functions drive them.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import {
  sessionParams,
  startTestSandbox,
  startWebhookReceiver,
  WEBHOOK_SECRET,
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
beforeEach(() => {
  receiver.received.length = 0;
});

const ADDRESS = {
  line1: '500 Market St',
  line2: 'Suite 2',
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94105',
  country: 'US',
};

/** The hosted page's form as a browser posts it. */
function form(values: Record<string, string>): string {
  return new URLSearchParams(values).toString();
}

function postPay(sessionId: string, body: string) {
  return fetch(`${sandbox.url}/checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  });
}

const GOOD_FORM = {
  name: 'Sam Rivera',
  ...ADDRESS,
  phone: '(415) 555-0123',
  method: 'card',
};

/** Events received so far, verified with the real signature check. */
function events(): Stripe.Event[] {
  return receiver.received.map((r) =>
    stripe.webhooks.constructEvent(r.body, String(r.headers['stripe-signature']), WEBHOOK_SECRET),
  );
}

async function shippingSession(customer?: string) {
  return stripe.checkout.sessions.create(
    sessionParams({
      ...(customer ? { customer, customer_update: { shipping: 'auto' } } : {}),
      shipping_address_collection: { allowed_countries: ['US'] },
      phone_number_collection: { enabled: true },
    }),
  );
}

describe('customers', () => {
  it('creates, retrieves and updates a customer, shipping included', async () => {
    const created = await stripe.customers.create(
      { email: 'shop@example.com', name: 'Cloud Nine', metadata: { uid: 'u1' } },
      { idempotencyKey: 'customer:u1' },
    );
    expect(created).toMatchObject({
      object: 'customer',
      email: 'shop@example.com',
      name: 'Cloud Nine',
      metadata: { uid: 'u1' },
      shipping: null,
    });
    const again = await stripe.customers.create(
      { email: 'shop@example.com', name: 'Cloud Nine', metadata: { uid: 'u1' } },
      { idempotencyKey: 'customer:u1' },
    );
    expect(again.id).toBe(created.id);

    const updated = await stripe.customers.update(created.id, {
      shipping: { name: 'Sam Rivera', phone: '+14155550123', address: ADDRESS },
    });
    expect(updated.shipping).toEqual({
      name: 'Sam Rivera',
      phone: '+14155550123',
      address: ADDRESS,
    });
    expect((await stripe.customers.retrieve(created.id)) as Stripe.Customer).toMatchObject({
      email: 'shop@example.com',
      shipping: { name: 'Sam Rivera' },
    });
  });

  it('refuses unknown customers, bad emails and unknown params in Stripe’s error shape', async () => {
    await expect(stripe.customers.retrieve('cus_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
    await expect(stripe.customers.create({ email: 'not-an-email' })).rejects.toMatchObject({
      code: 'email_invalid',
      param: 'email',
    });
    await expect(
      stripe.checkout.sessions.create(sessionParams({ customer: 'cus_nope' })),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'customer' });
    const customer = await stripe.customers.create({ email: 'a@b.co' });
    await expect(
      stripe.checkout.sessions.create(
        sessionParams({ customer: customer.id, customer_email: 'a@b.co' }),
      ),
    ).rejects.toMatchObject({ param: 'customer_email' });
  });
});

describe('ship-to and phone on the hosted page', () => {
  it('shows a labelled ship-to form and completes the session with what was typed', async () => {
    const customer = await stripe.customers.create({ email: 'buyer@example.com' });
    const session = await shippingSession(customer.id);
    expect(session).toMatchObject({
      customer: customer.id,
      shipping_address_collection: { allowed_countries: ['US'] },
      phone_number_collection: { enabled: true },
      collected_information: null,
    });
    const page = await (await fetch(session.url!)).text();
    for (const label of [
      'Full name',
      'Address line 1',
      'Address line 2',
      'City',
      'State',
      'ZIP code',
      'Country',
      'Phone',
      'Bank transfer (settles later)',
    ]) {
      expect(page).toMatch(
        new RegExp(`<label for="[a-z0-9_-]+">${label.replace(/[()]/g, '\\$&')}`),
      );
    }

    const answer = await postPay(session.id, form(GOOD_FORM));
    expect(answer.status).toBe(303);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      collected_information: { shipping_details: { name: 'Sam Rivera', address: ADDRESS } },
      customer_details: { phone: '+14155550123', email: 'buyer@example.com', name: 'Sam Rivera' },
    });
    // customer_update[shipping]=auto saves it on the customer; the next page is pre-filled.
    const saved = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(saved.shipping).toEqual({ name: 'Sam Rivera', phone: '+14155550123', address: ADDRESS });
    const next = await shippingSession(customer.id);
    const prefilled = await (await fetch(next.url!)).text();
    expect(prefilled).toContain('value="500 Market St"');
    expect(prefilled).toContain('<option value="CA" selected>');

    const paymentIntent = await stripe.paymentIntents.retrieve(paid.payment_intent as string);
    expect(paymentIntent.status).toBe('succeeded');
    const charge = await stripe.charges.retrieve(paymentIntent.latest_charge as string);
    expect(charge).toMatchObject({
      amount: paid.amount_total,
      amount_refunded: 0,
      refunded: false,
    });
  });

  it('refuses a bad ship-to with a message per field (400), keeping what was typed, and charges nothing', async () => {
    const session = await shippingSession();
    const cases: Array<[Record<string, string>, string[]]> = [
      [
        { ...GOOD_FORM, line1: ' ', postal_code: '9410' },
        ['Enter the street address.', 'Enter a valid ZIP code.'],
      ],
      [{ ...GOOD_FORM, country: 'CA' }, ['We can only ship to: United States.']],
      [{ ...GOOD_FORM, phone: '12' }, ['Enter a valid phone number.']],
      [{ ...GOOD_FORM, state: 'XX', name: '' }, ['Choose a state.', 'Enter the full name.']],
      [{ ...GOOD_FORM, city: 'Reno\r\nBcc: x@y.z' }, ['Remove the special characters.']],
    ];
    for (const [values, messages] of cases) {
      const answer = await postPay(session.id, form(values));
      expect(answer.status).toBe(400);
      const html = await answer.text();
      for (const message of messages) expect(html).toContain(message);
      expect(html).toContain('aria-invalid="true"');
      // What was typed comes back, so the buyer fixes one field, not the whole form.
      expect(html).toContain(`value="${values.line2}"`);
      expect(html).toContain('Nothing was charged');
    }
    const still = await stripe.checkout.sessions.retrieve(session.id);
    expect(still).toMatchObject({ status: 'open', payment_status: 'unpaid', payment_intent: null });
    expect(receiver.received).toHaveLength(0);
    // sandbox.pay refuses the same way.
    await expect(
      sandbox.pay(session.id, { shipping: { name: 'X', address: { ...ADDRESS, country: 'MX' } } }),
    ).rejects.toThrow(/We can only ship to/);
  });
});

describe('refunds', () => {
  async function paidSession() {
    const session = await stripe.checkout.sessions.create(
      sessionParams({ payment_intent_data: { metadata: { orderId: 'order_123' } } }),
    );
    await sandbox.pay(session.id);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    return {
      session: paid,
      paymentIntent: paid.payment_intent as string,
      total: paid.amount_total!,
    };
  }

  it('refunds partially, then the rest; more than is left and a second full refund are refused', async () => {
    const { paymentIntent, total } = await paidSession();
    receiver.received.length = 0;
    const first = await stripe.refunds.create({
      payment_intent: paymentIntent,
      amount: 1000,
      reason: 'requested_by_customer',
      metadata: { orderId: 'order_123' },
    });
    expect(first).toMatchObject({
      object: 'refund',
      amount: 1000,
      status: 'succeeded',
      payment_intent: paymentIntent,
      reason: 'requested_by_customer',
      metadata: { orderId: 'order_123' },
    });
    const left = total - 1000;
    await expect(
      stripe.refunds.create({ payment_intent: paymentIntent, amount: left + 1 }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'amount',
      message: `Refund amount ($${((left + 1) / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
    });
    const rest = await stripe.refunds.create({ payment_intent: paymentIntent });
    expect(rest.amount).toBe(left);
    await expect(stripe.refunds.create({ payment_intent: paymentIntent })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    const charge = await stripe.charges.retrieve(first.charge as string);
    expect(charge).toMatchObject({ amount_refunded: total, refunded: true });
    const listed = await stripe.refunds.list({ payment_intent: paymentIntent });
    expect(listed.data.map((r) => r.id)).toEqual([rest.id, first.id]);
    expect(await stripe.refunds.retrieve(first.id)).toMatchObject({ amount: 1000 });

    await sandbox.whenWebhooksIdle();
    // Each refund sends refund.created and charge.refunded, in that order; two refunds' pairs may
    // interleave (Stripe does not order events either).
    const types = events().map((e) => e.type);
    expect([...types].sort()).toEqual([
      'charge.refunded',
      'charge.refunded',
      'refund.created',
      'refund.created',
    ]);
    const charges = events()
      .filter((e) => e.type === 'charge.refunded')
      .map((e) => e.data.object as Stripe.Charge);
    // Each charge snapshot is taken when its refund is made: first 1000 refunded, then all.
    expect(charges.map((c) => c.amount_refunded).sort((a, b) => a - b)).toEqual([1000, total]);
    expect(charges.find((c) => c.amount_refunded === total)?.refunded).toBe(true);
    // Each refund's own pair comes in order: its refund.created before a charge.refunded.
    const objects = events().map((e) => ({
      type: e.type,
      id: (e.data.object as { id: string }).id,
    }));
    for (const refundId of [first.id, rest.id]) {
      const at = objects.findIndex((o) => o.id === refundId);
      expect(objects[at]?.type).toBe('refund.created');
      expect(objects.slice(at + 1).some((o) => o.type === 'charge.refunded')).toBe(true);
    }
  });

  it('an Idempotency-Key makes one refund; the same key with other params is an idempotency error', async () => {
    const { paymentIntent } = await paidSession();
    const key = 'refund:order_123:0';
    const [a, b] = await Promise.all([
      stripe.refunds.create(
        { payment_intent: paymentIntent, amount: 500 },
        { idempotencyKey: key },
      ),
      stripe.refunds.create(
        { payment_intent: paymentIntent, amount: 500 },
        { idempotencyKey: key },
      ),
    ]);
    expect(a.id).toBe(b.id);
    await expect(
      stripe.refunds.create(
        { payment_intent: paymentIntent, amount: 600 },
        { idempotencyKey: key },
      ),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((await stripe.refunds.list({ payment_intent: paymentIntent })).data).toHaveLength(1);
  });

  it('refuses refunds of unpaid payments, unknown ones and bad amounts', async () => {
    const open = await stripe.checkout.sessions.create(sessionParams());
    await sandbox.pay(open.id, { delayed: true });
    const pending = await stripe.checkout.sessions.retrieve(open.id);
    await expect(
      stripe.refunds.create({ payment_intent: pending.payment_intent as string }),
    ).rejects.toMatchObject({
      param: 'payment_intent',
      message: expect.stringContaining('successful charge'),
    });
    await expect(stripe.refunds.create({ payment_intent: 'pi_nope' })).rejects.toMatchObject({
      code: 'resource_missing',
    });
    const { paymentIntent } = await paidSession();
    await expect(
      stripe.refunds.create({ payment_intent: paymentIntent, amount: 0 }),
    ).rejects.toMatchObject({ param: 'amount' });
    await expect(
      stripe.refunds.create({ payment_intent: paymentIntent, reason: 'bored' as 'duplicate' }),
    ).rejects.toMatchObject({ param: 'reason' });
    await expect(stripe.refunds.create({})).rejects.toMatchObject({ param: 'payment_intent' });
    expect((await stripe.refunds.list({ payment_intent: paymentIntent })).data).toHaveLength(0);
  });
});

describe('delayed payments', () => {
  it('completes unpaid, then async_payment_succeeded pays it (once)', async () => {
    const session = await shippingSession();
    const answer = await postPay(session.id, form({ ...GOOD_FORM, method: 'delayed' }));
    expect(answer.status).toBe(303);
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    const pi = await stripe.paymentIntents.retrieve(completed.payment_intent as string);
    expect(pi).toMatchObject({ status: 'processing', latest_charge: null });

    const settle = await fetch(`${sandbox.url}/_sandbox/checkout/sessions/${session.id}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=succeeded',
    });
    expect(settle.status).toBe(200);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      payment_status: 'paid',
    });
    const settled = await stripe.paymentIntents.retrieve(pi.id);
    expect(settled.status).toBe('succeeded');
    expect(settled.latest_charge).toMatch(/^ch_/);
    await expect(sandbox.settleDelayedPayment(session.id, 'failed')).rejects.toThrow(
      /no delayed payment/,
    );
    await sandbox.whenWebhooksIdle();
    expect(events().map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
    ]);
    expect((events()[1]!.data.object as Stripe.Checkout.Session).payment_status).toBe('paid');
  });

  it('async_payment_failed leaves it unpaid; settling a card payment or an unknown session is refused', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    await sandbox.pay(session.id, { delayed: true });
    await sandbox.settleDelayedPayment(session.id, 'failed');
    await sandbox.whenWebhooksIdle();
    expect(events().map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_failed',
    ]);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      payment_status: 'unpaid',
    });

    const card = await stripe.checkout.sessions.create(sessionParams());
    await sandbox.pay(card.id);
    const settleCard = await fetch(`${sandbox.url}/_sandbox/checkout/sessions/${card.id}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'succeeded' }),
    });
    expect(settleCard.status).toBe(409);
    const bad = await fetch(`${sandbox.url}/_sandbox/checkout/sessions/${card.id}/settle`, {
      method: 'POST',
      body: 'outcome=maybe',
    });
    expect(bad.status).toBe(400);
    const missing = await fetch(`${sandbox.url}/_sandbox/checkout/sessions/cs_test_nope/settle`, {
      method: 'POST',
      body: 'outcome=failed',
    });
    expect(missing.status).toBe(404);
  });
});
