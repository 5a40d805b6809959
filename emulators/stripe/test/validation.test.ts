import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../src/index.js';
import { API_KEY, sessionParams, startTestSandbox, stripeClient } from './support.js';

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  ({ sandbox, stripe } = await startTestSandbox());
});
afterAll(async () => {
  await sandbox.stop();
});

type Params = Stripe.Checkout.SessionCreateParams;
const line = (
  price: Record<string, unknown>,
  quantity: number | null = 1,
): Stripe.Checkout.SessionCreateParams.LineItem =>
  ({
    ...(quantity === null ? {} : { quantity }),
    price_data: { currency: 'usd', unit_amount: 1000, product_data: { name: 'Mug' }, ...price },
  }) as Stripe.Checkout.SessionCreateParams.LineItem;

async function createError(params: Params): Promise<unknown> {
  return stripe.checkout.sessions.create(params).then(
    () => new Error('expected the request to fail'),
    (error: unknown) => error,
  );
}

describe('validation errors are Stripe-shaped 400s (StripeInvalidRequestError)', () => {
  const cases: Array<[string, Params, string]> = [
    ['missing line_items', sessionParams({ line_items: undefined }), 'line_items'],
    ['missing mode', { ...sessionParams(), mode: undefined } as unknown as Params, 'mode'],
    [
      'non-integer unit_amount',
      sessionParams({ line_items: [line({ unit_amount: 12.5 })] }),
      'line_items[0][price_data][unit_amount]',
    ],
    [
      'negative unit_amount',
      sessionParams({ line_items: [line({ unit_amount: -100 })] }),
      'line_items[0][price_data][unit_amount]',
    ],
    [
      'missing unit_amount',
      sessionParams({ line_items: [line({ unit_amount: undefined })] }),
      'line_items[0][price_data][unit_amount]',
    ],
    ['quantity 0', sessionParams({ line_items: [line({}, 0)] }), 'line_items[0][quantity]'],
    [
      'missing quantity',
      sessionParams({ line_items: [line({}, null)] }),
      'line_items[0][quantity]',
    ],
    [
      'unsupported currency',
      sessionParams({ line_items: [line({ currency: 'xyz' })] }),
      'line_items[0][price_data][currency]',
    ],
    [
      'mixed currencies',
      sessionParams({ line_items: [line({}), line({ currency: 'eur' })] }),
      'line_items[1][price_data][currency]',
    ],
    [
      'missing product name',
      sessionParams({ line_items: [line({ product_data: { description: 'x' } })] }),
      'line_items[0][price_data][product_data][name]',
    ],
    ['bad success_url', sessionParams({ success_url: 'not a url' }), 'success_url'],
    ['non-http cancel_url', sessionParams({ cancel_url: 'javascript:alert(1)' }), 'cancel_url'],
    [
      'bad image url',
      sessionParams({ line_items: [line({ product_data: { name: 'Mug', images: ['nope'] } })] }),
      'line_items[0][price_data][product_data][images][0]',
    ],
    ['unknown parameter', { ...sessionParams(), colour: 'blue' } as unknown as Params, 'colour'],
    [
      'a price id the sandbox does not know',
      sessionParams({ line_items: [{ price: 'price_123', quantity: 1 }] }),
      'line_items[0][price]',
    ],
    [
      'expires_at too soon',
      sessionParams({ expires_at: Math.floor(Date.now() / 1000) + 60 }),
      'expires_at',
    ],
    [
      'expires_at too late',
      sessionParams({ expires_at: Math.floor(Date.now() / 1000) + 25 * 3600 }),
      'expires_at',
    ],
    ['bad customer_email', sessionParams({ customer_email: 'not-an-email' }), 'customer_email'],
    [
      'unknown payment method type',
      sessionParams({ allowed_payment_method_types: ['telepathy'] }),
      'allowed_payment_method_types[0]',
    ],
    [
      'payment_method_types, removed in API version 2026-09-30.endive',
      { ...sessionParams(), payment_method_types: ['card'] } as unknown as Params,
      'payment_method_types',
    ],
    ['ui_mode hosted, renamed hosted_page', sessionParams({ ui_mode: 'hosted' }), 'ui_mode'],
    [
      'metadata key too long',
      sessionParams({ metadata: { ['k'.repeat(41)]: 'v' } }),
      `metadata[${'k'.repeat(41)}]`,
    ],
    [
      'subscription mode with one-time prices only',
      sessionParams({ mode: 'subscription' }),
      'mode',
    ],
    ['setup mode', sessionParams({ mode: 'setup' }), 'mode'],
  ];
  it.each(cases)('%s', async (_name, params, param) => {
    const error = await createError(params);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, rawType: 'invalid_request_error', param });
    expect((error as Error).message.length).toBeGreaterThan(5);
  });

  it('refuses a total below the Checkout minimum', async () => {
    const error = await createError(sessionParams({ line_items: [line({ unit_amount: 49 })] }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((error as Error).message).toContain('at least $0.50');
  });

  it('creates nothing when validation fails', async () => {
    sandbox.reset();
    await createError(sessionParams({ line_items: [line({}, 0)] }));
    expect((await stripe.checkout.sessions.list()).data).toHaveLength(0);
  });
});

