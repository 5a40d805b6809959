/**
 * Checkout Sessions with `shipping_options`: the shipping rates made from `shipping_rate_data` (or
 * saved with the Shipping Rates API), `shipping_cost`, `total_details.amount_shipping` and the
 * totals, automatic tax of the shipping (none for `txcd_00000000`), the hosted page's shipping row
 * and its choice of options, the payment of the total, the refusals, and `expires_at` up to 24 h.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import {
  deliveredEvents,
  failure,
  sessionParams,
  startTestSandbox,
  startWebhookReceiver,
  submitForm,
  type WebhookReceiver,
} from './support.js';

let sandbox: StripeSandbox;
let stripe: Stripe;
let receiver: WebhookReceiver;
/** The sandbox's clock (ms), moved by the expiry tests. */
let nowMs = Date.UTC(2031, 0, 6, 9, 0, 0);

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ sandbox, stripe } = await startTestSandbox({ webhookUrl: receiver.url, now: () => nowMs }));
});
afterAll(async () => {
  await sandbox?.stop();
  await receiver?.close();
});
beforeEach(async () => {
  await sandbox.whenWebhooksIdle();
  sandbox.reset();
  receiver.received.length = 0;
  nowMs = Date.UTC(2031, 0, 6, 9, 0, 0);
});

/** The shipping option the portal sends for a quote's shipping charge: not taxed. */
function nontaxableShipping(amount: number): Stripe.Checkout.SessionCreateParams.ShippingOption {
  return {
    shipping_rate_data: {
      type: 'fixed_amount',
      display_name: 'Shipping',
      fixed_amount: { amount, currency: 'usd' },
      tax_behavior: 'exclusive',
      tax_code: 'txcd_00000000',
    },
  };
}

const CALIFORNIA = {
  name: 'Bay Bakery',
  address: {
    line1: '1 Market St',
    city: 'San Francisco',
    state: 'CA',
    postal_code: '94105',
    country: 'US',
  },
};

/** A taxed session (3 × $12.50 and a $49.99 teapot: $87.49) for a customer shipping to CA. */
async function taxedSession(
  overrides: Partial<Stripe.Checkout.SessionCreateParams>,
  customer: Partial<Stripe.CustomerCreateParams> = {},
): Promise<Stripe.Checkout.Session> {
  const created = await stripe.customers.create({
    email: 'buyer@bay.example',
    shipping: CALIFORNIA,
    ...customer,
  });
  return stripe.checkout.sessions.create(
    sessionParams({
      customer: created.id,
      customer_update: { shipping: 'auto' },
      shipping_address_collection: { allowed_countries: ['US'] },
      automatic_tax: { enabled: true },
      ...overrides,
    }),
  );
}

const cell = (html: string, id: string) =>
  new RegExp(`data-testid="${id}">([^<]*)<`).exec(html)?.[1];

