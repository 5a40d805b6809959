/**
 * Checkout with `automatic_tax[enabled]=true`: the tax of each line and of the session from the
 * ship-to (typed, else the customer's), exempt customers, the payment of the total with tax, the
 * refusals, and the hosted page's Tax row and "Update tax for this address".
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import { weeklyPrice } from './billing-support.js';
import { failure, sessionParams, startTestSandbox, submitForm } from './support.js';

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  ({ sandbox, stripe } = await startTestSandbox());
});
afterAll(async () => {
  await sandbox?.stop();
});
beforeEach(async () => {
  await sandbox.whenWebhooksIdle();
  sandbox.reset();
});

const NEVADA = {
  name: 'Reno Rolls',
  address: { line1: '1 Main St', city: 'Reno', state: 'NV', postal_code: '89501', country: 'US' },
};
const OREGON = {
  name: 'Reno Rolls',
  address: {
    line1: '12 Mill Ln',
    city: 'Portland',
    state: 'OR',
    postal_code: '97201',
    country: 'US',
  },
};
/** The page's ship-to fields as a browser posts them. */
const TYPED_CA = {
  name: 'Jo Park',
  line1: '1 Market St',
  line2: '',
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94105',
  country: 'US',
};

/** A taxed session (3 × $12.50 and a $49.99 teapot: $87.49) for a customer with a ship-to. */
async function taxedSession(
  customer: Partial<Stripe.CustomerCreateParams> = { shipping: NEVADA },
  overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Promise<{ customer: Stripe.Customer; session: Stripe.Checkout.Session }> {
  const created = await stripe.customers.create({ email: 'buyer@shop.example', ...customer });
  const session = await stripe.checkout.sessions.create(
    sessionParams({
      customer: created.id,
      customer_update: { shipping: 'auto' },
      shipping_address_collection: { allowed_countries: ['US'] },
      automatic_tax: { enabled: true },
      ...overrides,
    }),
  );
  return { customer: created, session };
}

describe('Checkout Session tax', () => {
  it('taxes each line at the state of the customer’s ship-to', async () => {
    const { session } = await taxedSession();
    // NV 6.85%: 3 × $12.50 = $37.50 → 256.875 cents → $2.57; $49.99 → 342.4315 → $3.42.
    expect(session).toMatchObject({
      amount_subtotal: 8749,
      amount_total: 8749 + 257 + 342,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 599 },
      automatic_tax: {
        enabled: true,
        liability: { type: 'self' },
        provider: 'stripe',
        status: 'complete',
      },
    });
    const lines = await stripe.checkout.sessions.listLineItems(session.id, {
      expand: ['data.taxes'],
    });
    expect(
      lines.data.map((line) => [line.amount_subtotal, line.amount_tax, line.amount_total]),
    ).toEqual([
      [3750, 257, 4007],
      [4999, 342, 5341],
    ]);
    const [first] = lines.data[0]!.taxes!;
    expect(first).toMatchObject({
      amount: 257,
      taxability_reason: 'standard_rated',
      taxable_amount: 3750,
      rate: {
        object: 'tax_rate',
        percentage: 6.85,
        state: 'NV',
        country: 'US',
        jurisdiction: 'NEVADA',
        jurisdiction_level: 'state',
        display_name: 'Sales Tax',
        inclusive: false,
        tax_type: 'sales_tax',
        active: true,
      },
    });
    expect(first!.rate.id).toMatch(/^txr_/);
    expect(lines.data[1]!.taxes![0]!.rate.id).toBe(first!.rate.id);
    // `taxes` is includable: absent without the expand.
    const plain = await stripe.checkout.sessions.listLineItems(session.id);
    expect(plain.data[0]).not.toHaveProperty('taxes');
    const expanded = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['line_items.data.taxes'],
    });
    expect(expanded.line_items?.data[1]?.taxes?.[0]).toMatchObject({ amount: 342 });
    const withLines = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['line_items'],
    });
    expect(withLines.line_items?.data[0]).toMatchObject({ amount_tax: 257 });
    expect(withLines.line_items?.data[0]).not.toHaveProperty('taxes');
  });

  it('uses the customer’s address when there is no ship-to, and 0% in a state without sales tax', async () => {
    const { session } = await taxedSession({ address: OREGON.address });
    expect(session).toMatchObject({
      amount_total: 8749,
      total_details: { amount_tax: 0 },
      automatic_tax: { status: 'complete' },
    });
    const lines = await stripe.checkout.sessions.listLineItems(session.id, {
      expand: ['data.taxes'],
    });
    expect(lines.data[0]!.taxes![0]).toMatchObject({
      amount: 0,
      taxability_reason: 'not_subject_to_tax',
      rate: { state: 'OR', percentage: 0 },
    });
  });

  it('waits for the ship-to typed when the customer has no address, then charges the total with tax', async () => {
    const created = await stripe.checkout.sessions.create(
      sessionParams({
        shipping_address_collection: { allowed_countries: ['US'] },
        automatic_tax: { enabled: true },
      }),
    );
    expect(created).toMatchObject({
      amount_total: 8749,
      total_details: { amount_tax: 0 },
      automatic_tax: { enabled: true, status: 'requires_location_inputs' },
    });
    // CA 7.25%: 271.875 → $2.72, 362.4275 → $3.62.
    await sandbox.pay(created.id, { shipping: { name: 'Jo Park', address: TYPED_CA } });
    const paid = await stripe.checkout.sessions.retrieve(created.id, {
      expand: ['payment_intent'],
    });
    expect(paid).toMatchObject({
      status: 'complete',
      amount_total: 8749 + 634,
      total_details: { amount_tax: 634 },
      automatic_tax: { status: 'complete' },
      customer_details: { tax_exempt: 'none' },
    });
    expect(paid.payment_intent).toMatchObject({ amount: 9383, amount_received: 9383 });
  });

  it('lists an exempt customer’s lines with no tax: customer_exempt, or reverse_charge', async () => {
    const { session } = await taxedSession({ shipping: NEVADA, tax_exempt: 'exempt' });
    expect(session).toMatchObject({
      amount_total: 8749,
      total_details: { amount_tax: 0 },
      automatic_tax: { status: 'complete' },
    });
    const lines = await stripe.checkout.sessions.listLineItems(session.id, {
      expand: ['data.taxes'],
    });
    expect(lines.data).toHaveLength(2);
    expect(lines.data.map((line) => line.taxes?.[0])).toEqual([
      expect.objectContaining({
        amount: 0,
        taxable_amount: 0,
        taxability_reason: 'customer_exempt',
      }),
      expect.objectContaining({
        amount: 0,
        taxable_amount: 0,
        taxability_reason: 'customer_exempt',
      }),
    ]);
    await sandbox.pay(session.id, { shipping: NEVADA });
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ amount_total: 8749, customer_details: { tax_exempt: 'exempt' } });

    const reverse = await taxedSession({ shipping: NEVADA, tax_exempt: 'reverse' });
    const reverseLines = await stripe.checkout.sessions.listLineItems(reverse.session.id, {
      expand: ['data.taxes'],
    });
    expect(reverseLines.data[0]!.taxes![0]).toMatchObject({
      amount: 0,
      taxability_reason: 'reverse_charge',
    });
  });

  it('taxes a subscription session’s period total', async () => {
    const price = await weeklyPrice(stripe, 'House blend', 1850);
    const { session } = await taxedSession(
      { shipping: NEVADA },
      { mode: 'subscription', line_items: [{ price: price.id, quantity: 2 }] },
    );
    // 2 × $18.50 at 6.85%: 253.45 → $2.53.
    expect(session).toMatchObject({
      amount_subtotal: 3700,
      amount_total: 3953,
      total_details: { amount_tax: 253 },
      automatic_tax: { status: 'complete' },
    });
  });

  it('changes nothing without automatic_tax', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    expect(session).toMatchObject({
      amount_total: 8749,
      total_details: { amount_tax: 0 },
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    });
    const lines = await stripe.checkout.sessions.listLineItems(session.id, {
      expand: ['data.taxes'],
    });
    expect(lines.data[0]).toMatchObject({ amount_tax: 0, amount_total: 3750, taxes: [] });
  });

  it('refuses what Stripe refuses', async () => {
    await expect(
      stripe.checkout.sessions.create(
        sessionParams({
          shipping_address_collection: { allowed_countries: ['US'] },
          automatic_tax: {
            enabled: true,
            rate: 5,
          } as Stripe.Checkout.SessionCreateParams.AutomaticTax,
        }),
      ),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'automatic_tax[rate]' });
    await expect(
      stripe.checkout.sessions.create(
        sessionParams({
          shipping_address_collection: { allowed_countries: ['US'] },
          automatic_tax: {
            liability: { type: 'self' },
          } as Stripe.Checkout.SessionCreateParams.AutomaticTax,
        }),
      ),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'automatic_tax[enabled]' });
    // A customer without an address whose session saves none.
    const customer = await stripe.customers.create({ email: 'nowhere@shop.example' });
    const error = await failure(
      stripe.checkout.sessions.create(
        sessionParams({
          customer: customer.id,
          shipping_address_collection: { allowed_countries: ['US'] },
          automatic_tax: { enabled: true },
        }),
      ),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'customer_tax_location_invalid',
      message: expect.stringContaining(
        'Automatic tax calculation in Checkout requires a valid address on the Customer.',
      ),
    });
    // Nothing to locate the sale by: the sandbox's page asks for no billing address.
    await expect(
      stripe.checkout.sessions.create(sessionParams({ automatic_tax: { enabled: true } })),
    ).rejects.toMatchObject({ statusCode: 400, param: 'automatic_tax[enabled]' });
  });
});

