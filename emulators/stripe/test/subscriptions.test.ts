/**
 * Prices with lookup keys, subscription checkout (the subscription, its first invoice and the
 * signed events, in either order), the Subscriptions API and the requests it refuses.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import { invoiceLines, SHIP_TO, subscribe, WEEK, weeklyPrice } from './billing-support.js';
import {
  sessionParams,
  startTestSandbox,
  startWebhookReceiver,
  submitForm,
  deliveredEvents,
  failure,
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

async function expectInvalid(promise: Promise<unknown>, param: string, message?: RegExp) {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  expect(error).toMatchObject({ statusCode: 400, param });
  if (message) expect((error as Error).message).toMatch(message);
  return error as Stripe.errors.StripeInvalidRequestError;
}

describe('products and prices', () => {
  it('creates a recurring price of a product, finds it by lookup key, and lists with filters', async () => {
    const product = await stripe.products.create({
      name: 'House blend, 1 kg',
      metadata: { sku: 'HB-1' },
    });
    expect(product).toMatchObject({ object: 'product', name: 'House blend, 1 kg', active: true });
    expect(await stripe.products.retrieve(product.id)).toMatchObject({ metadata: { sku: 'HB-1' } });
    const price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 1850,
      recurring: { interval: 'week', interval_count: 2 },
      product: product.id,
      lookup_key: 'house_blend_biweekly',
      nickname: 'Every two weeks',
      metadata: { plan: 'standing' },
    });
    expect(price).toMatchObject({
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: 1850,
      type: 'recurring',
      product: product.id,
      lookup_key: 'house_blend_biweekly',
      nickname: 'Every two weeks',
      metadata: { plan: 'standing' },
      recurring: { interval: 'week', interval_count: 2, usage_type: 'licensed' },
    });
    expect(String(price.unit_amount_decimal)).toBe('1850');
    const oneTime = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 500,
      product_data: { name: 'Grinder cleaning', metadata: { kind: 'service' } },
    });
    expect(oneTime).toMatchObject({ type: 'one_time', recurring: null, lookup_key: null });
    expect(await stripe.products.retrieve(oneTime.product as string)).toMatchObject({
      name: 'Grinder cleaning',
      metadata: { kind: 'service' },
    });

    const byKey = await stripe.prices.list({ lookup_keys: ['house_blend_biweekly', 'nope'] });
    expect(byKey.data.map((p) => p.id)).toEqual([price.id]);
    expect((await stripe.prices.retrieve(price.id)).id).toBe(price.id);
    expect((await stripe.prices.list({ type: 'one_time' })).data.map((p) => p.id)).toEqual([
      oneTime.id,
    ]);
    expect((await stripe.prices.list({ product: product.id })).data.map((p) => p.id)).toEqual([
      price.id,
    ]);
    const firstPage = await stripe.prices.list({ limit: 1 });
    expect(firstPage.data.map((p) => p.id)).toEqual([oneTime.id]);
    expect(firstPage.has_more).toBe(true);
    const secondPage = await stripe.prices.list({ limit: 1, starting_after: oneTime.id });
    expect(secondPage.data.map((p) => p.id)).toEqual([price.id]);
    expect(secondPage.has_more).toBe(false);
  });

  it('refuses a lookup key an active price already uses, unless transfer_lookup_key moves it', async () => {
    const first = await weeklyPrice(stripe, 'Oat milk', 600, { lookupKey: 'oat_milk' });
    const error = await expectInvalid(
      weeklyPrice(stripe, 'Oat milk', 650, { lookupKey: 'oat_milk' }),
      'lookup_key',
    );
    expect(error.message).toBe(`A price (\`${first.id}\`) already uses that lookup key.`);
    const second = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 650,
      recurring: { interval: 'week', interval_count: 2 },
      product: first.product as string,
      lookup_key: 'oat_milk',
      transfer_lookup_key: true,
    });
    expect(second.lookup_key).toBe('oat_milk');
    expect((await stripe.prices.retrieve(first.id)).lookup_key).toBeNull();
    const found = await stripe.prices.list({ lookup_keys: ['oat_milk'] });
    expect(found.data.map((p) => p.id)).toEqual([second.id]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['another currency', { currency: 'eur' }, 'currency'],
    ['a negative unit_amount', { unit_amount: -1 }, 'unit_amount'],
    ['no unit_amount', { unit_amount: undefined }, 'unit_amount'],
    ['an unknown interval', { recurring: { interval: 'fortnight' } }, 'recurring[interval]'],
    [
      'more than 52 weeks',
      { recurring: { interval: 'week', interval_count: 53 } },
      'recurring[interval_count]',
    ],
    ['an unknown product', { product: 'prod_missing', product_data: undefined }, 'product'],
    ['both product and product_data', { product: 'prod_x' }, 'product_data'],
    ['neither product nor product_data', { product_data: undefined }, 'product'],
  ])('refuses a price with %s', async (_name, overrides, param) => {
    const params = {
      currency: 'usd',
      unit_amount: 1000,
      recurring: { interval: 'week' },
      product_data: { name: 'Beans' },
      ...overrides,
    } as Stripe.PriceCreateParams;
    await expectInvalid(stripe.prices.create(params), param);
    expect((await stripe.prices.list()).data).toHaveLength(0);
  });
});

describe('subscription checkout', () => {
  it('pays a session into a subscription and its first invoice, with signed events in order', async () => {
    const beans = await weeklyPrice(stripe, 'House blend, 1 kg', 1850, { lookupKey: 'beans' });
    const milk = await weeklyPrice(stripe, 'Oat milk', 600);
    const customer = await stripe.customers.create({ email: 'ada@example.com', name: 'Ada' });
    const created = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      customer_update: { shipping: 'auto' },
      line_items: [
        { price: beans.id, quantity: 2 },
        { price: milk.id, quantity: 3 },
      ],
      shipping_address_collection: { allowed_countries: ['US'] },
      phone_number_collection: { enabled: true },
      subscription_data: {
        metadata: { standingOrderId: 'so_42' },
        description: 'Standing order so_42',
      },
      metadata: { standingOrderId: 'so_42' },
      client_reference_id: 'so_42',
      success_url: 'http://localhost:5173/standing-orders/so_42?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5173/standing-orders/so_42',
    });
    expect(created).toMatchObject({
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: 5500,
      amount_total: 5500,
      currency: 'usd',
      subscription: null,
      invoice: null,
      customer: customer.id,
    });
    const lineItems = await stripe.checkout.sessions.listLineItems(created.id);
    expect(
      lineItems.data.map((line) => [line.price?.id, line.quantity, line.amount_total]),
    ).toEqual([
      [beans.id, 2, 3700],
      [milk.id, 3, 1800],
    ]);
    expect(lineItems.data[0]?.description).toBe('House blend, 1 kg');

    const page = await (await fetch(created.url as string)).text();
    expect(page).toContain('Billed every 2 weeks');
    expect(page).toContain('House blend, 1 kg');
    expect(page).not.toContain('Bank transfer');

    const before = Math.floor(Date.now() / 1000);
    await sandbox.pay(created.id, { shipping: SHIP_TO, phone: '(503) 555-0142' });
    const session = await stripe.checkout.sessions.retrieve(created.id);
    expect(session).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      payment_intent: null,
      customer: customer.id,
    });
    expect(session.subscription).toMatch(/^sub_/);
    expect(session.invoice).toMatch(/^in_/);

    const subscription = await stripe.subscriptions.retrieve(session.subscription as string);
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      metadata: { standingOrderId: 'so_42' },
      description: 'Standing order so_42',
      pause_collection: null,
      cancel_at_period_end: false,
      latest_invoice: session.invoice,
      test_clock: null,
      currency: 'usd',
    });
    expect(subscription.default_payment_method).toMatch(/^pm_/);
    const start = subscription.start_date;
    expect(start).toBeGreaterThanOrEqual(before);
    expect(subscription.items.data.map((item) => [item.price.id, item.quantity])).toEqual([
      [beans.id, 2],
      [milk.id, 3],
    ]);
    for (const item of subscription.items.data) {
      expect(item).toMatchObject({
        object: 'subscription_item',
        subscription: subscription.id,
        current_period_start: start,
        current_period_end: start + 2 * WEEK,
        metadata: {},
        plan: { id: item.price.id, interval: 'week', interval_count: 2 },
      });
    }

    const invoice = await stripe.invoices.retrieve(session.invoice as string);
    expect(invoice).toMatchObject({
      object: 'invoice',
      billing_reason: 'subscription_create',
      status: 'paid',
      number: 'SBX-000001',
      customer: customer.id,
      customer_email: 'ada@example.com',
      amount_due: 5500,
      amount_paid: 5500,
      amount_remaining: 0,
      total: 5500,
      attempt_count: 1,
      customer_shipping: { name: SHIP_TO.name, phone: '+15035550142' },
      parent: {
        type: 'subscription_details',
        subscription_details: {
          subscription: subscription.id,
          metadata: { standingOrderId: 'so_42' },
        },
      },
    });
    expect(invoice.customer_shipping?.address).toMatchObject(SHIP_TO.address);
    expect(invoice.status_transitions.paid_at).toBe(start);
    expect(invoiceLines(invoice)).toEqual([
      [beans.id, 2],
      [milk.id, 3],
    ]);
    const [first] = invoice.lines.data;
    expect(first).toMatchObject({
      amount: 3700,
      description: '2 × House blend, 1 kg (at $18.50 / 2 weeks)',
      period: { start, end: start + 2 * WEEK },
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: {
          subscription: subscription.id,
          subscription_item: subscription.items.data[0]?.id,
          proration: false,
        },
      },
      pricing: { type: 'price_details', price_details: { product: beans.product } },
    });

    // customer_update[shipping]=auto saved the ship-to, which later invoices use.
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      shipping: { name: SHIP_TO.name, phone: '+15035550142' },
    });

    const received = await events();
    expect(received.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'checkout.session.completed',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
    ]);
    const [subCreated, completed, invCreated, finalized, paid] = received;
    expect(subCreated?.data.object).toMatchObject({ id: subscription.id, status: 'active' });
    expect(completed?.data.object).toMatchObject({
      id: session.id,
      subscription: subscription.id,
      invoice: invoice.id,
      payment_status: 'paid',
    });
    expect(invCreated?.data.object).toMatchObject({
      id: invoice.id,
      status: 'draft',
      number: null,
    });
    expect(finalized?.data.object).toMatchObject({ status: 'open', number: 'SBX-000001' });
    expect(paid?.data.object).toMatchObject({ id: invoice.id, status: 'paid', amount_paid: 5500 });
  });

  it('delivers invoice.paid before checkout.session.completed with subscriptionEvents: invoice-first', async () => {
    const price = await weeklyPrice(stripe, 'Sourdough loaf', 900);
    const { session, invoice } = await subscribe(
      stripe,
      sandbox,
      [{ price: price.id, quantity: 1 }],
      { order: 'invoice-first' },
    );
    const received = await events();
    expect(received.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    expect(received[3]?.data.object).toMatchObject({ id: invoice.id, status: 'paid' });
    expect(received[4]?.data.object).toMatchObject({ id: session.id, invoice: invoice.id });
  });

  it('creates a customer for a session that names none, from what was typed', async () => {
    const price = await weeklyPrice(stripe, 'Sourdough loaf', 900, { count: 1 });
    const created = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'new@example.com',
      line_items: [{ price: price.id, quantity: 2 }],
      shipping_address_collection: { allowed_countries: ['US'] },
    });
    const page = await (await fetch(created.url as string)).text();
    expect(page).toContain('Billed every week');
    await sandbox.pay(created.id, { shipping: SHIP_TO });
    const session = await stripe.checkout.sessions.retrieve(created.id);
    expect(session.customer).toMatch(/^cus_/);
    const customer = (await stripe.customers.retrieve(
      session.customer as string,
    )) as Stripe.Customer;
    expect(customer).toMatchObject({
      email: 'new@example.com',
      name: SHIP_TO.name,
      shipping: { name: SHIP_TO.name },
    });
    const subscription = await stripe.subscriptions.retrieve(session.subscription as string);
    expect(subscription.customer).toBe(customer.id);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(1);
  });

  it('offers no delayed payment method for a subscription session', async () => {
    const price = await weeklyPrice(stripe, 'Sourdough loaf', 900);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
    });
    await expect(sandbox.pay(session.id, { delayed: true })).rejects.toThrow(/card/);
    const response = await submitForm(sandbox.url, session.id, { method: 'delayed' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Nothing was charged');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(await events()).toEqual([]);
  });

  it('expands the subscription and invoice of a session, and the latest invoice of a subscription', async () => {
    const price = await weeklyPrice(stripe, 'Sourdough loaf', 900);
    const { session, subscription, invoice } = await subscribe(stripe, sandbox, [
      { price: price.id, quantity: 1 },
    ]);
    const expanded = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'invoice'],
    });
    expect((expanded.subscription as Stripe.Subscription).id).toBe(subscription.id);
    expect((expanded.invoice as Stripe.Invoice).id).toBe(invoice.id);
    const withInvoice = await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['latest_invoice'],
    });
    expect((withInvoice.latest_invoice as Stripe.Invoice).number).toBe('SBX-000001');
  });
});

describe('subscription checkout refusals', () => {
  it('refuses mixed intervals, one-time prices in subscription mode and recurring ones in payment mode', async () => {
    const biweekly = await weeklyPrice(stripe, 'Beans', 1850);
    const monthly = await weeklyPrice(stripe, 'Filters', 400, { interval: 'month', count: 1 });
    const oneTime = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 2500,
      product_data: { name: 'Grinder' },
    });
    const subscription = (line_items: Stripe.Checkout.SessionCreateParams.LineItem[]) =>
      stripe.checkout.sessions.create({ mode: 'subscription', line_items });
    await expectInvalid(
      subscription([
        { price: biweekly.id, quantity: 1 },
        { price: monthly.id, quantity: 1 },
      ]),
      'line_items[1][price]',
      /different billing intervals/,
    );
    await expectInvalid(
      subscription([
        { price: biweekly.id, quantity: 1 },
        { price: oneTime.id, quantity: 1 },
      ]),
      'line_items[1][price]',
      /one-time/,
    );
    await expectInvalid(
      subscription([{ price: oneTime.id, quantity: 1 }]),
      'mode',
      /at least one recurring price/,
    );
    await expectInvalid(
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: biweekly.id, quantity: 1 }],
      }),
      'line_items[0][price]',
      /recurring price/,
    );
    // A saved one-time price is fine in payment mode.
    const payment = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: oneTime.id, quantity: 2 }],
    });
    expect(payment.amount_total).toBe(5000);
    expect((await stripe.checkout.sessions.list()).data.map((s) => s.id)).toEqual([payment.id]);
  });

  it('refuses payment_intent_data in subscription mode, subscription_data in payment mode, and unknown prices', async () => {
    const price = await weeklyPrice(stripe, 'Beans', 1850);
    await expectInvalid(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: price.id, quantity: 1 }],
        payment_intent_data: { metadata: { a: 'b' } },
      }),
      'payment_intent_data',
      /subscription/,
    );
    await expectInvalid(
      stripe.checkout.sessions.create(
        sessionParams({ subscription_data: { metadata: { a: 'b' } } }),
      ),
      'subscription_data',
    );
    const missing = await expectInvalid(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_missing', quantity: 1 }],
      }),
      'line_items[0][price]',
    );
    expect(missing.code).toBe('resource_missing');
    await expectInvalid(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: price.id, quantity: 1 }],
        subscription_data: { trial_period_days: 7 },
      }),
      'subscription_data[trial_period_days]',
    );
  });
});

describe('Subscriptions API', () => {
  it('lists subscriptions by customer and status, and leaves canceled ones out by default', async () => {
    const price = await weeklyPrice(stripe, 'Beans', 1850);
    const a = await subscribe(stripe, sandbox, [{ price: price.id, quantity: 1 }]);
    const b = await subscribe(stripe, sandbox, [{ price: price.id, quantity: 2 }]);
    expect((await stripe.subscriptions.list()).data.map((s) => s.id)).toEqual([
      b.subscription.id,
      a.subscription.id,
    ]);
    expect(
      (await stripe.subscriptions.list({ customer: a.customer.id })).data.map((s) => s.id),
    ).toEqual([a.subscription.id]);
    await stripe.subscriptions.cancel(a.subscription.id);
    expect((await stripe.subscriptions.list()).data.map((s) => s.id)).toEqual([b.subscription.id]);
    expect((await stripe.subscriptions.list({ status: 'canceled' })).data.map((s) => s.id)).toEqual(
      [a.subscription.id],
    );
    expect((await stripe.subscriptions.list({ status: 'all', limit: 1 })).has_more).toBe(true);
    const invoices = await stripe.invoices.list({ subscription: b.subscription.id });
    expect(invoices.data.map((i) => i.id)).toEqual([b.invoice.id]);
    expect((await stripe.invoices.list({ customer: a.customer.id })).data).toHaveLength(1);
    expect((await stripe.invoices.list({ status: 'open' })).data).toHaveLength(0);
  });

  it('updates metadata, payment method and cancel_at_period_end, each with previous_attributes', async () => {
    const price = await weeklyPrice(stripe, 'Beans', 1850);
    const { subscription } = await subscribe(stripe, sandbox, [{ price: price.id, quantity: 1 }]);
    receiver.received.length = 0;
    const periodEnd = subscription.items.data[0]?.current_period_end;
    const updated = await stripe.subscriptions.update(subscription.id, {
      metadata: { note: 'ring twice' },
      default_payment_method: 'pm_card_visa',
      cancel_at_period_end: true,
    });
    expect(updated).toMatchObject({
      metadata: { standingOrderId: 'so_1', note: 'ring twice' },
      default_payment_method: 'pm_card_visa',
      cancel_at_period_end: true,
      cancel_at: periodEnd,
      status: 'active',
    });
    expect(updated.canceled_at).toEqual(expect.any(Number));
    const [event] = (await events()) as Stripe.CustomerSubscriptionUpdatedEvent[];
    expect(event?.type).toBe('customer.subscription.updated');
    expect(event?.data.previous_attributes).toMatchObject({
      metadata: { standingOrderId: 'so_1' },
      default_payment_method: subscription.default_payment_method,
      cancel_at_period_end: false,
      cancel_at: null,
    });
    const resumed = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: false,
    });
    expect(resumed).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    });
    await expectInvalid(
      stripe.subscriptions.update(subscription.id, { default_payment_method: 'pm_unknown' }),
      'default_payment_method',
    );
  });

  it('cancels with DELETE: canceled_at, ended_at and customer.subscription.deleted; then refuses changes', async () => {
    const price = await weeklyPrice(stripe, 'Beans', 1850);
    const { subscription } = await subscribe(stripe, sandbox, [{ price: price.id, quantity: 1 }]);
    receiver.received.length = 0;
    const canceled = await stripe.subscriptions.cancel(subscription.id, {
      cancellation_details: { comment: 'Moving away' },
    });
    expect(canceled).toMatchObject({
      status: 'canceled',
      cancellation_details: { comment: 'Moving away', reason: 'cancellation_requested' },
    });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    expect(canceled.ended_at).toBe(canceled.canceled_at);
    const received = await events();
    expect(received.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect(received[0]?.data.object).toMatchObject({ id: subscription.id, status: 'canceled' });

    await expectInvalid(
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: subscription.items.data[0]?.id, quantity: 3 }],
        proration_behavior: 'none',
      }),
      'items',
      /canceled/,
    );
    await expectInvalid(
      stripe.subscriptions.update(subscription.id, { pause_collection: { behavior: 'void' } }),
      'pause_collection',
      /canceled/,
    );
    await expectInvalid(stripe.subscriptions.cancel(subscription.id), 'subscription', /already/);
    // Metadata may still change, as at Stripe.
    const tagged = await stripe.subscriptions.update(subscription.id, {
      metadata: { why: 'moved' },
    });
    expect(tagged.metadata).toMatchObject({ why: 'moved' });
  });

  it('refuses removing every item, prorating, item changes without proration_behavior=none, and unknown items', async () => {
    const beans = await weeklyPrice(stripe, 'Beans', 1850);
    const milk = await weeklyPrice(stripe, 'Milk', 600);
    const monthly = await weeklyPrice(stripe, 'Filters', 400, { interval: 'month', count: 1 });
    const { subscription } = await subscribe(stripe, sandbox, [
      { price: beans.id, quantity: 1 },
      { price: milk.id, quantity: 1 },
    ]);
    const [first, second] = subscription.items.data;
    receiver.received.length = 0;
    await expectInvalid(
      stripe.subscriptions.update(subscription.id, {
        items: [
          { id: first?.id, deleted: true },
          { id: second?.id, deleted: true },
        ],
        proration_behavior: 'none',
      }),
      'items',
      /at least one item/,
    );
    await expectInvalid(
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: first?.id, quantity: 2 }],
        proration_behavior: 'create_prorations',
      }),
      'proration_behavior',
      /proration_behavior=none/,
    );
    await expectInvalid(
      stripe.subscriptions.update(subscription.id, { proration_behavior: 'always_invoice' }),
      'proration_behavior',
    );
    await expectInvalid(
      stripe.subscriptions.update(subscription.id, { items: [{ id: first?.id, quantity: 2 }] }),
      'proration_behavior',
      /does not prorate/,
    );
    await expectInvalid(
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: 'si_missing', quantity: 2 }],
        proration_behavior: 'none',
      }),
      'items[0][id]',
    );
    await expectInvalid(
      stripe.subscriptions.update(subscription.id, {
        items: [{ price: monthly.id }],
        proration_behavior: 'none',
      }),
      'items[0][price]',
      /one interval/,
    );
    await expectInvalid(
      stripe.subscriptions.update(subscription.id, {
        items: [{ price: beans.id }],
        proration_behavior: 'none',
      }),
      'items',
      /same price/,
    );
    await expectInvalid(
      stripe.subscriptions.update(subscription.id, {
        pause_collection: { behavior: 'mark_uncollectible' },
      }),
      'pause_collection[behavior]',
    );
    // Refused updates changed nothing and sent nothing.
    const unchanged = await stripe.subscriptions.retrieve(subscription.id);
    expect(unchanged.items.data.map((item) => [item.id, item.quantity])).toEqual([
      [first?.id, 1],
      [second?.id, 1],
    ]);
    expect(await events()).toEqual([]);
    const notFound = await failure(stripe.subscriptions.retrieve('sub_missing'));
    expect(notFound).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('changes items (quantity, price, metadata, delete, add) with proration_behavior=none', async () => {
    const beans = await weeklyPrice(stripe, 'Beans', 1850);
    const decaf = await weeklyPrice(stripe, 'Decaf', 1950);
    const milk = await weeklyPrice(stripe, 'Milk', 600);
    const filters = await weeklyPrice(stripe, 'Filters', 400);
    const { subscription, invoice } = await subscribe(stripe, sandbox, [
      { price: beans.id, quantity: 1 },
      { price: milk.id, quantity: 2 },
    ]);
    const [beansItem, milkItem] = subscription.items.data;
    receiver.received.length = 0;
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [
        { id: beansItem?.id, price: decaf.id, quantity: 3, metadata: { grind: 'coarse' } },
        { id: milkItem?.id, deleted: true },
        { price: filters.id, quantity: 1, metadata: { size: '4' } },
      ],
      proration_behavior: 'none',
    });
    expect(
      updated.items.data.map((item) => [item.id, item.price.id, item.quantity, item.metadata]),
    ).toEqual([
      [beansItem?.id, decaf.id, 3, { grind: 'coarse' }],
      [expect.stringMatching(/^si_/), filters.id, 1, { size: '4' }],
    ]);
    // The new item shares the current period.
    expect(updated.items.data[1]).toMatchObject({
      current_period_start: beansItem?.current_period_start,
      current_period_end: beansItem?.current_period_end,
    });
    const [event] = (await events()) as Stripe.CustomerSubscriptionUpdatedEvent[];
    expect(event?.type).toBe('customer.subscription.updated');
    expect(Object.keys(event?.data.previous_attributes ?? {})).toEqual(['items']);
    expect(
      event?.data.previous_attributes?.items?.data.map((item) => [item.price.id, item.quantity]),
    ).toEqual([
      [beans.id, 1],
      [milk.id, 2],
    ]);
    // Nothing is billed now: the paid first invoice is as it was.
    const again = await stripe.invoices.retrieve(invoice.id);
    expect(invoiceLines(again)).toEqual([
      [beans.id, 1],
      [milk.id, 2],
    ]);
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
  });
});