describe('shipping options on a Checkout Session', () => {
  it('charges a fixed shipping amount on top of the line items', async () => {
    const session = await stripe.checkout.sessions.create(
      sessionParams({ shipping_options: [nontaxableShipping(1500)] }),
    );
    const rateId = session.shipping_cost?.shipping_rate as string;
    expect(rateId).toMatch(/^shr_/);
    expect(session).toMatchObject({
      amount_subtotal: 8749,
      amount_total: 8749 + 1500,
      total_details: { amount_discount: 0, amount_shipping: 1500, amount_tax: 0 },
      shipping_cost: {
        amount_subtotal: 1500,
        amount_tax: 0,
        amount_total: 1500,
        shipping_rate: rateId,
        taxes: [],
      },
      shipping_options: [{ shipping_amount: 1500, shipping_rate: rateId }],
    });
    // The rate Stripe made from shipping_rate_data is a Shipping Rate of its own.
    expect(await stripe.shippingRates.retrieve(rateId)).toMatchObject({
      id: rateId,
      object: 'shipping_rate',
      active: true,
      display_name: 'Shipping',
      fixed_amount: { amount: 1500, currency: 'usd' },
      tax_behavior: 'exclusive',
      tax_code: 'txcd_00000000',
      type: 'fixed_amount',
      delivery_estimate: null,
      metadata: {},
      livemode: false,
    });
    const expanded = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['shipping_cost.shipping_rate', 'shipping_options.shipping_rate'],
    });
    expect(expanded.shipping_cost?.shipping_rate).toMatchObject({
      id: rateId,
      object: 'shipping_rate',
    });
    expect(expanded.shipping_options[0]?.shipping_rate).toMatchObject({ id: rateId });
    // Shipping is not a line item.
    const lines = await stripe.checkout.sessions.listLineItems(session.id);
    expect(lines.data.map((line) => line.amount_total)).toEqual([3750, 4999]);
  });

  it('is paid with the order: the payment, the charge and the completed event carry it', async () => {
    const session = await stripe.checkout.sessions.create(
      sessionParams({
        shipping_options: [nontaxableShipping(1500)],
        shipping_address_collection: { allowed_countries: ['US'] },
      }),
    );
    await sandbox.pay(session.id);
    const paid = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent'],
    });
    expect(paid).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      amount_subtotal: 8749,
      amount_total: 10249,
      total_details: { amount_shipping: 1500 },
      shipping_cost: { amount_total: 1500 },
    });
    const paymentIntent = paid.payment_intent as Stripe.PaymentIntent;
    expect(paymentIntent).toMatchObject({ amount: 10249, amount_received: 10249 });
    const charge = await stripe.charges.retrieve(paymentIntent.latest_charge as string);
    expect(charge).toMatchObject({ amount: 10249, amount_captured: 10249 });
    const events = await deliveredEvents(sandbox, stripe, receiver);
    const completed = events.find((event) => event.type === 'checkout.session.completed');
    expect(completed?.data.object).toMatchObject({
      id: session.id,
      amount_total: 10249,
      total_details: { amount_shipping: 1500 },
      shipping_cost: { amount_subtotal: 1500, shipping_rate: paid.shipping_cost?.shipping_rate },
    });
  });

  it('leaves a txcd_00000000 shipping rate out of automatic tax', async () => {
    const session = await taxedSession({ shipping_options: [nontaxableShipping(1500)] });
    // CA 7.25% on the goods only: $37.50 → 271.875 → $2.72; $49.99 → 362.4275 → $3.62.
    expect(session).toMatchObject({
      amount_subtotal: 8749,
      amount_total: 8749 + 1500 + 634,
      total_details: { amount_shipping: 1500, amount_tax: 634 },
      automatic_tax: { enabled: true, status: 'complete' },
    });
    expect(session.shipping_cost).toMatchObject({
      amount_subtotal: 1500,
      amount_tax: 0,
      amount_total: 1500,
      taxes: [
        expect.objectContaining({
          amount: 0,
          taxability_reason: 'not_collecting',
          taxable_amount: 0,
        }),
      ],
    });
    await sandbox.pay(session.id);
    const paid = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent'],
    });
    expect(paid.amount_total).toBe(10883);
    expect((paid.payment_intent as Stripe.PaymentIntent).amount).toBe(10883);
  });

  it('taxes a shipping rate with another (or no) tax code as the goods are taxed', async () => {
    const session = await taxedSession({
      shipping_options: [
        {
          shipping_rate_data: {
            display_name: 'Ground',
            fixed_amount: { amount: 1500, currency: 'usd' },
          },
        },
      ],
    });
    // $15.00 at 7.25% = 108.75 → $1.09.
    expect(session).toMatchObject({
      amount_total: 8749 + 1500 + 634 + 109,
      total_details: { amount_shipping: 1500, amount_tax: 743 },
      shipping_cost: { amount_subtotal: 1500, amount_tax: 109, amount_total: 1609 },
    });
    expect(session.shipping_cost?.taxes).toEqual([
      {
        amount: 109,
        rate: expect.objectContaining({ object: 'tax_rate', state: 'CA', percentage: 7.25 }),
        taxability_reason: 'standard_rated',
        taxable_amount: 1500,
      },
    ]);
    const rate = await stripe.shippingRates.retrieve(
      session.shipping_cost?.shipping_rate as string,
    );
    expect(rate).toMatchObject({ tax_behavior: 'unspecified', tax_code: null });
  });

  it('does not tax the shipping of an exempt customer either', async () => {
    const session = await taxedSession(
      {
        shipping_options: [
          {
            shipping_rate_data: {
              display_name: 'Ground',
              fixed_amount: { amount: 1500, currency: 'usd' },
            },
          },
        ],
      },
      { tax_exempt: 'exempt' },
    );
    expect(session).toMatchObject({
      amount_total: 8749 + 1500,
      total_details: { amount_tax: 0 },
      shipping_cost: {
        amount_tax: 0,
        taxes: [expect.objectContaining({ taxability_reason: 'customer_exempt' })],
      },
    });
  });

  it('takes a coupon off the line items, not off the shipping', async () => {
    const coupon = await stripe.coupons.create({
      amount_off: 2000,
      currency: 'usd',
      name: 'Credit',
    });
    const session = await stripe.checkout.sessions.create(
      sessionParams({
        shipping_options: [nontaxableShipping(1500)],
        discounts: [{ coupon: coupon.id }],
      }),
    );
    expect(session).toMatchObject({
      amount_subtotal: 8749,
      amount_total: 8749 - 2000 + 1500,
      total_details: { amount_discount: 2000, amount_shipping: 1500 },
    });
  });

  it('counts the shipping toward the minimum charge', async () => {
    const tiny = {
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: 30, product_data: { name: 'Sticker' } },
        },
      ],
    };
    const refused = await failure(stripe.checkout.sessions.create(sessionParams(tiny)));
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const session = await stripe.checkout.sessions.create(
      sessionParams({ ...tiny, shipping_options: [nontaxableShipping(100)] }),
    );
    expect(session.amount_total).toBe(130);
  });

  it('offers a saved shipping rate by id', async () => {
    const rate = await stripe.shippingRates.create({
      display_name: 'Next day air',
      type: 'fixed_amount',
      fixed_amount: { amount: 2500, currency: 'usd' },
      delivery_estimate: {
        minimum: { unit: 'business_day', value: 1 },
        maximum: { unit: 'business_day', value: 1 },
      },
      metadata: { carrier: 'ups' },
    });
    expect(rate).toMatchObject({
      object: 'shipping_rate',
      delivery_estimate: {
        minimum: { unit: 'business_day', value: 1 },
        maximum: { unit: 'business_day', value: 1 },
      },
      metadata: { carrier: 'ups' },
      tax_behavior: 'unspecified',
    });
    const session = await stripe.checkout.sessions.create(
      sessionParams({ shipping_options: [{ shipping_rate: rate.id }] }),
    );
    expect(session).toMatchObject({
      amount_total: 8749 + 2500,
      shipping_cost: { shipping_rate: rate.id },
      shipping_options: [{ shipping_amount: 2500, shipping_rate: rate.id }],
    });
  });
});

