import { describe, expect, it, vi } from 'vitest';
import Stripe from 'stripe';
import { checkoutCancelUrl, checkoutSuccessUrl, type OrderLine } from '@portal/domain';
import { checkoutFingerprint } from '../../src/checkout/checkout-lines';
import {
  absoluteImageUrl,
  checkoutSessionParams,
  orderIdOfSession,
} from '../../src/checkout/checkout-session';
import {
  PaymentsConfigError,
  resolveStripeTarget,
  resolveWebhookSecret,
  resolveWebOrigin,
} from '../../src/lib/stripe-client';
import { webhookAnswer } from '../../src/handlers/stripe-webhook';
import { createContext } from '../../src/lib/context';
import { log } from '../../src/lib/log';
import { handleWebhook } from '../../src/stripe-events/webhook';

describe('Stripe configuration', () => {
  it('uses real Stripe when a secret key is configured, even with a sandbox URL', () => {
    expect(
      resolveStripeTarget({
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_SANDBOX_URL: 'http://127.0.0.1:1',
      }),
    ).toEqual({
      kind: 'stripe',
      apiKey: 'sk_test_123',
    });
  });

  it('selects the local sandbox through STRIPE_SANDBOX_URL when no real key is set', () => {
    expect(resolveStripeTarget({ STRIPE_SANDBOX_URL: 'http://127.0.0.1:12111' })).toEqual({
      kind: 'sandbox',
      apiKey: 'sk_test_local_sandbox',
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    // The sandbox placeholder in a secret file is not a real key.
    expect(
      resolveStripeTarget({
        STRIPE_SECRET_KEY: 'sk_test_local_sandbox',
        STRIPE_SANDBOX_URL: 'http://localhost:9',
      }).kind,
    ).toBe('sandbox');
  });

  it('never falls back to the sandbox in a deployed function, nor runs unconfigured', () => {
    expect(() =>
      resolveStripeTarget({ K_SERVICE: 'createcheckoutsession', STRIPE_SANDBOX_URL: 'http://x:1' }),
    ).toThrow(PaymentsConfigError);
    expect(() => resolveStripeTarget({})).toThrow(/STRIPE_SECRET_KEY/);
    expect(
      resolveStripeTarget({
        K_SERVICE: 'x',
        FUNCTIONS_EMULATOR: 'true',
        STRIPE_SANDBOX_URL: 'http://x:1',
      }).kind,
    ).toBe('sandbox');
  });

  it('reads the webhook secret, defaulting to the sandbox secret only for the sandbox', () => {
    expect(
      resolveWebhookSecret({ STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_SECRET_KEY: 'sk_live_1' }),
    ).toBe('whsec_abc');
    expect(resolveWebhookSecret({ STRIPE_SANDBOX_URL: 'http://127.0.0.1:1' })).toBe(
      'whsec_local_sandbox',
    );
    expect(() => resolveWebhookSecret({ STRIPE_SECRET_KEY: 'sk_live_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
  });

  it('refuses the public sandbox webhook secret with real Stripe or in a deployed function', () => {
    for (const env of [
      { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_local_sandbox' },
      { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: ' whsec_local_sandbox ' },
      {
        K_SERVICE: 'stripewebhook',
        STRIPE_SANDBOX_URL: 'http://127.0.0.1:1',
        STRIPE_WEBHOOK_SECRET: 'whsec_local_sandbox',
      },
    ]) {
      expect(() => resolveWebhookSecret(env)).toThrow(PaymentsConfigError);
    }
    expect(
      resolveWebhookSecret({
        STRIPE_SANDBOX_URL: 'http://127.0.0.1:1',
        STRIPE_SECRET_KEY: 'sk_test_local_sandbox',
        STRIPE_WEBHOOK_SECRET: 'whsec_local_sandbox',
      }),
    ).toBe('whsec_local_sandbox');
  });

  it('answers 500 to an event signed with the sandbox secret when real Stripe is configured', async () => {
    const logged = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    const body = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_forged', client_reference_id: 'someone-elses-order' } },
    });
    // The event is refused before anything is read: the default Firestore is never used.
    const result = await handleWebhook(
      {
        method: 'POST',
        signature: Stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: 'whsec_local_sandbox',
        }),
        rawBody: body,
      },
      createContext({
        stripe: () => new Stripe('sk_live_1'),
        env: { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_local_sandbox' },
      }),
    );
    expect(result).toEqual({ kind: 'not-configured' });
    expect(webhookAnswer(result)).toEqual({
      status: 500,
      body: { error: 'Webhook not configured.' },
    });
    expect(logged).toHaveBeenCalledWith('stripe_webhook_config_failed', {
      message: expect.stringContaining('sandbox secret'),
    });
    logged.mockRestore();
  });

  it('derives the web origin from WEB_ORIGIN or the Hosting domain', () => {
    expect(resolveWebOrigin({ WEB_ORIGIN: 'http://localhost:5173/' })).toBe(
      'http://localhost:5173',
    );
    expect(resolveWebOrigin({ GCLOUD_PROJECT: 'acme-portal' })).toBe('https://acme-portal.web.app');
    expect(() => resolveWebOrigin({ WEB_ORIGIN: 'javascript:alert(1)' })).toThrow(
      PaymentsConfigError,
    );
    expect(() => resolveWebOrigin({})).toThrow(PaymentsConfigError);
  });
});

const line = (product_id: string, quantity: number, unit_amount: number): OrderLine => ({
  product_id,
  name: `Name ${product_id}`,
  description: '',
  image_url: `/products/${product_id}.svg`,
  unit_amount,
  quantity,
  line_total: unit_amount * quantity,
  sku: '',
  case_pack: 1,
  backordered: 0,
});

describe('checkout fingerprint', () => {
  it('is the same for the same lines in any order and differs on quantity, price or source', () => {
    const a = checkoutFingerprint('cart', [line('a', 1, 100), line('b', 2, 200)]);
    expect(checkoutFingerprint('cart', [line('b', 2, 200), line('a', 1, 100)])).toBe(a);
    expect(checkoutFingerprint('cart', [line('a', 2, 100), line('b', 2, 200)])).not.toBe(a);
    expect(checkoutFingerprint('cart', [line('a', 1, 101), line('b', 2, 200)])).not.toBe(a);
    expect(checkoutFingerprint('buy_now', [line('a', 1, 100), line('b', 2, 200)])).not.toBe(a);
  });
});

describe('Checkout Session parameters', () => {
  it('carries every line at the server price, the checkout id, the customer with US ship-to and phone collection, and the return URLs', () => {
    const params = checkoutSessionParams({
      checkoutId: 'order1',
      uid: 'user1',
      lines: [
        line('a', 2, 1250),
        { ...line('b', 1, 999), description: 'Tasty', image_url: 'https://cdn.test/b.png' },
      ],
      webOrigin: 'https://shop.test',
      expiresAt: new Date('2030-01-01T00:00:00Z'),
      customerId: 'cus_1',
    });
    expect(params).toMatchObject({
      mode: 'payment',
      client_reference_id: 'order1',
      metadata: { orderId: 'order1', uid: 'user1' },
      payment_intent_data: { metadata: { orderId: 'order1', uid: 'user1' } },
      success_url:
        'https://shop.test/payment-success?session_id={CHECKOUT_SESSION_ID}&order=order1',
      cancel_url: 'https://shop.test/portal/cart?checkout=cancelled',
      customer: 'cus_1',
      customer_update: { shipping: 'auto' },
      shipping_address_collection: { allowed_countries: ['US'] },
      phone_number_collection: { enabled: true },
      expires_at: Date.parse('2030-01-01T00:00:00Z') / 1000,
    });
    // The return pages come from the domain's route table, the web router's paths.
    expect(params.success_url).toBe(checkoutSuccessUrl('https://shop.test', 'order1'));
    expect(params.cancel_url).toBe(checkoutCancelUrl('https://shop.test'));
    expect(params.line_items).toEqual([
      {
        quantity: 2,
        price_data: {
          currency: 'usd',
          unit_amount: 1250,
          product_data: {
            name: 'Name a',
            images: ['https://shop.test/products/a.svg'],
            metadata: { productId: 'a' },
          },
        },
      },
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: 999,
          product_data: {
            name: 'Name b',
            description: 'Tasty',
            images: ['https://cdn.test/b.png'],
            metadata: { productId: 'b' },
          },
        },
      },
    ]);
  });

  it('marks a backordered line, with the restock date its product has, before its description', () => {
    const params = checkoutSessionParams({
      checkoutId: 'order1',
      uid: 'user1',
      lines: [
        { ...line('a', 6, 100), backordered: 6, description: 'Tasty' },
        { ...line('b', 12, 100), backordered: 7 },
        { ...line('c', 2, 100), backordered: 2 },
        line('d', 1, 100),
      ],
      restockDates: new Map([
        ['a', '2026-12-10'],
        ['b', null],
        ['d', '2026-12-10'],
      ]),
      webOrigin: 'https://shop.test',
      expiresAt: new Date('2030-01-01T00:00:00Z'),
      customerId: 'cus_1',
    });
    const descriptions = (params.line_items ?? []).map(
      (item) => item.price_data?.product_data?.description,
    );
    expect(descriptions).toEqual([
      'Backordered · Expected Dec 10, 2026. Tasty',
      '7 backordered · Ships when stock arrives',
      // The product was not read: the mark alone.
      'Backordered',
      undefined,
    ]);
  });

  it('makes image paths absolute and drops what is not a web URL', () => {
    expect(absoluteImageUrl('/products/x.svg', 'http://localhost:5173')).toBe(
      'http://localhost:5173/products/x.svg',
    );
    expect(absoluteImageUrl('', 'http://localhost:5173')).toBeUndefined();
    expect(absoluteImageUrl('data:image/png;base64,AAAA', 'http://localhost:5173')).toBeUndefined();
  });

  it('finds the order of a session by client_reference_id, then metadata', () => {
    expect(orderIdOfSession({ client_reference_id: 'o1', metadata: { orderId: 'o2' } })).toBe('o1');
    expect(orderIdOfSession({ client_reference_id: null, metadata: { orderId: 'o2' } })).toBe('o2');
    expect(orderIdOfSession({ client_reference_id: null, metadata: null })).toBeNull();
  });
});
