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
  await sandbox.stop();
});

describe('Idempotency-Key', () => {
  it('replays the first response for the same key and parameters', async () => {
    const first = await stripe.checkout.sessions.create(sessionParams(), {
      idempotencyKey: 'order_A',
    });
    const second = await stripe.checkout.sessions.create(sessionParams(), {
      idempotencyKey: 'order_A',
    });
    expect(second.id).toBe(first.id);
    expect(second).toEqual(first);
    const other = await stripe.checkout.sessions.create(sessionParams(), {
      idempotencyKey: 'order_B',
    });
    expect(other.id).not.toBe(first.id);
    expect(
      (await stripe.checkout.sessions.list({ limit: 100 })).data.filter((s) => s.id === first.id),
    ).toHaveLength(1);
  });

  it('marks a replay with Idempotent-Replayed and ignores parameter order', async () => {
    const post = (body: string): Promise<Response> =>
      fetch(`${sandbox.url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${API_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': 'raw-key',
        },
        body,
      });
    const lineFields =
      'line_items[0][quantity]=1&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=900&line_items[0][price_data][product_data][name]=Bowl';
    const first = await post(`mode=payment&${lineFields}`);
    const replay = await post(`${lineFields}&mode=payment`);
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as { id: string }).id).toBe(
      ((await first.json()) as { id: string }).id,
    );
  });

  it('refuses the same key with different parameters (StripeIdempotencyError)', async () => {
    await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'order_C' });
    const error = await stripe.checkout.sessions
      .create(sessionParams({ client_reference_id: 'order_other' }), { idempotencyKey: 'order_C' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });
    expect((error as Error).message).toContain("Try using a key other than 'order_C'");
  });

  it('refuses the same key on another endpoint', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams(), {
      idempotencyKey: 'order_D',
    });
    const error = await stripe.checkout.sessions
      .expire(session.id, {}, { idempotencyKey: 'order_D' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((error as Error).message).toContain('same endpoint');
  });

  it('saves no result for a request that failed validation', async () => {
    const bad = await stripe.checkout.sessions
      .create(sessionParams({ success_url: 'nope' }), { idempotencyKey: 'order_E' })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const good = await stripe.checkout.sessions.create(sessionParams(), {
      idempotencyKey: 'order_E',
    });
    expect(good.status).toBe('open');
  });

  it('forgets keys on reset', async () => {
    const first = await stripe.checkout.sessions.create(sessionParams(), {
      idempotencyKey: 'order_F',
    });
    sandbox.reset();
    const second = await stripe.checkout.sessions.create(sessionParams(), {
      idempotencyKey: 'order_F',
    });
    expect(second.id).not.toBe(first.id);
  });
});