describe('the hosted page', () => {
  it('shows the shipping row between the subtotal and the tax', async () => {
    const session = await taxedSession({ shipping_options: [nontaxableShipping(1500)] });
    const page = await (await fetch(session.url!)).text();
    expect(cell(page, 'subtotal')).toBe('$87.49');
    expect(page).toContain('<th scope="row" colspan="3">Shipping</th>');
    expect(cell(page, 'shipping')).toBe('$15.00');
    expect(cell(page, 'tax')).toBe('$6.34');
    expect(page).toContain('Tax (CA, 7.25%)');
    expect(cell(page, 'total')).toBe('$108.83');
    expect(page).toContain('Pay $108.83');
    // One option: nothing to choose.
    expect(page).not.toContain('Shipping method');
    expect(page.indexOf('data-testid="subtotal"')).toBeLessThan(
      page.indexOf('data-testid="shipping"'),
    );
    expect(page.indexOf('data-testid="shipping"')).toBeLessThan(page.indexOf('data-testid="tax"'));
  });

  it('lets the buyer choose among several options, updating the total and charging the one paid', async () => {
    const session = await stripe.checkout.sessions.create(
      sessionParams({
        shipping_address_collection: { allowed_countries: ['US'] },
        shipping_options: [
          nontaxableShipping(0),
          {
            shipping_rate_data: {
              display_name: 'Next day air',
              fixed_amount: { amount: 1500, currency: 'usd' },
              delivery_estimate: {
                minimum: { unit: 'business_day', value: 1 },
                maximum: { unit: 'business_day', value: 2 },
              },
            },
          },
        ],
      }),
    );
    const [free, express] = session.shipping_options.map((option) => String(option.shipping_rate));
    expect(session).toMatchObject({
      amount_total: 8749,
      total_details: { amount_shipping: 0 },
      shipping_cost: { shipping_rate: free },
    });
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('<legend>Shipping method</legend>');
    expect(page).toContain(
      `<input type="radio" id="shipping-rate-0" name="shipping_rate" value="${free}" checked>`,
    );
    expect(page).toContain('Next day air · $15.00 · 1–2 business days');
    expect(page).toContain('value="update-total"');

    const address = {
      name: 'Jo Park',
      line1: '1 Market St',
      line2: '',
      city: 'San Francisco',
      state: 'CA',
      postal_code: '94105',
      country: 'US',
    };
    const updated = await submitForm(sandbox.url, session.id, {
      ...address,
      shipping_rate: express!,
      intent: 'update-total',
    });
    expect(updated.status).toBe(200);
    const updatedPage = await updated.text();
    expect(cell(updatedPage, 'shipping')).toBe('$15.00');
    expect(updatedPage).toContain('Shipping (Next day air)');
    expect(updatedPage).toContain('Pay $102.49');
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      amount_total: 10249,
      shipping_cost: { shipping_rate: express, amount_total: 1500 },
    });

    // A tampered option is refused; nothing is charged and the choice stays.
    const tampered = await submitForm(sandbox.url, session.id, {
      ...address,
      shipping_rate: 'shr_not_offered',
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('Choose one of the shipping options offered.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    // Pay charges the option submitted (back to the free one).
    const paid = await submitForm(sandbox.url, session.id, { ...address, shipping_rate: free! });
    expect(paid.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent'],
    });
    expect(done).toMatchObject({
      status: 'complete',
      amount_total: 8749,
      total_details: { amount_shipping: 0 },
      shipping_cost: { shipping_rate: free },
    });
    expect((done.payment_intent as Stripe.PaymentIntent).amount).toBe(8749);
  });

  it('updates a taxed total for the option picked and the address typed, or changes nothing', async () => {
    const session = await taxedSession({
      shipping_options: [
        nontaxableShipping(500),
        {
          shipping_rate_data: {
            display_name: 'Freight',
            fixed_amount: { amount: 4000, currency: 'usd' },
          },
        },
      ],
    });
    const freight = String(session.shipping_options[1]?.shipping_rate);
    const address = {
      name: 'Jo Park',
      line1: '1 Market St',
      line2: '',
      city: 'San Francisco',
      state: 'CA',
      postal_code: '94105',
      country: 'US',
    };
    const refused = await submitForm(sandbox.url, session.id, {
      ...address,
      city: '',
      shipping_rate: freight,
      intent: 'update-total',
    });
    expect(refused.status).toBe(400);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      amount_total: 8749 + 500 + 634,
      shipping_cost: { shipping_rate: session.shipping_cost?.shipping_rate },
    });
    const updated = await submitForm(sandbox.url, session.id, {
      ...address,
      shipping_rate: freight,
      intent: 'update-total',
    });
    expect(updated.status).toBe(200);
    const page = await updated.text();
    // Freight is taxed: $40.00 at 7.25% = $2.90, with the goods' $6.34.
    expect(cell(page, 'shipping')).toBe('$40.00');
    expect(cell(page, 'tax')).toBe('$9.24');
    expect(page).toContain('Pay $136.73');
  });

  it('pays the option given to sandbox.pay, and refuses one the session does not offer', async () => {
    const session = await taxedSession({
      shipping_options: [
        nontaxableShipping(500),
        {
          shipping_rate_data: {
            display_name: 'Freight',
            fixed_amount: { amount: 4000, currency: 'usd' },
          },
        },
      ],
    });
    const freight = String(session.shipping_options[1]?.shipping_rate);
    await expect(sandbox.pay(session.id, { shippingRate: 'shr_nope' })).rejects.toThrow(
      /shipping_rate: Choose one of the shipping options offered/,
    );
    await sandbox.pay(session.id, { shippingRate: freight });
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    // Freight is taxed: $40.00 at 7.25% = $2.90.
    expect(paid).toMatchObject({
      amount_total: 8749 + 4000 + 634 + 290,
      total_details: { amount_shipping: 4000, amount_tax: 924 },
      shipping_cost: { shipping_rate: freight, amount_tax: 290, amount_total: 4290 },
    });
  });
});