describe('hosted page with tax', () => {
  async function page(url: string): Promise<string> {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    return response.text();
  }

  const cell = (html: string, id: string) =>
    new RegExp(`data-testid="${id}">([^<]*)<`).exec(html)?.[1];
  const taxLabel = (html: string) =>
    /<th scope="row" colspan="3">(Tax[^<]*)<\/th><td class="num" data-testid="tax">/.exec(
      html,
    )?.[1];

  it('shows the subtotal, the tax with its state and rate, and the total with tax', async () => {
    const { session } = await taxedSession();
    const html = await page(session.url!);
    expect(cell(html, 'subtotal')).toBe('$87.49');
    expect(taxLabel(html)).toBe('Tax (NV, 6.85%)');
    expect(cell(html, 'tax')).toBe('$5.99');
    expect(cell(html, 'total')).toBe('$93.48');
    expect(html).toContain('Pay $93.48');
    // The update button is a real, labelled button of the form (keyboard reachable).
    expect(html).toContain(
      '<button type="submit" name="intent" value="update-tax" class="secondary">Update tax for this address</button>',
    );
  });

  it('shows Exempt for an exempt customer', async () => {
    const { session } = await taxedSession({ shipping: NEVADA, tax_exempt: 'exempt' });
    const html = await page(session.url!);
    expect(taxLabel(html)).toBe('Tax (NV)');
    expect(cell(html, 'tax')).toBe('Exempt');
    expect(cell(html, 'total')).toBe('$87.49');
  });

  it('says the tax waits for the ship-to when there is none yet', async () => {
    const session = await stripe.checkout.sessions.create(
      sessionParams({
        shipping_address_collection: { allowed_countries: ['US'] },
        automatic_tax: { enabled: true },
      }),
    );
    const html = await page(session.url!);
    expect(cell(html, 'tax')).toBe('Calculated from the shipping address');
    expect(cell(html, 'total')).toBe('$87.49');
  });

  it('recomputes the tax for another state typed: on Update tax, and on Pay before charging', async () => {
    const { session } = await taxedSession();
    const updated = await submitForm(sandbox.url, session.id, {
      ...TYPED_CA,
      method: 'card',
      intent: 'update-tax',
    });
    expect(updated.status).toBe(200);
    const html = await updated.text();
    expect(taxLabel(html)).toBe('Tax (CA, 7.25%)');
    expect(cell(html, 'tax')).toBe('$6.34');
    expect(html).toContain('Pay $93.83');
    expect(html).toContain('value="San Francisco"');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const bad = await submitForm(sandbox.url, session.id, {
      ...TYPED_CA,
      state: '',
      intent: 'update-tax',
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Choose a state.');

    // Typed Washington on Pay (the page still showed Nevada): WA 6.5% is charged.
    const paid = await submitForm(sandbox.url, session.id, {
      ...TYPED_CA,
      city: 'Seattle',
      state: 'WA',
      postal_code: '98101',
      method: 'card',
    });
    expect(paid.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent', 'line_items.data.taxes'],
    });
    // 243.75 → $2.44, 324.935 → $3.25.
    expect(done).toMatchObject({ amount_total: 8749 + 569, total_details: { amount_tax: 569 } });
    expect(done.line_items?.data[0]?.taxes?.[0]?.rate).toMatchObject({
      state: 'WA',
      percentage: 6.5,
    });
    expect(done.payment_intent).toMatchObject({ amount: 9318 });
  });
});
