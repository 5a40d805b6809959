/**
 * What the hosted page asks for (ship-to, phone) and where it lands: the session, the payment
 * intent and charge, and the customer per `customer_update`. Paid through the page's form and
 * through `sandbox.pay`.
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAY_PHONE, DEFAULT_PAY_SHIPPING, type StripeSandbox } from '../src/index.js';
import { sessionParams, startTestSandbox, submitForm } from './support.js';

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  ({ sandbox, stripe } = await startTestSandbox());
});
afterAll(async () => {
  await sandbox?.stop();
});

const ADDRESS = {
  line1: '1600 Pennsylvania Ave NW',
  line2: '',
  city: 'Washington',
  state: 'DC',
  postal_code: '20500',
  country: 'US',
};
/** The hosted page's ship-to fields as a browser posts them. */
const SHIP_TO = { name: 'Jo Park', ...ADDRESS };

async function pageOf(session: Stripe.Checkout.Session): Promise<string> {
  const response = await fetch(session.url!);
  expect(response.status).toBe(200);
  return response.text();
}

/** The `<label for>` texts on a page, in order. */
function labels(html: string): string[] {
  return [...html.matchAll(/<label for="([^"]+)">([^<]*)<\/label>/g)].map((m) => m[2] as string);
}

/** The ids of a page's inputs and selects. */
function controls(html: string): string[] {
  return [...html.matchAll(/<(?:input|select)\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1] as string);
}

describe('hosted page fields', () => {
  it('gives every field of a ship-to and phone page a visible label naming it', async () => {
    const session = await stripe.checkout.sessions.create(
      sessionParams({
        shipping_address_collection: { allowed_countries: ['US'] },
        phone_number_collection: { enabled: true },
      }),
    );
    const html = await pageOf(session);
    expect(labels(html)).toEqual([
      'Full name',
      'Address line 1',
      'Address line 2',
      'City',
      'State',
      'ZIP code',
      'Country',
      'Phone',
      'Card (test card 4242 4242 4242 4242)',
      'Bank transfer (settles later)',
    ]);
    const ids = controls(html);
    for (const id of ids) expect(html).toContain(`<label for="${id}">`);
    expect(ids).toHaveLength(10);
    // A US-only ship-to picks its state from the two-letter codes; the country list is the allowed one.
    expect(html).toMatch(/<select id="state" name="state"[^>]*>.*<option value="NY">NY<\/option>/);
    expect(html).toMatch(
      /<select id="country" name="country"[^>]*><option value="US" selected>United States<\/option><\/select>/,
    );
    expect(html).toMatch(/<input id="phone" name="phone" type="tel"/);
  });

  it('shows no ship-to for a session that collects none, and only a phone when only that is asked for', async () => {
    const plain = await pageOf(await stripe.checkout.sessions.create(sessionParams()));
    expect(labels(plain)).toEqual([
      'Card (test card 4242 4242 4242 4242)',
      'Bank transfer (settles later)',
    ]);
    const phoneOnly = await pageOf(
      await stripe.checkout.sessions.create(
        sessionParams({ phone_number_collection: { enabled: true } }),
      ),
    );
    expect(labels(phoneOnly)).toEqual([
      'Phone',
      'Card (test card 4242 4242 4242 4242)',
      'Bank transfer (settles later)',
    ]);
  });

  it('offers every allowed country by name, with a free-text state when not US-only', async () => {
    const session = await stripe.checkout.sessions.create(
      sessionParams({ shipping_address_collection: { allowed_countries: ['US', 'CA', 'GB'] } }),
    );
    const html = await pageOf(session);
    expect(html).toContain(
      '<option value="US" selected>United States</option><option value="CA">Canada</option><option value="GB">United Kingdom</option>',
    );
    expect(html).toMatch(/<input id="state" name="state" type="text"/);
    const refused = await submitForm(sandbox.url, session.id, { ...SHIP_TO, country: 'MX' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      'We can only ship to: United States, Canada, United Kingdom.',
    );
    const canada = await submitForm(sandbox.url, session.id, {
      name: 'Lee Tremblay',
      line1: '1 Rue Sainte-Catherine',
      city: 'Montréal',
      state: 'QC',
      postal_code: 'H2X 1Z4',
      country: 'CA',
    });
    expect(canada.status).toBe(303);
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid.collected_information?.shipping_details).toEqual({
      name: 'Lee Tremblay',
      address: {
        line1: '1 Rue Sainte-Catherine',
        line2: null,
        city: 'Montréal',
        state: 'QC',
        postal_code: 'H2X 1Z4',
        country: 'CA',
      },
    });
  });
});