describe('authentication', () => {
  it('rejects a wrong secret key with StripeAuthenticationError', async () => {
    const wrong = stripeClient(sandbox.port, 'sk_test_wrong_key_1234');
    const error = await wrong.checkout.sessions.create(sessionParams()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401 });
    expect((error as Error).message).toMatch(/^Invalid API Key provided: sk_test_\*+1234$/);
  });

  it('answers 401 with Stripe error JSON when no key is sent', async () => {
    const response = await fetch(`${sandbox.url}/v1/checkout/sessions`);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain('You did not provide an API key');
  });

  it('accepts HTTP Basic auth with the key as user name, like curl -u', async () => {
    const response = await fetch(`${sandbox.url}/v1/checkout/sessions?limit=1`, {
      headers: { authorization: `Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { object: string }).object).toBe('list');
  });

  it('answers an unrecognized URL with 404 invalid_request_error', async () => {
    const response = await fetch(`${sandbox.url}/v1/payouts/po_1`, {
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error).toMatchObject({ type: 'invalid_request_error' });
    expect(body.error.message).toContain('Unrecognized request URL (GET: /v1/payouts/po_1)');
    expect(response.headers.get('request-id')).toMatch(/^req_/);
  });

  it('accepts a hand-written form body with curl-style `[]` arrays', async () => {
    const text = `mode=payment&line_items[0][quantity]=2&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=300&line_items[0][price_data][product_data][name]=Cup&allowed_payment_method_types[]=card&expand[]=line_items`;
    const response = await fetch(`${sandbox.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${API_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: text,
    });
    expect(response.status).toBe(200);
    // Without a Stripe-Version header the sandbox's (the SDK's) version applies.
    expect(response.headers.get('stripe-version')).toBe(Stripe.API_VERSION);
    const session = (await response.json()) as {
      amount_total: number;
      allowed_payment_method_types: string[];
      line_items: { data: unknown[] };
    };
    expect(session.amount_total).toBe(600);
    expect(session.allowed_payment_method_types).toEqual(['card']);
    expect(session.line_items.data).toHaveLength(1);
  });
});

describe('API version', () => {
  it('serves the version the stripe SDK sends, and says so in Stripe-Version', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams());
    expect(session.lastResponse.apiVersion).toBe(Stripe.API_VERSION);
    const response = await fetch(`${sandbox.url}/v1/checkout/sessions/${session.id}`, {
      headers: { authorization: `Bearer ${API_KEY}`, 'stripe-version': Stripe.API_VERSION },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('stripe-version')).toBe(Stripe.API_VERSION);
  });

  it('refuses a request pinned to another API version instead of answering in the wrong shape', async () => {
    const response = await fetch(`${sandbox.url}/v1/checkout/sessions?limit=1`, {
      headers: { authorization: `Bearer ${API_KEY}`, 'stripe-version': '2026-02-25.clover' },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('stripe-version')).toBe(Stripe.API_VERSION);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain('Invalid Stripe API version: 2026-02-25.clover');
    expect(body.error.message).toContain(Stripe.API_VERSION);
  });
});
