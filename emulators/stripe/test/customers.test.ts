/**
 * Customers through the SDK, and the customer and collection settings a Checkout Session accepts
 * and echoes.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import { API_KEY, sessionParams, startTestSandbox } from './support.js';

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  ({ sandbox, stripe } = await startTestSandbox());
});
afterAll(async () => {
  await sandbox?.stop();
});

const SHIP_TO = {
  name: 'Ana Lima',
  phone: '+13125550188',
  address: {
    line1: '233 S Wacker Dr',
    line2: 'Floor 12',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60606',
    country: 'US',
  },
};

async function retrieve(id: string): Promise<Stripe.Customer> {
  const customer = await stripe.customers.retrieve(id);
  if (customer.deleted) throw new Error(`${id} is deleted`);
  return customer;
}

describe('customers API', () => {
  it('creates a customer with every field and reads it back', async () => {
    const created = await stripe.customers.create({
      email: 'orders@harbor.example',
      name: 'Harbor Cafe',
      phone: '+13125550100',
      shipping: SHIP_TO,
      metadata: { uid: 'u_harbor' },
    });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(created).toMatchObject({
      object: 'customer',
      livemode: false,
      email: 'orders@harbor.example',
      name: 'Harbor Cafe',
      phone: '+13125550100',
      shipping: SHIP_TO,
      metadata: { uid: 'u_harbor' },
    });
    expect(await retrieve(created.id)).toEqual(created);
  });

  it('updates fields it is given and leaves the others; merges and removes metadata keys', async () => {
    const created = await stripe.customers.create({
      email: 'a@shop.example',
      name: 'Old Name',
      metadata: { uid: 'u1', tier: 'retail' },
    });
    const updated = await stripe.customers.update(created.id, {
      name: 'New Name',
      shipping: SHIP_TO,
      metadata: { tier: '', region: 'midwest' },
    });
    expect(updated).toMatchObject({
      email: 'a@shop.example',
      name: 'New Name',
      shipping: SHIP_TO,
      metadata: { uid: 'u1', region: 'midwest' },
    });
    expect(updated.metadata).not.toHaveProperty('tier');
    const moved = await stripe.customers.update(created.id, {
      shipping: { ...SHIP_TO, address: { ...SHIP_TO.address, line2: '' } },
    });
    expect(moved.shipping?.address?.line2).toBeNull();
    const cleared = await stripe.customers.update(created.id, { shipping: '', metadata: '' });
    expect(cleared).toMatchObject({ shipping: null, metadata: {}, name: 'New Name' });
    expect(await retrieve(created.id)).toMatchObject({ shipping: null, metadata: {} });
  });

  it('answers an unknown id with a 404 resource_missing, on read and on update', async () => {
    for (const call of [
      () => stripe.customers.retrieve('cus_missing'),
      () => stripe.customers.update('cus_missing', { name: 'X' }),
    ]) {
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
        param: 'id',
        message: "No such customer: 'cus_missing'",
      });
    }
  });

  it('refuses bad fields in Stripe’s shape and changes nothing', async () => {
    const created = await stripe.customers.create({ email: 'keep@shop.example', name: 'Keep' });
    await expect(
      stripe.customers.update(created.id, { name: 'Changed', email: 'nope' }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'email_invalid', param: 'email' });
    await expect(
      stripe.customers.update(created.id, {
        name: 'Changed',
        shipping: { address: SHIP_TO.address } as Stripe.CustomerUpdateParams.Shipping,
      }),
    ).rejects.toMatchObject({ code: 'parameter_missing', param: 'shipping[name]' });
    await expect(
      stripe.customers.create({ nickname: 'x' } as Stripe.CustomerCreateParams),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'nickname' });
    expect(await retrieve(created.id)).toMatchObject({ name: 'Keep', email: 'keep@shop.example' });
  });

  it('honours Idempotency-Key on create and update', async () => {
    const params = { email: 'idem@shop.example', metadata: { uid: 'u_idem' } };
    const first = await stripe.customers.create(params, { idempotencyKey: 'cust:u_idem' });
    const again = await stripe.customers.create(params, { idempotencyKey: 'cust:u_idem' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(
      stripe.customers.create({ email: 'other@shop.example' }, { idempotencyKey: 'cust:u_idem' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

    await stripe.customers.update(first.id, { name: 'One' }, { idempotencyKey: 'upd:1' });
    await stripe.customers.update(first.id, { name: 'Two' });
    // The replay answers with the saved response and does not write again.
    const replay = await stripe.customers.update(
      first.id,
      { name: 'One' },
      { idempotencyKey: 'upd:1' },
    );
    expect(replay.name).toBe('One');
    expect((await retrieve(first.id)).name).toBe('Two');
  });
});

describe('Checkout Session customer and collection settings', () => {
  it('echoes customer and collection settings; customer details stay null until paid', async () => {
    const customer = await stripe.customers.create({ email: 'buyer@shop.example' });
    const session = await stripe.checkout.sessions.create(
      sessionParams({
        customer: customer.id,
        customer_update: { shipping: 'auto', name: 'never' },
        shipping_address_collection: { allowed_countries: ['US', 'CA'] },
        phone_number_collection: { enabled: true },
      }),
    );
    expect(session).toMatchObject({
      customer: customer.id,
      customer_email: null,
      customer_creation: null,
      customer_details: null,
      collected_information: null,
      shipping_address_collection: { allowed_countries: ['US', 'CA'] },
      phone_number_collection: { enabled: true },
    });
    const plain = await stripe.checkout.sessions.create(sessionParams());
    expect(plain).toMatchObject({
      customer: null,
      customer_creation: 'if_required',
      shipping_address_collection: null,
      phone_number_collection: { enabled: false },
    });
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      customer: customer.id,
      customer_details: null,
      collected_information: null,
    });
  });

  it('refuses an unknown customer (400 resource_missing, param customer) and creates nothing', async () => {
    const before = (await stripe.checkout.sessions.list({ limit: 100 })).data.length;
    const error = await stripe.checkout.sessions
      .create(sessionParams({ customer: 'cus_gone' }))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'customer',
      message: "No such customer: 'cus_gone'",
    });
    expect((await stripe.checkout.sessions.list({ limit: 100 })).data).toHaveLength(before);
  });

  it('refuses bad customer_update, shipping and phone collection settings', async () => {
    const customer = await stripe.customers.create({});
    const cases: Array<[Partial<Stripe.Checkout.SessionCreateParams>, string]> = [
      [{ customer_update: { shipping: 'auto' } }, 'customer_update'],
      [
        {
          customer: customer.id,
          customer_update: { shipping: 'always' as 'auto' },
        },
        'customer_update[shipping]',
      ],
      [
        {
          customer: customer.id,
          customer_update: { colour: 'auto' } as Stripe.Checkout.SessionCreateParams.CustomerUpdate,
        },
        'customer_update[colour]',
      ],
      [
        {
          shipping_address_collection: {
            allowed_countries: ['QQ' as 'US'],
          },
        },
        'shipping_address_collection[allowed_countries][0]',
      ],
      [
        { phone_number_collection: { enabled: 'maybe' as unknown as boolean } },
        'phone_number_collection[enabled]',
      ],
    ];
    for (const [overrides, param] of cases) {
      await expect(
        stripe.checkout.sessions.create(sessionParams(overrides)),
        param,
      ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param });
    }
    // The SDK drops an empty list; a hand-written body can send one.
    const answer = await fetch(`${sandbox.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${API_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'mode=payment&line_items[0][quantity]=1&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=1000&line_items[0][price_data][product_data][name]=Mug&shipping_address_collection[allowed_countries]=',
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'shipping_address_collection[allowed_countries]',
      },
    });
  });
});

describe('listing customers', () => {
  it('lists newest first and filters by test clock and email', async () => {
    const clock = await stripe.testHelpers.testClocks.create({
      frozen_time: Math.floor(Date.now() / 1000),
    });
    const onClock = await stripe.customers.create({
      test_clock: clock.id,
      email: 'clock@list.example',
      metadata: { company: 'company-on-clock' },
    });
    const other = await stripe.customers.create({ email: 'other@list.example' });
    const clocked = await stripe.customers.list({ test_clock: clock.id });
    expect(clocked.data.map((c) => c.id)).toEqual([onClock.id]);
    expect(clocked.data[0]?.metadata).toEqual({ company: 'company-on-clock' });
    const byEmail = await stripe.customers.list({ email: 'other@list.example' });
    expect(byEmail.data.map((c) => c.id)).toEqual([other.id]);
    const all = await stripe.customers.list({ limit: 100 });
    const ids = all.data.map((c) => c.id);
    expect(ids.indexOf(other.id)).toBeLessThan(ids.indexOf(onClock.id));
    await expect(stripe.customers.list({ bogus: 1 } as never)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
  });
});
