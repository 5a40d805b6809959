import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import { sessionParams, startTestSandbox } from './support.js';

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  ({ sandbox, stripe } = await startTestSandbox());
});
afterAll(async () => {
  await sandbox.stop();
});

describe('checkout sessions through the real stripe SDK', () => {
  it('creates an open, unpaid session with Stripe fields and a hosted page url', async () => {
    const before = Math.floor(Date.now() / 1000);
    const session = await stripe.checkout.sessions.create(
      sessionParams({ customer_email: 'buyer@example.com' }),
    );
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{20,}$/);
    expect(session.object).toBe('checkout.session');
    expect(session.mode).toBe('payment');
    expect(session.status).toBe('open');
    expect(session.payment_status).toBe('unpaid');
    expect(session.payment_intent).toBeNull();
    expect(session.amount_subtotal).toBe(3 * 1250 + 4999);
    expect(session.amount_total).toBe(8749);
    expect(session.currency).toBe('usd');
    expect(session.livemode).toBe(false);
    expect(session.client_reference_id).toBe('order_123');
    expect(session.metadata).toEqual({ orderId: 'order_123', userId: 'buyer_1' });
    expect(session.customer_email).toBe('buyer@example.com');
    expect(session.success_url).toBe(
      'http://localhost:5173/payment-success?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(session.cancel_url).toBe('http://localhost:5173/cart');
    expect(session.allowed_payment_method_types).toBeNull();
    expect(session.payment_method_types).toEqual(['card']);
    expect(session.ui_mode).toBe('hosted_page');
    expect(session.created).toBeGreaterThanOrEqual(before);
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);
    expect(session.url).toBe(`${sandbox.url}/checkout/${session.id}`);
  });

  it('keeps expires_at, allowed_payment_method_types and ui_mode when given', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    const session = await stripe.checkout.sessions.create(
      sessionParams({
        expires_at: expiresAt,
        allowed_payment_method_types: ['card', 'link'],
        ui_mode: 'hosted_page',
      }),
    );
    expect(session.expires_at).toBe(expiresAt);
    expect(session.allowed_payment_method_types).toEqual(['card', 'link']);
    // The sandbox treats every allowed type as eligible, so it offers exactly those.
    expect(session.payment_method_types).toEqual(['card', 'link']);
    expect(session.ui_mode).toBe('hosted_page');
  });

  it('retrieves a session, and 404s an unknown one with resource_missing', async () => {
    const created = await stripe.checkout.sessions.create(sessionParams());
    const retrieved = await stripe.checkout.sessions.retrieve(created.id);
    expect(retrieved).toEqual(created);
    const error = await stripe.checkout.sessions.retrieve('cs_test_nope').catch((e: unknown) => e);
    expect(error).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      param: 'session',
    });
    expect((error as Error).message).toBe("No such checkout.session: 'cs_test_nope'");
  });

  it('lists line items with prices, and expands them on retrieve', async () => {
    const created = await stripe.checkout.sessions.create(sessionParams());
    const items = await stripe.checkout.sessions.listLineItems(created.id);
    expect(items.object).toBe('list');
    expect(items.has_more).toBe(false);
    expect(
      items.data.map((item) => [
        item.description,
        item.quantity,
        item.price?.unit_amount,
        item.amount_total,
      ]),
    ).toEqual([
      ['Blue Glaze Mug', 3, 1250, 3750],
      ['Teapot', 1, 4999, 4999],
    ]);
    expect(items.data[0]?.id).toMatch(/^li_/);
    expect(items.data[0]?.price?.currency).toBe('usd');
    const page = await stripe.checkout.sessions.listLineItems(created.id, { limit: 1 });
    expect(page.data).toHaveLength(1);
    expect(page.has_more).toBe(true);
    const expanded = await stripe.checkout.sessions.retrieve(created.id, {
      expand: ['line_items'],
    });
    expect(expanded.line_items?.data.map((item) => item.quantity)).toEqual([3, 1]);
  });

  it('expires an open session once; a second expire is an invalid request', async () => {
    const created = await stripe.checkout.sessions.create(sessionParams());
    const expired = await stripe.checkout.sessions.expire(created.id);
    expect(expired.status).toBe('expired');
    expect(expired.url).toBeNull();
    expect((await stripe.checkout.sessions.retrieve(created.id)).status).toBe('expired');
    await expect(stripe.checkout.sessions.expire(created.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
    });
  });

  it('lists sessions newest first, filtered by status and payment_intent, with pagination', async () => {
    sandbox.reset();
    const first = await stripe.checkout.sessions.create(sessionParams());
    const second = await stripe.checkout.sessions.create(sessionParams());
    const third = await stripe.checkout.sessions.create(sessionParams());
    await stripe.checkout.sessions.expire(second.id);
    await sandbox.pay(third.id);
    const paid = await stripe.checkout.sessions.retrieve(third.id, { expand: ['payment_intent'] });
    const paymentIntent = paid.payment_intent as Stripe.PaymentIntent;
    expect(paymentIntent.id).toMatch(/^pi_/);
    expect(paymentIntent.status).toBe('succeeded');
    expect(paymentIntent.amount).toBe(8749);

    const all = await stripe.checkout.sessions.list();
    expect(all.data.map((s) => s.id)).toEqual([third.id, second.id, first.id]);
    expect((await stripe.checkout.sessions.list({ status: 'open' })).data.map((s) => s.id)).toEqual(
      [first.id],
    );
    expect(
      (await stripe.checkout.sessions.list({ status: 'expired' })).data.map((s) => s.id),
    ).toEqual([second.id]);
    const byIntent = await stripe.checkout.sessions.list({ payment_intent: paymentIntent.id });
    expect(byIntent.data.map((s) => s.id)).toEqual([third.id]);
    expect(byIntent.data[0]?.payment_status).toBe('paid');

    const pageOne = await stripe.checkout.sessions.list({ limit: 2 });
    expect(pageOne.has_more).toBe(true);
    const autoPaged = await stripe.checkout.sessions
      .list({ limit: 1 })
      .autoPagingToArray({ limit: 10 });
    expect(autoPaged.map((s) => s.id)).toEqual([third.id, second.id, first.id]);
    const retrievedIntent = await stripe.paymentIntents.retrieve(paymentIntent.id);
    expect(retrievedIntent.amount_received).toBe(8749);
  });

  it('gives the default expiry exactly 24 hours after created, even as the clock ticks mid-request', async () => {
    // Every read of this clock moves it 600 ms on, so two reads in one request straddle a second.
    let now = Math.floor(Date.now() / 1000) * 1000 + 500;
    const ticking = await startTestSandbox({ now: () => (now += 600) });
    try {
      for (let i = 0; i < 3; i += 1) {
        const session = await ticking.stripe.checkout.sessions.create(sessionParams());
        expect(session.expires_at - session.created).toBe(24 * 60 * 60);
      }
    } finally {
      await ticking.sandbox.stop();
    }
  });

  it('moves a session to expired once its expires_at has passed', async () => {
    let now = Date.now();
    const clocked = await startTestSandbox({ now: () => now });
    try {
      const session = await clocked.stripe.checkout.sessions.create(
        sessionParams({ expires_at: Math.floor(now / 1000) + 1800 }),
      );
      now += 1799 * 1000;
      expect((await clocked.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
      now += 2000;
      const later = await clocked.stripe.checkout.sessions.retrieve(session.id);
      expect(later.status).toBe('expired');
      expect(later.payment_status).toBe('unpaid');
      await expect(clocked.sandbox.pay(session.id)).rejects.toThrow(/expired/);
    } finally {
      await clocked.sandbox.stop();
    }
  });
});