describe('refusals', () => {
  const data = (
    overrides: Record<string, unknown>,
  ): Stripe.Checkout.SessionCreateParams.ShippingOption =>
    ({
      shipping_rate_data: {
        display_name: 'Shipping',
        fixed_amount: { amount: 1500, currency: 'usd' },
        ...overrides,
      },
    }) as Stripe.Checkout.SessionCreateParams.ShippingOption;

  const cases: Array<{
    name: string;
    params: Partial<Stripe.Checkout.SessionCreateParams>;
    param: string;
    message: RegExp;
  }> = [
    {
      name: 'an unknown shipping_rate_data parameter',
      params: { shipping_options: [data({ colour: 'blue' })] },
      param: 'shipping_options[0][shipping_rate_data][colour]',
      message: /Received unknown parameter/,
    },
    {
      name: 'an unknown option parameter',
      params: {
        shipping_options: [
          {
            ...nontaxableShipping(100),
            shipping_amount: 100,
          } as Stripe.Checkout.SessionCreateParams.ShippingOption,
        ],
      },
      param: 'shipping_options[0][shipping_amount]',
      message: /Received unknown parameter/,
    },
    {
      name: 'no display_name',
      params: { shipping_options: [data({ display_name: '' })] },
      param: 'shipping_options[0][shipping_rate_data][display_name]',
      message: /Missing required param/,
    },
    {
      name: 'a display_name over 100 characters',
      params: { shipping_options: [data({ display_name: 'x'.repeat(101) })] },
      param: 'shipping_options[0][shipping_rate_data][display_name]',
      message: /at most 100 characters/,
    },
    {
      name: 'no fixed_amount',
      params: { shipping_options: [data({ fixed_amount: undefined })] },
      param: 'shipping_options[0][shipping_rate_data][fixed_amount]',
      message: /Missing required param/,
    },
    {
      name: 'an amount that is not a whole number',
      params: { shipping_options: [data({ fixed_amount: { amount: 12.5, currency: 'usd' } })] },
      param: 'shipping_options[0][shipping_rate_data][fixed_amount][amount]',
      message: /Invalid integer/,
    },
    {
      name: 'a negative amount',
      params: { shipping_options: [data({ fixed_amount: { amount: -1, currency: 'usd' } })] },
      param: 'shipping_options[0][shipping_rate_data][fixed_amount][amount]',
      message: /non-negative/,
    },
    {
      name: 'another currency than the line items’',
      params: { shipping_options: [data({ fixed_amount: { amount: 1500, currency: 'eur' } })] },
      param: 'shipping_options[0][shipping_rate_data][fixed_amount][currency]',
      message: /must be the currency of the line items \(usd\)/,
    },
    {
      name: 'currency_options',
      params: {
        shipping_options: [
          data({
            fixed_amount: {
              amount: 1500,
              currency: 'usd',
              currency_options: { eur: { amount: 1400 } },
            },
          }),
        ],
      },
      param: 'shipping_options[0][shipping_rate_data][fixed_amount][currency_options]',
      message: /currency_options/,
    },
    {
      name: 'a type other than fixed_amount',
      params: { shipping_options: [data({ type: 'calculated' })] },
      param: 'shipping_options[0][shipping_rate_data][type]',
      message: /must be one of fixed_amount/,
    },
    {
      name: 'tax_behavior inclusive',
      params: { shipping_options: [data({ tax_behavior: 'inclusive' })] },
      param: 'shipping_options[0][shipping_rate_data][tax_behavior]',
      message: /exclusive tax only/,
    },
    {
      name: 'an unknown tax_behavior',
      params: { shipping_options: [data({ tax_behavior: 'sometimes' })] },
      param: 'shipping_options[0][shipping_rate_data][tax_behavior]',
      message: /must be one of exclusive, inclusive, or unspecified/,
    },
    {
      name: 'a malformed tax_code',
      params: { shipping_options: [data({ tax_code: 'nontaxable' })] },
      param: 'shipping_options[0][shipping_rate_data][tax_code]',
      message: /No such tax_code: 'nontaxable'/,
    },
    {
      name: 'a delivery estimate in an unknown unit',
      params: {
        shipping_options: [
          data({ delivery_estimate: { minimum: { unit: 'fortnight', value: 1 } } }),
        ],
      },
      param: 'shipping_options[0][shipping_rate_data][delivery_estimate][minimum][unit]',
      message: /must be one of/,
    },
    {
      name: 'both shipping_rate and shipping_rate_data',
      params: { shipping_options: [{ ...data({}), shipping_rate: 'shr_123' }] },
      param: 'shipping_options[0][shipping_rate_data]',
      message: /only specify one of these parameters: shipping_rate, shipping_rate_data/,
    },
    {
      name: 'neither shipping_rate nor shipping_rate_data',
      params: { shipping_options: [{ shipping_rate: '' }] },
      param: 'shipping_options[0]',
      message: /either `shipping_rate` or `shipping_rate_data`/,
    },
    {
      name: 'an unknown shipping rate',
      params: { shipping_options: [{ shipping_rate: 'shr_missing' }] },
      param: 'shipping_options[0][shipping_rate]',
      message: /No such shipping_rate: 'shr_missing'/,
    },
    {
      name: 'more than 5 options',
      params: { shipping_options: Array.from({ length: 6 }, () => nontaxableShipping(100)) },
      param: 'shipping_options',
      message: /at most 5 shipping options/,
    },
  ];

  it.each(cases)(
    'refuses $name, naming the param, and makes nothing',
    async ({ params, param, message }) => {
      const error = await failure(stripe.checkout.sessions.create(sessionParams(params)));
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ type: 'StripeInvalidRequestError', param });
      expect((error as Error).message).toMatch(message);
      expect((await stripe.checkout.sessions.list()).data).toHaveLength(0);
    },
  );

  it('refuses shipping options in subscription mode', async () => {
    const price = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 1000,
      recurring: { interval: 'week' },
      product_data: { name: 'Weekly bread' },
    });
    const error = await failure(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: 'http://localhost:5173/ok',
        shipping_options: [nontaxableShipping(500)],
      }),
    );
    expect(error).toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'shipping_options',
      message: 'You can only pass `shipping_options` in `payment` mode.',
    });
  });

  it('refuses a bad POST /v1/shipping_rates the same way', async () => {
    const error = await failure(
      stripe.shippingRates.create({
        display_name: 'Ground',
        fixed_amount: { amount: 500, currency: 'usd' },
        tax_code: 'txcd_1',
      }),
    );
    expect(error).toMatchObject({ type: 'StripeInvalidRequestError', param: 'tax_code' });
    const missing = await failure(stripe.shippingRates.retrieve('shr_missing'));
    expect(missing).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404 });
  });
});

describe('expires_at', () => {
  it('takes up to 24 hours from creation, as a payment link needs, and expires then', async () => {
    const now = Math.floor(nowMs / 1000);
    const session = await stripe.checkout.sessions.create(
      sessionParams({ shipping_options: [nontaxableShipping(1500)], expires_at: now + 24 * 3600 }),
    );
    expect(session).toMatchObject({ status: 'open', expires_at: now + 24 * 3600 });
    const tooLate = await failure(
      stripe.checkout.sessions.create(sessionParams({ expires_at: now + 24 * 3600 + 1 })),
    );
    expect(tooLate).toMatchObject({ type: 'StripeInvalidRequestError', param: 'expires_at' });

    nowMs += 24 * 3600 * 1000 - 1000;
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    nowMs += 1000;
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    const events = await deliveredEvents(sandbox, stripe, receiver);
    expect(events.map((event) => event.type)).toEqual(['checkout.session.expired']);
  });
});
