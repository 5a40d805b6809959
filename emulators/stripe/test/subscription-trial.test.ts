/**
 * Moving an active subscription's next charge with `trial_end` (and `proration_behavior=none`),
 * as Stripe documents for changing the billing date without charging now; a new interval from
 * the next charge on; a buyer's pause with `pause_collection[resumes_at]`; and the requests the
 * sandbox refuses, each changing nothing.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import { CLOCK_START, DAY, invoiceLines, subscribe, WEEK, weeklyPrice } from './billing-support.js';
import {
  deliveredEvents,
  failure,
  forgetEvents,
  startTestSandbox,
  startWebhookReceiver,
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
  await sandbox.whenWebhooksIdle();
  sandbox.reset();
  receiver.received.length = 0;
});

const events = () => deliveredEvents(sandbox, stripe, receiver);

/** A customer on a clock at CLOCK_START with 2 × a biweekly $18.50 price. */
async function subscribedOnClock() {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: CLOCK_START });
  const price = await weeklyPrice(stripe, 'House blend, 1 kg', 1850);
  const subscribed = await subscribe(stripe, sandbox, [{ price: price.id, quantity: 2 }], {
    clock: clock.id,
  });
  await forgetEvents(sandbox, receiver);
  return { clock, price, ...subscribed };
}

async function cycleInvoices(subscription: string): Promise<Stripe.Invoice[]> {
  const list = await stripe.invoices.list({ subscription, limit: 100 });
  return list.data.filter((invoice) => invoice.billing_reason === 'subscription_cycle').reverse();
}

describe('trial_end on an active subscription', () => {
  it('moves the next charge later without charging now; billing goes on from the new date', async () => {
    const { clock, subscription } = await subscribedOnClock();
    const trialEnd = CLOCK_START + 3 * WEEK;
    const moved = await stripe.subscriptions.update(subscription.id, {
      trial_end: trialEnd,
      proration_behavior: 'none',
    });
    expect(moved).toMatchObject({
      status: 'trialing',
      trial_start: CLOCK_START,
      trial_end: trialEnd,
      billing_cycle_anchor: trialEnd,
    });
    expect(moved.items.data[0]).toMatchObject({
      current_period_start: CLOCK_START,
      current_period_end: trialEnd,
    });
    const [updated] = (await events()) as Stripe.CustomerSubscriptionUpdatedEvent[];
    expect(updated?.type).toBe('customer.subscription.updated');
    expect(updated?.data.previous_attributes).toMatchObject({ status: 'active', trial_end: null });
    // Nothing is invoiced now, nor at the old date.
    await sandbox.advanceClock(clock.id, CLOCK_START + 2 * WEEK + DAY);
    expect(await cycleInvoices(subscription.id)).toEqual([]);
    receiver.received.length = 0;
    await sandbox.advanceClock(clock.id, CLOCK_START + 5 * WEEK);
    const invoices = await cycleInvoices(subscription.id);
    expect(invoices.map((i) => [i.status, i.created, i.total])).toEqual([
      ['paid', trialEnd, 2 * 1850],
      ['paid', trialEnd + 2 * WEEK, 2 * 1850],
    ]);
    expect(invoices[0]?.lines.data[0]?.period).toEqual({
      start: trialEnd,
      end: trialEnd + 2 * WEEK,
    });
    const types = (await events()).map((e) => e.type);
    expect(types.slice(0, 5)).toEqual([
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.created',
    ]);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('moves the next charge earlier', async () => {
    const { clock, subscription } = await subscribedOnClock();
    await stripe.subscriptions.update(subscription.id, {
      trial_end: CLOCK_START + 5 * DAY,
      proration_behavior: 'none',
    });
    await sandbox.advanceClock(clock.id, CLOCK_START + WEEK);
    expect((await cycleInvoices(subscription.id)).map((i) => i.created)).toEqual([
      CLOCK_START + 5 * DAY,
    ]);
  });

  it('changes the interval from the next charge on, the date kept, with trial_end at the period end', async () => {
    const { clock, price, subscription } = await subscribedOnClock();
    const monthly = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 1800,
      recurring: { interval: 'week', interval_count: 4 },
      product: price.product as string,
    });
    const item = subscription.items.data[0]!;
    const periodEnd = item.current_period_end;
    const changed = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: monthly.id, quantity: 3 }],
      trial_end: periodEnd,
      proration_behavior: 'none',
    });
    expect(changed.items.data[0]).toMatchObject({
      current_period_end: periodEnd,
      price: { id: monthly.id },
    });
    await sandbox.advanceClock(clock.id, CLOCK_START + 6 * WEEK);
    const invoices = await cycleInvoices(subscription.id);
    expect(invoices.map((i) => [i.created, i.total])).toEqual([
      [periodEnd, 3 * 1800],
      [periodEnd + 4 * WEEK, 3 * 1800],
    ]);
    expect(invoiceLines(invoices[0]!)).toEqual([[monthly.id, 3]]);
  });

  it('voids the cycles a pause with resumes_at covers, then charges again', async () => {
    const { clock, subscription } = await subscribedOnClock();
    const resumesAt = CLOCK_START + 5 * WEEK;
    await stripe.subscriptions.update(subscription.id, {
      pause_collection: { behavior: 'void', resumes_at: resumesAt },
    });
    await sandbox.advanceClock(clock.id, CLOCK_START + 6 * WEEK);
    expect((await cycleInvoices(subscription.id)).map((i) => [i.status, i.created])).toEqual([
      ['void', CLOCK_START + 2 * WEEK],
      ['void', CLOCK_START + 4 * WEEK],
      ['paid', CLOCK_START + 6 * WEEK],
    ]);
  });

  it('refuses a new interval without trial_end, a past or far trial_end, trial_end=now and prorating; each changes nothing', async () => {
    const { price, subscription } = await subscribedOnClock();
    const monthly = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 1800,
      recurring: { interval: 'week', interval_count: 4 },
      product: price.product as string,
    });
    const item = subscription.items.data[0]!;
    const refusals: Array<[Stripe.SubscriptionUpdateParams, string]> = [
      [
        { items: [{ id: item.id, price: monthly.id }], proration_behavior: 'none' },
        'items[0][price]',
      ],
      [{ trial_end: CLOCK_START - 1, proration_behavior: 'none' }, 'trial_end'],
      [{ trial_end: CLOCK_START + 800 * DAY, proration_behavior: 'none' }, 'trial_end'],
      [{ trial_end: 'now', proration_behavior: 'none' }, 'trial_end'],
      [{ trial_end: CLOCK_START + WEEK }, 'proration_behavior'],
    ];
    for (const [params, param] of refusals) {
      const error = await failure(stripe.subscriptions.update(subscription.id, params));
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 400, param });
    }
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after).toMatchObject({ status: 'active', trial_end: null });
    expect(after.items.data.map((i) => [i.price.id, i.quantity, i.current_period_end])).toEqual([
      [price.id, 2, item.current_period_end],
    ]);
  });
});
