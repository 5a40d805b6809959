/**
 * Test clocks: customers on a clock, renewals when it advances (invoices paid, voided while
 * paused, declined), cancel at period end, and the order of the events each boundary sends.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import {
  CLOCK_START,
  invoiceLines,
  SHIP_TO,
  subscribe,
  WEEK,
  weeklyPrice,
} from './billing-support.js';
import {
  startTestSandbox,
  startWebhookReceiver,
  deliveredEvents,
  failure,
  forgetEvents,
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
  receiver.answerAfter(0);
});

const events = () => deliveredEvents(sandbox, stripe, receiver);

const clearEvents = () => forgetEvents(sandbox, receiver);

/** A clock at CLOCK_START and a customer on it subscribed to 2 × a biweekly $18.50 price. */
async function subscribedOnClock() {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: CLOCK_START });
  const price = await weeklyPrice(stripe, 'House blend, 1 kg', 1850);
  const subscribed = await subscribe(stripe, sandbox, [{ price: price.id, quantity: 2 }], {
    clock: clock.id,
  });
  await clearEvents();
  return { clock, price, ...subscribed };
}

async function cycleInvoices(subscription: string): Promise<Stripe.Invoice[]> {
  const list = await stripe.invoices.list({ subscription, limit: 100 });
  return list.data.filter((invoice) => invoice.billing_reason === 'subscription_cycle').reverse();
}

