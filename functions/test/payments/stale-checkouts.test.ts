import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paths, PRODUCT_DEFAULTS } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import type { CallRequest } from '../../src/handlers/edge';
import { sweepStaleCheckouts as scheduled } from '../../src/index';
import { firestore } from '../../src/lib/admin';
import { createContext } from '../../src/lib/context';
import { claimCheckout } from '../../src/checkout/checkout-lock';
import { CHECKOUT_SESSION_LIFETIME_MS } from '../../src/checkout/checkout-session';
import { STALE_CHECKOUT_MARGIN_MS, sweepStaleCheckouts } from '../../src/checkout/stale-checkouts';
import {
  checkoutOf,
  createUser,
  orderExists,
  orderOf,
  payWithShipTo,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from './support';
import { stockLevels } from '../support/stock-levels';

/**
 * The sweep of stale checkouts: an open checkout past its session's lifetime (plus the margin for
 * a late webhook) is settled as Stripe knows it. Never given a session (its call died): failed,
 * hold released. Expired at Stripe without the webhook: expired, hold released. Paid at Stripe
 * without the webhook: the order is made and the stock committed. A younger checkout is left
 * alone.
 *
 * The checkouts here are backdated to 2001 and the sweep runs with `now` in 2001, so it only ever
 * sees this file's checkouts, never the open ones other tests make at the real time.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;

const RUN = randomUUID().slice(0, 8);
const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const call = (user: TestUser): CallRequest => ({ ...user.request({}), rawRequest: { ip: IP } });

/** The sweep's clock, and the ages of the checkouts it finds. */
const NOW = Date.UTC(2001, 0, 1, 12);
const STALE_AT = NOW - CHECKOUT_SESSION_LIFETIME_MS - STALE_CHECKOUT_MARGIN_MS - 60_000;
const FRESH_AT = NOW - CHECKOUT_SESSION_LIFETIME_MS;

const sweep = () => sweepStaleCheckouts(createContext(), { now: NOW, limit: 100 });

beforeAll(async () => {
  harness = await startPaymentsHarness();
});

afterEach(() => {
  harness.endpoint.mode = 'process';
});

const createdProducts: string[] = [];
afterAll(async () => {
  await Promise.all(
    createdProducts.flatMap((id) => [
      firestore().doc(paths.product(id)).delete(),
      firestore().doc(paths.wholesalePrice(id)).delete(),
    ]),
  );
  await harness?.stop();
});

async function product(key: string, stockOnHand: number): Promise<string> {
  const id = `t-stale-${key}-${RUN}`;
  await Promise.all([
    firestore()
      .doc(paths.product(id))
      .set({
        ...PRODUCT_DEFAULTS,
        name: `Stale ${key}`,
        description: 'Stale checkout test product.',
        image_url: '/products/blue-coast.svg',
        price_retailer: 1000,
        is_active: true,
        sort_order: 98_000,
        sku: `STALE-${key.toUpperCase()}-${RUN.toUpperCase()}`,
        stock_on_hand: stockOnHand,
      }),
    firestore().doc(paths.wholesalePrice(id)).set({ price_wholesaler: 800, price_breaks: [] }),
  ]);
  createdProducts.push(id);
  return id;
}

const levels = stockLevels;

async function held(checkoutId: string) {
  return (await firestore().doc(paths.checkout(checkoutId)).get()).get('stock_held') as boolean;
}

/** Made at `at`: its hold (a buyer's hour) ends an hour later. */
const backdate = (checkoutId: string, at: number) =>
  firestore()
    .doc(paths.checkout(checkoutId))
    .update({
      created_at: Timestamp.fromMillis(at),
      hold_until: Timestamp.fromMillis(at + CHECKOUT_SESSION_LIFETIME_MS),
    });

/**
 * A checkout whose call died after claiming it (the checkout written, its stock reserved, the
 * lock 'creating') and before Stripe gave it a session: the real claim, at `at`.
 */
async function claimedOnly(productId: string, quantity: number, at: number) {
  const buyer = await createUser('retailer');
  const line = {
    product_id: productId,
    name: `Stale line ${productId}`,
    description: '',
    image_url: '',
    unit_amount: 1000,
    quantity,
    line_total: 1000 * quantity,
    sku: '',
    case_pack: 1,
    backordered: 0,
  };
  const claim = await claimCheckout(
    firestore(),
    buyer.uid,
    `fp-${randomUUID()}`,
    (now) => ({
      user_id: buyer.uid,
      company_id: buyer.uid,
      location_id: null,
      location_name: '',
      placed_by_name: 'Test retailer',
      store_name: `Store of ${buyer.uid}`,
      seller_permit_id: 'SR-TEST-1',
      items: [line],
      amount: line.line_total,
      currency: 'usd',
      state: 'open',
      stripe_session_id: null,
      created_at: now,
      updated_at: now,
      cart_fingerprint: 'stale',
      source: 'cart',
    }),
    () => at,
    [line],
  );
  if (claim.kind !== 'created') throw new Error(`claim was ${claim.kind}`);
  return claim.checkoutId;
}

/** A checkout made by createCheckoutSession (with its Stripe session), backdated to `at`. */
async function withSession(productId: string, quantity: number, at: number) {
  const buyer = await createUser('retailer');
  await setCart(buyer.uid, { [productId]: quantity });
  const { orderId } = await createCheckoutSessionHandler(call(buyer));
  await backdate(orderId, at);
  const sessionId = (await checkoutOf(orderId)).stripe_session_id;
  if (!sessionId) throw new Error(`checkout ${orderId} has no session`);
  return { orderId, sessionId };
}

describe('sweepStaleCheckouts', () => {
  it('closes a checkout that never got a session, releasing its hold; a younger one is left alone', async () => {
    const id = await product('nosession', 10);
    const stale = await claimedOnly(id, 3, STALE_AT);
    const fresh = await claimedOnly(id, 2, FRESH_AT);
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 5 });

    expect(await sweep()).toEqual({ closed: 1, completed: 0, failed: 0 });
    expect((await checkoutOf(stale)).state).toBe('failed');
    expect(await held(stale)).toBe(false);
    expect((await checkoutOf(fresh)).state).toBe('open');
    expect(await held(fresh)).toBe(true);
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 2 });
    expect(harness.logs).toContainEqual({
      level: 'info',
      event: 'stale_checkouts_swept',
      fields: { closed: 1, completed: 0, failed: 0 },
    });

    // Swept again: nothing left to do, nothing released twice.
    expect(await sweep()).toEqual({ closed: 0, completed: 0, failed: 0 });
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 2 });
  });

  it('expires a checkout whose session expired at Stripe without the webhook, releasing its hold', async () => {
    const id = await product('expired', 10);
    const { orderId, sessionId } = await withSession(id, 4, STALE_AT);
    harness.endpoint.mode = 'hold';
    await harness.stripe.checkout.sessions.expire(sessionId);
    await harness.sandbox.whenWebhooksIdle();
    expect((await checkoutOf(orderId)).state).toBe('open');
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 4 });

    expect(await sweep()).toEqual({ closed: 1, completed: 0, failed: 0 });
    expect((await checkoutOf(orderId)).state).toBe('expired');
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 0 });
    expect(await orderExists(orderId)).toBe(false);
  });

  it('makes the order of a session paid at Stripe without the webhook, committing the stock', async () => {
    const id = await product('paid', 10);
    const { orderId, sessionId } = await withSession(id, 3, STALE_AT);
    harness.endpoint.mode = 'hold';
    await payWithShipTo(harness.sandbox, sessionId);
    await harness.sandbox.whenWebhooksIdle();
    expect(await orderExists(orderId)).toBe(false);

    expect(await sweep()).toEqual({ closed: 0, completed: 1, failed: 0 });
    expect((await checkoutOf(orderId)).state).toBe('completed');
    expect((await orderOf(orderId)).status).toBe('processing');
    expect(await levels(id)).toEqual({ on_hand: 7, reserved: 0 });
  });

  it('expires at Stripe a session still open past its time, and one Stripe no longer knows', async () => {
    const id = await product('open', 10);
    const open = await withSession(id, 2, STALE_AT);
    const gone = await withSession(id, 1, STALE_AT);
    await firestore()
      .doc(paths.checkout(gone.orderId))
      .update({ stripe_session_id: `cs_test_gone_${RUN}` });
    harness.endpoint.mode = 'hold';
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 3 });

    expect(await sweep()).toEqual({ closed: 2, completed: 0, failed: 0 });
    expect((await harness.stripe.checkout.sessions.retrieve(open.sessionId)).status).toBe(
      'expired',
    );
    expect((await checkoutOf(open.orderId)).state).toBe('expired');
    expect((await checkoutOf(gone.orderId)).state).toBe('expired');
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 0 });
  });

  it('logs a checkout it cannot settle and goes on with the others', async () => {
    const id = await product('mismatch', 10);
    // Stripe charged something else than the checkout priced: recorded nowhere, left open.
    const bad = await withSession(id, 2, STALE_AT - 60_000);
    await firestore().doc(paths.checkout(bad.orderId)).update({ amount: 1 });
    const stale = await claimedOnly(id, 1, STALE_AT);
    harness.endpoint.mode = 'hold';
    await payWithShipTo(harness.sandbox, bad.sessionId);
    await harness.sandbox.whenWebhooksIdle();

    expect(await sweep()).toEqual({ closed: 1, completed: 0, failed: 1 });
    expect((await checkoutOf(bad.orderId)).state).toBe('open');
    expect((await checkoutOf(stale)).state).toBe('failed');
    expect(harness.logs).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        event: 'stale_checkout_sweep_failed',
        fields: expect.objectContaining({ orderId: bad.orderId, sessionId: bad.sessionId }),
      }),
    );
    // Closed by hand, so the later tests' sweeps do not find it again.
    await firestore().doc(paths.checkout(bad.orderId)).update({ state: 'expired' });
  });
});

describe('the sweepStaleCheckouts function (src/index.ts)', () => {
  it('is scheduled every 15 minutes with the Stripe key', () => {
    const endpoint = (scheduled as unknown as { __endpoint: Record<string, unknown> }).__endpoint;
    expect(endpoint.scheduleTrigger).toMatchObject({ schedule: 'every 15 minutes' });
    expect(endpoint.secretEnvironmentVariables).toEqual([
      expect.objectContaining({ key: 'STRIPE_SECRET_KEY' }),
    ]);
  });
});
