import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeEvent, StripeSandbox } from '../src/index.js';
import {
  sessionParams,
  startTestSandbox,
  startWebhookReceiver,
  submitPay,
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
  await sandbox.stop();
  await receiver.close();
});
beforeEach(() => {
  sandbox.reset();
  sandbox.setWebhookUrl(receiver.url);
  receiver.received.length = 0;
  receiver.respondWith([200]);
});

function signature(index: number): string {
  return receiver.received[index]?.headers['stripe-signature'] as string;
}

describe('webhook deliveries', () => {
  it('delivers checkout.session.completed before the Pay redirect, accepted by constructEvent', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const response = await submitPay(sandbox.url, session.id);
    expect(response.status).toBe(303);
    expect(receiver.received).toHaveLength(1);
    const delivery = receiver.received[0]!;
    expect(delivery.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(signature(0)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = stripe.webhooks.constructEvent(delivery.body, signature(0), WEBHOOK_SECRET);
    expect(event.type).toBe('checkout.session.completed');
    expect(event.id).toMatch(/^evt_/);
    expect(event.object).toBe('event');
    expect(event.livemode).toBe(false);
    expect(event.api_version).toBe(Stripe.API_VERSION);
    expect(event.pending_webhooks).toBe(1);
    expect(event.request).toEqual({ id: null, idempotency_key: null });
    const object = event.data.object as Stripe.Checkout.Session;
    expect(object).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 8749,
      client_reference_id: 'order_123',
      metadata: { orderId: 'order_123', userId: 'buyer_1' },
    });
    expect(object.payment_intent).toMatch(/^pi_/);
    expect(sandbox.deliveries()).toEqual([
      expect.objectContaining({
        eventId: event.id,
        type: 'checkout.session.completed',
        attempt: 1,
        status: 200,
        ok: true,
        url: receiver.url,
      }),
    ]);
  });

  it('is rejected by constructEvent with another secret or a tampered body', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    await sandbox.pay(session.id);
    const { body } = receiver.received[0]!;
    expect(() => stripe.webhooks.constructEvent(body, signature(0), 'whsec_wrong')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() =>
      stripe.webhooks.constructEvent(body.replace('8749', '1'), signature(0), WEBHOOK_SECRET),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('signs every attempt with the sandbox clock, as constructEvent checks it', async () => {
    const clockSeconds = 1_700_000_000; // 2023-11-14
    const clocked = await startTestSandbox({
      webhookUrl: receiver.url,
      now: () => clockSeconds * 1000,
    });
    try {
      const session = await clocked.stripe.checkout.sessions.create(sessionParams());
      await clocked.sandbox.pay(session.id);
      const { body } = receiver.received[0]!;
      expect(signature(0)).toMatch(new RegExp(`^t=${clockSeconds},v1=[0-9a-f]{64}$`));
      // Checked at the sandbox's time the signature is good; checked now it is long too old.
      const event = stripe.webhooks.constructEvent(
        body,
        signature(0),
        WEBHOOK_SECRET,
        undefined,
        undefined,
        clockSeconds + 1,
      );
      expect(event.created).toBe(clockSeconds);
      expect(() => stripe.webhooks.constructEvent(body, signature(0), WEBHOOK_SECRET)).toThrow(
        /tolerance/,
      );
    } finally {
      await clocked.sandbox.stop();
    }
  });

  it('retries non-2xx answers with backoff until one succeeds', async () => {
    receiver.respondWith([500, 503, 200]);
    const session = await stripe.checkout.sessions.create(sessionParams());
    await sandbox.pay(session.id);
    await sandbox.whenWebhooksIdle();
    expect(sandbox.deliveries().map((d) => [d.attempt, d.status, d.ok])).toEqual([
      [1, 500, false],
      [2, 503, false],
      [3, 200, true],
    ]);
    const ids = receiver.received.map((r) => (JSON.parse(r.body) as StripeEvent).id);
    expect(new Set(ids).size).toBe(1);
    receiver.received.forEach((r, index) => {
      expect(stripe.webhooks.constructEvent(r.body, signature(index), WEBHOOK_SECRET).id).toBe(
        ids[0],
      );
    });
    const times = sandbox.deliveries().map((d) => d.at);
    expect(times[2]! - times[0]!).toBeGreaterThanOrEqual(10 + 20 - 5);
  });

  it('gives up after the configured number of attempts', async () => {
    receiver.respondWith([500]);
    const session = await stripe.checkout.sessions.create(sessionParams());
    await sandbox.pay(session.id);
    await sandbox.whenWebhooksIdle();
    expect(sandbox.deliveries().map((d) => d.attempt)).toEqual([1, 2, 3, 4]);
    expect(sandbox.deliveries().every((d) => !d.ok)).toBe(true);
  });

  it('retries network errors, recorded with a null status', async () => {
    const closed = await startWebhookReceiver();
    await closed.close();
    sandbox.setWebhookUrl(closed.url);
    const session = await stripe.checkout.sessions.create(sessionParams());
    await sandbox.pay(session.id);
    await sandbox.whenWebhooksIdle();
    const deliveries = sandbox.deliveries();
    expect(deliveries).toHaveLength(4);
    expect(deliveries[0]).toMatchObject({ status: null, ok: false, url: closed.url });
    expect(deliveries[0]?.error).toBeTruthy();
  });

  it('does not deliver twice when Pay is pressed twice', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    const [first, second] = await Promise.all([
      submitPay(sandbox.url, session.id),
      submitPay(sandbox.url, session.id),
    ]);
    expect([first.status, second.status].sort()).toEqual([303, 409]);
    await expect(sandbox.pay(session.id)).rejects.toThrow(/already paid/);
    await sandbox.whenWebhooksIdle();
    expect(receiver.received).toHaveLength(1);
    expect(sandbox.deliveries()).toHaveLength(1);
  });

  it('sends checkout.session.expired when a session is expired', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    await stripe.checkout.sessions.expire(session.id);
    await sandbox.whenWebhooksIdle();
    expect(receiver.received).toHaveLength(1);
    const event = stripe.webhooks.constructEvent(
      receiver.received[0]!.body,
      signature(0),
      WEBHOOK_SECRET,
    );
    expect(event.type).toBe('checkout.session.expired');
    expect((event.data.object as Stripe.Checkout.Session).status).toBe('expired');
  });

  it('tells through GET /_sandbox/webhooks whether webhook work is under way', async () => {
    const pending = async () => {
      const response = await fetch(`${sandbox.url}/_sandbox/webhooks`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { pending: number }).pending;
    };
    expect(await pending()).toBe(0);
    receiver.answerAfter(300);
    receiver.respondWith([500, 200]);
    try {
      const session = await stripe.checkout.sessions.create(sessionParams());
      // Expiring answers at once; its event goes out in the background.
      await stripe.checkout.sessions.expire(session.id);
      expect(await pending()).toBeGreaterThan(0);
      // The first attempt failed (500), the retry is scheduled or running: still under way.
      await expect.poll(() => sandbox.deliveries().length, { interval: 5 }).toBe(1);
      expect(await pending()).toBeGreaterThan(0);
      await sandbox.whenWebhooksIdle();
      expect(sandbox.deliveries().map((d) => d.status)).toEqual([500, 200]);
      expect(await pending()).toBe(0);
    } finally {
      receiver.answerAfter(0);
    }
  });

  it('sends nothing while no webhook URL is set, and pay() rejects an unknown session', async () => {
    const quiet = await startTestSandbox();
    try {
      const session = await quiet.stripe.checkout.sessions.create(sessionParams());
      await quiet.sandbox.pay(session.id);
      expect(quiet.sandbox.deliveries()).toEqual([]);
      await expect(quiet.sandbox.pay('cs_test_missing')).rejects.toThrow(
        /No such checkout.session/,
      );
    } finally {
      await quiet.sandbox.stop();
    }
  });
});