describe('test clocks', () => {
  it('creates, retrieves, lists and deletes clocks; a customer on a clock lives by its time', async () => {
    const clock = await stripe.testHelpers.testClocks.create({
      frozen_time: CLOCK_START,
      name: 'Standing orders',
    });
    expect(clock).toMatchObject({
      object: 'test_helpers.test_clock',
      frozen_time: CLOCK_START,
      name: 'Standing orders',
      status: 'ready',
      livemode: false,
    });
    expect((await stripe.testHelpers.testClocks.retrieve(clock.id)).id).toBe(clock.id);
    expect((await stripe.testHelpers.testClocks.list()).data.map((c) => c.id)).toEqual([clock.id]);

    const customer = await stripe.customers.create({
      email: 'ada@example.com',
      test_clock: clock.id,
    });
    expect(customer).toMatchObject({ test_clock: clock.id, created: CLOCK_START });
    const price = await weeklyPrice(stripe, 'Beans', 1850);
    const { subscription, invoice } = await subscribe(
      stripe,
      sandbox,
      [{ price: price.id, quantity: 1 }],
      { clock: clock.id },
    );
    expect(subscription).toMatchObject({
      test_clock: clock.id,
      start_date: CLOCK_START,
      created: CLOCK_START,
    });
    expect(invoice).toMatchObject({ test_clock: clock.id, created: CLOCK_START });

    const unknown = await failure(stripe.customers.create({ test_clock: 'clock_missing' }));
    expect(unknown).toMatchObject({
      statusCode: 400,
      param: 'test_clock',
      code: 'resource_missing',
    });

    expect(await stripe.testHelpers.testClocks.del(clock.id)).toMatchObject({
      id: clock.id,
      deleted: true,
    });
    expect(await failure(stripe.testHelpers.testClocks.retrieve(clock.id))).toMatchObject({
      statusCode: 404,
    });
    // Its customers, their subscriptions and invoices go with it, as at Stripe.
    expect(await failure(stripe.customers.retrieve(customer.id))).toMatchObject({
      statusCode: 404,
    });
    expect(await failure(stripe.subscriptions.retrieve(subscription.id))).toMatchObject({
      statusCode: 404,
    });
  });

  it('answers an advance at once (advancing), renews in the background, then is ready and says so last', async () => {
    const { clock, subscription } = await subscribedOnClock();
    receiver.answerAfter(40);
    const target = CLOCK_START + 2 * WEEK + 3600;
    const answer = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: target });
    expect(answer).toMatchObject({
      status: 'advancing',
      frozen_time: CLOCK_START,
      status_details: { advancing: { target_frozen_time: target } },
    });
    const again = await failure(
      stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: target + WEEK }),
    );
    expect(again).toMatchObject({ statusCode: 400 });
    expect((again as Error).message).toMatch(/advancing/);

    let current = await stripe.testHelpers.testClocks.retrieve(clock.id);
    for (let i = 0; current.status !== 'ready' && i < 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      current = await stripe.testHelpers.testClocks.retrieve(clock.id);
    }
    expect(current).toMatchObject({ status: 'ready', frozen_time: target, status_details: {} });
    const received = await events();
    expect(received.map((e) => e.type)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'test_helpers.test_clock.ready',
    ]);
    expect(received[3]?.data.object).toMatchObject({ id: clock.id, status: 'ready' });
    const [renewal] = await cycleInvoices(subscription.id);
    expect(renewal).toMatchObject({ status: 'paid', created: CLOCK_START + 2 * WEEK });
  });

  it('makes one invoice per period, in order, when an advance spans three periods', async () => {
    const { clock, price, customer, subscription } = await subscribedOnClock();
    await sandbox.advanceClock(clock.id, CLOCK_START + 6 * WEEK);
    expect(await stripe.testHelpers.testClocks.retrieve(clock.id)).toMatchObject({
      status: 'ready',
      frozen_time: CLOCK_START + 6 * WEEK,
    });
    const invoices = await cycleInvoices(subscription.id);
    expect(invoices.map((i) => [i.number, i.status, i.created])).toEqual([
      ['SBX-000002', 'paid', CLOCK_START + 2 * WEEK],
      ['SBX-000003', 'paid', CLOCK_START + 4 * WEEK],
      ['SBX-000004', 'paid', CLOCK_START + 6 * WEEK],
    ]);
    invoices.forEach((invoice, index) => {
      const boundary = CLOCK_START + 2 * (index + 1) * WEEK;
      expect(invoice).toMatchObject({
        billing_reason: 'subscription_cycle',
        customer: customer.id,
        amount_due: 3700,
        amount_paid: 3700,
        period_start: boundary - 2 * WEEK,
        period_end: boundary,
        customer_shipping: { name: SHIP_TO.name },
        status_transitions: { paid_at: boundary },
        parent: { subscription_details: { subscription: subscription.id } },
      });
      expect(invoice.lines.data[0]?.period).toEqual({ start: boundary, end: boundary + 2 * WEEK });
      expect(invoiceLines(invoice)).toEqual([[price.id, 2]]);
    });
    const received = await events();
    expect(received.map((e) => e.type)).toEqual([
      ...['invoice.created', 'invoice.finalized', 'invoice.paid'],
      ...['invoice.created', 'invoice.finalized', 'invoice.paid'],
      ...['invoice.created', 'invoice.finalized', 'invoice.paid'],
      'test_helpers.test_clock.ready',
    ]);
    const paid = received.filter((e): e is Stripe.InvoicePaidEvent => e.type === 'invoice.paid');
    expect(paid.map((e) => e.data.object.number)).toEqual([
      'SBX-000002',
      'SBX-000003',
      'SBX-000004',
    ]);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0]).toMatchObject({
      current_period_start: CLOCK_START + 6 * WEEK,
      current_period_end: CLOCK_START + 8 * WEEK,
    });
    expect(after.latest_invoice).toBe(invoices[2]?.id);
  });

  it('walks the period ends of every subscription on the clock in time order', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: CLOCK_START });
    const weekly = await weeklyPrice(stripe, 'Milk', 600, { count: 1 });
    const biweekly = await weeklyPrice(stripe, 'Beans', 1850, { count: 2 });
    const a = await subscribe(stripe, sandbox, [{ price: weekly.id, quantity: 1 }], {
      clock: clock.id,
    });
    const b = await subscribe(stripe, sandbox, [{ price: biweekly.id, quantity: 1 }], {
      clock: clock.id,
    });
    await clearEvents();
    await sandbox.advanceClock(clock.id, CLOCK_START + 4 * WEEK);
    const paid = (await events()).filter(
      (e): e is Stripe.InvoicePaidEvent => e.type === 'invoice.paid',
    );
    const owner = (invoice: Stripe.Invoice) =>
      invoice.parent?.subscription_details?.subscription === a.subscription.id ? 'a' : 'b';
    expect(paid.map((e) => [owner(e.data.object), e.data.object.created - CLOCK_START])).toEqual([
      ['a', WEEK],
      ['a', 2 * WEEK],
      ['b', 2 * WEEK],
      ['a', 3 * WEEK],
      ['a', 4 * WEEK],
      ['b', 4 * WEEK],
    ]);
    expect(await cycleInvoices(b.subscription.id)).toHaveLength(2);
  });

  it('bills item changes from the next invoice on', async () => {
    const { clock, price, subscription } = await subscribedOnClock();
    const milk = await weeklyPrice(stripe, 'Oat milk', 600);
    const [item] = subscription.items.data;
    await stripe.subscriptions.update(subscription.id, {
      items: [
        { id: item?.id, quantity: 5, metadata: { grind: 'fine' } },
        { price: milk.id, quantity: 1 },
      ],
      proration_behavior: 'none',
    });
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    await sandbox.advanceClock(clock.id, CLOCK_START + 2 * WEEK);
    const [renewal] = await cycleInvoices(subscription.id);
    expect(invoiceLines(renewal as Stripe.Invoice)).toEqual([
      [price.id, 5],
      [milk.id, 1],
    ]);
    expect(renewal?.lines.data[0]?.metadata).toEqual({ grind: 'fine' });
    expect(renewal?.total).toBe(5 * 1850 + 600);
  });

  it('voids the invoices of a paused subscription until the pause is cleared', async () => {
    const { clock, subscription } = await subscribedOnClock();
    const paused = await stripe.subscriptions.update(subscription.id, {
      pause_collection: { behavior: 'void' },
    });
    expect(paused.pause_collection).toEqual({ behavior: 'void', resumes_at: null });
    await clearEvents();
    await sandbox.advanceClock(clock.id, CLOCK_START + 4 * WEEK);
    const voided = await cycleInvoices(subscription.id);
    expect(voided.map((i) => [i.status, i.amount_paid, i.created])).toEqual([
      ['void', 0, CLOCK_START + 2 * WEEK],
      ['void', 0, CLOCK_START + 4 * WEEK],
    ]);
    expect(voided[0]?.status_transitions.voided_at).toBe(CLOCK_START + 2 * WEEK);
    expect((await events()).map((e) => e.type)).toEqual([
      'invoice.created',
      'invoice.voided',
      'invoice.created',
      'invoice.voided',
      'test_helpers.test_clock.ready',
    ]);
    // The periods move on while paused.
    const stillPaused = await stripe.subscriptions.retrieve(subscription.id);
    expect(stillPaused).toMatchObject({ status: 'active' });
    expect(stillPaused.items.data[0]?.current_period_start).toBe(CLOCK_START + 4 * WEEK);

    receiver.received.length = 0;
    const resumed = await stripe.subscriptions.update(subscription.id, { pause_collection: '' });
    expect(resumed.pause_collection).toBeNull();
    const [cleared] = (await events()) as Stripe.CustomerSubscriptionUpdatedEvent[];
    expect(cleared?.data.previous_attributes).toEqual({
      pause_collection: { behavior: 'void', resumes_at: null },
    });
    await sandbox.advanceClock(clock.id, CLOCK_START + 6 * WEEK);
    expect((await cycleInvoices(subscription.id)).map((i) => i.status)).toEqual([
      'void',
      'void',
      'paid',
    ]);
  });

  it('resumes a pause at the first period end on or after resumes_at', async () => {
    const { clock, subscription } = await subscribedOnClock();
    const resumesAt = CLOCK_START + 3 * WEEK;
    await stripe.subscriptions.update(subscription.id, {
      pause_collection: { behavior: 'void', resumes_at: resumesAt },
    });
    await clearEvents();
    await sandbox.advanceClock(clock.id, CLOCK_START + 6 * WEEK);
    expect((await cycleInvoices(subscription.id)).map((i) => [i.status, i.created])).toEqual([
      ['void', CLOCK_START + 2 * WEEK],
      ['paid', CLOCK_START + 4 * WEEK],
      ['paid', CLOCK_START + 6 * WEEK],
    ]);
    const received = await events();
    expect(received.map((e) => e.type)).toEqual([
      'invoice.created',
      'invoice.voided',
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'test_helpers.test_clock.ready',
    ]);
    const updated = received[2] as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.data.object.pause_collection).toBeNull();
    expect(updated.data.previous_attributes).toEqual({
      pause_collection: { behavior: 'void', resumes_at: resumesAt },
    });
    const refused = await failure(
      stripe.subscriptions.update(subscription.id, {
        pause_collection: { behavior: 'void', resumes_at: CLOCK_START },
      }),
    );
    expect(refused).toMatchObject({ statusCode: 400, param: 'pause_collection[resumes_at]' });
  });

  it('cancels a subscription set to cancel_at_period_end at its period end, without an invoice', async () => {
    const { clock, subscription } = await subscribedOnClock();
    const set = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(set).toMatchObject({ cancel_at: CLOCK_START + 2 * WEEK, canceled_at: CLOCK_START });
    await clearEvents();
    await sandbox.advanceClock(clock.id, CLOCK_START + 5 * WEEK);
    const received = await events();
    expect(received.map((e) => e.type)).toEqual([
      'customer.subscription.deleted',
      'test_helpers.test_clock.ready',
    ]);
    expect(received[0]?.data.object).toMatchObject({
      id: subscription.id,
      status: 'canceled',
      ended_at: CLOCK_START + 2 * WEEK,
    });
    expect(await cycleInvoices(subscription.id)).toEqual([]);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      status: 'canceled',
      canceled_at: CLOCK_START,
      ended_at: CLOCK_START + 2 * WEEK,
    });
  });

  it('leaves a declined renewal open and the subscription past due; invoices.pay settles it after pm_card_visa', async () => {
    const { clock, subscription } = await subscribedOnClock();
    await stripe.subscriptions.update(subscription.id, {
      default_payment_method: 'pm_card_chargeCustomerFail',
    });
    await clearEvents();
    await sandbox.advanceClock(clock.id, CLOCK_START + 2 * WEEK);
    const [declined] = await cycleInvoices(subscription.id);
    expect(declined).toMatchObject({
      status: 'open',
      attempt_count: 1,
      attempted: true,
      amount_paid: 0,
      amount_remaining: 3700,
      number: 'SBX-000002',
    });
    const received = await events();
    expect(received.map((e) => e.type)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'test_helpers.test_clock.ready',
    ]);
    const pastDue = received[3] as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(pastDue.data.object.status).toBe('past_due');
    expect(pastDue.data.previous_attributes).toEqual({ status: 'active' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    expect((await stripe.invoices.list({ status: 'open' })).data.map((i) => i.id)).toEqual([
      declined?.id,
    ]);

    receiver.received.length = 0;
    const retry = await failure(stripe.invoices.pay(declined?.id as string));
    expect(retry).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(retry).toMatchObject({ statusCode: 402, code: 'card_declined' });
    expect((await stripe.invoices.retrieve(declined?.id as string)).attempt_count).toBe(2);
    expect((await events()).map((e) => e.type)).toEqual(['invoice.payment_failed']);

    receiver.received.length = 0;
    await stripe.subscriptions.update(subscription.id, { default_payment_method: 'pm_card_visa' });
    const paid = await stripe.invoices.pay(declined?.id as string);
    expect(paid).toMatchObject({
      status: 'paid',
      amount_paid: 3700,
      amount_remaining: 0,
      attempt_count: 3,
      status_transitions: { paid_at: CLOCK_START + 2 * WEEK },
    });
    const settled = await events();
    expect(settled.map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    expect(
      (settled[2] as Stripe.CustomerSubscriptionUpdatedEvent).data.previous_attributes,
    ).toEqual({ status: 'past_due' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect(await failure(stripe.invoices.pay(declined?.id as string))).toMatchObject({
      statusCode: 400,
    });
    // The next renewal is charged to pm_card_visa.
    await sandbox.advanceClock(clock.id, CLOCK_START + 4 * WEEK);
    expect((await cycleInvoices(subscription.id)).map((i) => i.status)).toEqual(['paid', 'paid']);
  });

  it('refuses advancing to a time not after the frozen time, and unknown clocks', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: CLOCK_START });
    for (const frozenTime of [CLOCK_START - 60, CLOCK_START]) {
      const error = await failure(
        stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: frozenTime }),
      );
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 400, param: 'frozen_time' });
    }
    await expect(sandbox.advanceClock(clock.id, CLOCK_START - 1)).rejects.toThrow(/after/);
    await expect(sandbox.advanceClock('clock_missing', CLOCK_START + 1)).rejects.toThrow(
      /No such test clock/,
    );
    expect(
      await failure(
        stripe.testHelpers.testClocks.advance('clock_missing', { frozen_time: CLOCK_START }),
      ),
    ).toMatchObject({ statusCode: 404 });
    expect(await stripe.testHelpers.testClocks.retrieve(clock.id)).toMatchObject({
      status: 'ready',
      frozen_time: CLOCK_START,
    });
  });

  it('renews only the subscriptions of the clock advanced; one without a clock never renews', async () => {
    const { clock, subscription } = await subscribedOnClock();
    const price = await weeklyPrice(stripe, 'Beans', 1850);
    const unclocked = await subscribe(stripe, sandbox, [{ price: price.id, quantity: 1 }]);
    await sandbox.advanceClock(clock.id, CLOCK_START + 2 * WEEK);
    expect(await cycleInvoices(subscription.id)).toHaveLength(1);
    expect(await cycleInvoices(unclocked.subscription.id)).toHaveLength(0);
  });

  it('reset() forgets prices, subscriptions, invoices and clocks', async () => {
    const { clock, subscription, price } = await subscribedOnClock();
    sandbox.reset();
    expect(await failure(stripe.testHelpers.testClocks.retrieve(clock.id))).toMatchObject({
      statusCode: 404,
    });
    expect(await failure(stripe.subscriptions.retrieve(subscription.id))).toMatchObject({
      statusCode: 404,
    });
    expect(await failure(stripe.prices.retrieve(price.id))).toMatchObject({ statusCode: 404 });
    expect((await stripe.invoices.list()).data).toEqual([]);
    // Numbering starts again.
    const again = await subscribedOnClock();
    expect(again.invoice.number).toBe('SBX-000001');
  });
});