describe('phone collection', () => {
  it('requires a valid phone when asked, stores it in E.164 on customer_details only then', async () => {
    const session = await stripe.checkout.sessions.create(
      sessionParams({ phone_number_collection: { enabled: true } }),
    );
    for (const phone of ['', '555-0123', '(015) 555-0123', 'call me']) {
      const answer = await submitForm(sandbox.url, session.id, { phone });
      expect(answer.status, phone).toBe(400);
      const html = await answer.text();
      expect(html).toContain(
        '<span class="error" id="phone-error">Enter a valid phone number.</span>',
      );
      expect(html).toContain('Nothing was charged');
    }
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      payment_intent: null,
    });
    expect((await submitForm(sandbox.url, session.id, { phone: '1 (312) 555-0188' })).status).toBe(
      303,
    );
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid.customer_details).toMatchObject({ phone: '+13125550188', address: null });
    expect(paid.collected_information).toBeNull();

    // A session that does not ask keeps no phone, even if a form post sends one.
    const silent = await stripe.checkout.sessions.create(
      sessionParams({ shipping_address_collection: { allowed_countries: ['US'] } }),
    );
    await submitForm(sandbox.url, silent.id, { ...SHIP_TO, phone: '+13125550188' });
    const silentPaid = await stripe.checkout.sessions.retrieve(silent.id);
    expect(silentPaid.status).toBe('complete');
    expect(silentPaid.customer_details?.phone).toBeNull();
  });
});

describe('sandbox.pay details', () => {
  it('enters the default US ship-to and phone when the session asks and none is given', async () => {
    const session = await stripe.checkout.sessions.create(
      sessionParams({
        shipping_address_collection: { allowed_countries: ['US'] },
        phone_number_collection: { enabled: true },
      }),
    );
    await sandbox.pay(session.id);
    const paid = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent'],
    });
    expect(paid.collected_information?.shipping_details).toEqual({
      name: DEFAULT_PAY_SHIPPING.name,
      address: { line2: null, ...DEFAULT_PAY_SHIPPING.address },
    });
    expect(paid.customer_details).toMatchObject({
      name: DEFAULT_PAY_SHIPPING.name,
      phone: DEFAULT_PAY_PHONE,
    });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent.shipping).toMatchObject({
      name: DEFAULT_PAY_SHIPPING.name,
      phone: DEFAULT_PAY_PHONE,
      address: { postal_code: DEFAULT_PAY_SHIPPING.address.postal_code },
    });
  });

  it('enters the ship-to and phone given, and refuses what the page would refuse', async () => {
    const session = await stripe.checkout.sessions.create(
      sessionParams({
        shipping_address_collection: { allowed_countries: ['US'] },
        phone_number_collection: { enabled: true },
      }),
    );
    await expect(
      sandbox.pay(session.id, {
        shipping: { name: 'Jo Park', address: { ...ADDRESS, postal_code: 'ABCDE' } },
        phone: '12',
      }),
    ).rejects.toThrow(/postal_code: Enter a valid ZIP code\. phone: Enter a valid phone number\./);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    await sandbox.pay(session.id, {
      shipping: { name: 'Jo Park', address: ADDRESS },
      phone: '(202) 456-1111',
    });
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      collected_information: {
        shipping_details: { name: 'Jo Park', address: { ...ADDRESS, line2: null } },
      },
      customer_details: { name: 'Jo Park', phone: '+12024561111' },
    });
    await expect(sandbox.pay(session.id)).rejects.toThrow(/already paid/);
  });

  it('records nothing collected for a session that asks for nothing', async () => {
    const session = await stripe.checkout.sessions.create(
      sessionParams({ customer_email: 'walk-in@shop.example' }),
    );
    await sandbox.pay(session.id, { phone: '+12024561111' });
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid.collected_information).toBeNull();
    expect(paid.customer_details).toMatchObject({
      email: 'walk-in@shop.example',
      name: null,
      phone: null,
      address: null,
    });
  });
});

describe('the session customer', () => {
  it('customer_update saves the ship-to, address and name as asked; never leaves them', async () => {
    const auto = await stripe.customers.create({ email: 'auto@shop.example', name: 'Auto Co' });
    const never = await stripe.customers.create({ email: 'never@shop.example', name: 'Never Co' });
    const collect = {
      shipping_address_collection: { allowed_countries: ['US' as const] },
      phone_number_collection: { enabled: true },
    };
    const forAuto = await stripe.checkout.sessions.create(
      sessionParams({
        ...collect,
        customer: auto.id,
        customer_update: { shipping: 'auto', address: 'auto', name: 'auto' },
      }),
    );
    const forNever = await stripe.checkout.sessions.create(
      sessionParams({
        ...collect,
        customer: never.id,
        customer_update: { shipping: 'never', address: 'never', name: 'never' },
      }),
    );
    for (const session of [forAuto, forNever]) {
      const answer = await submitForm(sandbox.url, session.id, {
        ...SHIP_TO,
        phone: '202-456-1111',
        method: 'card',
      });
      expect(answer.status).toBe(303);
    }
    const address = { ...ADDRESS, line2: null };
    expect(await stripe.customers.retrieve(auto.id)).toMatchObject({
      name: 'Jo Park',
      address,
      shipping: { name: 'Jo Park', phone: '+12024561111', address },
    });
    expect(await stripe.customers.retrieve(never.id)).toMatchObject({
      name: 'Never Co',
      address: null,
      shipping: null,
    });
    const paid = await stripe.checkout.sessions.retrieve(forNever.id);
    expect(paid).toMatchObject({
      customer: never.id,
      customer_details: { email: 'never@shop.example', name: 'Jo Park', phone: '+12024561111' },
    });
  });

  it('pre-fills the page from the saved ship-to, else the customer’s name and phone', async () => {
    const withShipTo = await stripe.customers.create({
      name: 'Shop Name',
      shipping: {
        name: 'Dock 4',
        phone: '+13125550188',
        address: {
          line1: '233 S Wacker Dr',
          city: 'Chicago',
          state: 'IL',
          postal_code: '60606',
          country: 'US',
        },
      },
    });
    const bare = await stripe.customers.create({ name: 'Mo Diaz', phone: '+13125550199' });
    const params = (customer: string) =>
      sessionParams({
        customer,
        shipping_address_collection: { allowed_countries: ['US'] },
        phone_number_collection: { enabled: true },
      });
    const saved = await pageOf(await stripe.checkout.sessions.create(params(withShipTo.id)));
    expect(saved).toContain(
      'id="name" name="name" type="text" autocomplete="shipping name" value="Dock 4"',
    );
    expect(saved).toContain('value="233 S Wacker Dr"');
    expect(saved).toContain('value="Chicago"');
    expect(saved).toContain('<option value="IL" selected>IL</option>');
    expect(saved).toContain('value="60606"');
    expect(saved).toContain('value="+13125550188"');
    const named = await pageOf(await stripe.checkout.sessions.create(params(bare.id)));
    expect(named).toContain('value="Mo Diaz"');
    expect(named).toContain('value="+13125550199"');
    expect(named).toContain(
      'id="line1" name="line1" type="text" autocomplete="shipping address-line1" value=""',
    );
    const anonymous = await pageOf(
      await stripe.checkout.sessions.create(
        sessionParams({ shipping_address_collection: { allowed_countries: ['US'] } }),
      ),
    );
    expect(anonymous).not.toContain('Dock 4');
    expect(anonymous).not.toContain('Mo Diaz');
  });
});

describe('payment intent and charge', () => {
  it('a paid session has a succeeded payment intent with a charge carrying its metadata', async () => {
    const customer = await stripe.customers.create({ email: 'pay@shop.example' });
    const session = await stripe.checkout.sessions.create(
      sessionParams({
        customer: customer.id,
        shipping_address_collection: { allowed_countries: ['US'] },
        payment_intent_data: { metadata: { orderId: 'order_77', uid: 'u_77' } },
      }),
    );
    await sandbox.pay(session.id, { shipping: { name: 'Jo Park', address: ADDRESS } });
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    const intent = await stripe.paymentIntents.retrieve(paid.payment_intent as string);
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 8749,
      amount_received: 8749,
      currency: 'usd',
      customer: customer.id,
      metadata: { orderId: 'order_77', uid: 'u_77' },
    });
    expect(intent.latest_charge).toMatch(/^ch_[A-Za-z0-9]{24}$/);
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({
      object: 'charge',
      amount: 8749,
      amount_captured: 8749,
      amount_refunded: 0,
      refunded: false,
      paid: true,
      status: 'succeeded',
      currency: 'usd',
      customer: customer.id,
      payment_intent: intent.id,
      metadata: { orderId: 'order_77', uid: 'u_77' },
      billing_details: { email: 'pay@shop.example', name: 'Jo Park' },
      shipping: { name: 'Jo Park', address: { line1: SHIP_TO.line1, postal_code: '20500' } },
    });
    const expanded = await stripe.charges.retrieve(charge.id, { expand: ['refunds'] });
    expect(expanded.refunds?.data).toEqual([]);
    await expect(stripe.charges.retrieve('ch_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(stripe.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });
});
