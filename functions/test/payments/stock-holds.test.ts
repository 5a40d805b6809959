import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_HELD_UNITS_PER_BUYER, paths, PRODUCT_DEFAULTS } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import type { CallRequest } from '../../src/handlers/edge';
import { toHttpsError } from '../../src/handlers/edge';
import { firestore } from '../../src/lib/admin';
import { createContext } from '../../src/lib/context';
import { closeCheckout } from '../../src/checkout/checkout-transitions';
import { createCheckout } from '../../src/checkout/create-checkout';
import {
  checkoutOf,
  checkoutsOfUser,
  createUser,
  orderOf,
  payWithShipTo,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from './support';
import { stockLevels } from '../support/stock-levels';

/**
 * What one buyer may hold (packages/domain/src/stock-holds.ts): at most half of a product's units
 * on hand (at least its minimum order), at most MAX_HELD_UNITS_PER_BUYER in all, counting their
 * delayed payments still settling; a hold is never renewed by checking out again; and a delayed
 * payment (bank transfer) keeps its units held, on hand, until it settles.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;

const RUN = randomUUID().slice(0, 8);
const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const call = (user: TestUser, data: unknown = {}): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});
const checkout = (user: TestUser, data: unknown = {}) =>
  createCheckoutSessionHandler(call(user, data));

beforeAll(async () => {
  harness = await startPaymentsHarness();
});

const createdProducts: string[] = [];
afterAll(async () => {
  await Promise.all(createdProducts.map((id) => firestore().doc(paths.product(id)).delete()));
  await harness?.stop();
});

async function product(
  key: string,
  fields: { name: string; stock_on_hand: number | null; case_pack?: number; min_quantity?: number },
): Promise<string> {
  const id = `t-holds-${key}-${RUN}`;
  await firestore()
    .doc(paths.product(id))
    .set({
      ...PRODUCT_DEFAULTS,
      description: 'Hold test product.',
      image_url: '/products/blue-coast.svg',
      price_retailer: 1000,
      is_active: true,
      sort_order: 96_000,
      sku: `HOLD-${key.toUpperCase()}-${RUN.toUpperCase()}`,
      ...fields,
    });
  createdProducts.push(id);
  return id;
}

const levels = stockLevels;

async function sessionExpiry(checkoutId: string): Promise<number> {
  const id = (await checkoutOf(checkoutId)).stripe_session_id!;
  return (await harness.stripe.checkout.sessions.retrieve(id)).expires_at;
}

describe('how much one buyer may hold', () => {
  it('at most half of a product on hand: the rest stays for other buyers', async () => {
    const id = await product('half', { name: 'Triple Machine', stock_on_hand: 8 });
    const greedy = await createUser('retailer');
    await setCart(greedy.uid, { [id]: 8 });
    await expect(checkout(greedy)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'You can order at most 4 of Triple Machine at a time.',
      details: { productId: id, cap: 4, held: 0 },
    });
    // Refused: nothing was written.
    expect(await checkoutsOfUser(greedy.uid)).toHaveLength(0);
    expect(await levels(id)).toEqual({ on_hand: 8, reserved: 0 });

    await setCart(greedy.uid, { [id]: 4 });
    await checkout(greedy);
    const other = await createUser('retailer');
    await setCart(other.uid, { [id]: 4 });
    const bought = await checkout(other);
    expect((await checkoutOf(bought.orderId)).state).toBe('open');
    expect(await levels(id)).toEqual({ on_hand: 8, reserved: 8 });
  });

  it('at least the minimum order, so the last units can still be bought', async () => {
    const last = await product('last', { name: 'Last Machine', stock_on_hand: 1 });
    const cases = await product('cases', {
      name: 'Case Cups',
      stock_on_hand: 20,
      case_pack: 20,
      min_quantity: 20,
    });
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, { [last]: 1, [cases]: 20 });
    await checkout(buyer);
    expect(await levels(last)).toEqual({ on_hand: 1, reserved: 1 });
    expect(await levels(cases)).toEqual({ on_hand: 20, reserved: 20 });
  });

  it('at most MAX_HELD_UNITS_PER_BUYER units in all, however many lines', async () => {
    const big = await Promise.all(
      [1, 2, 3].map((n) => product(`big${n}`, { name: `Big Syrup ${n}`, stock_on_hand: 100_000 })),
    );
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, Object.fromEntries(big.map((id) => [id, 999])));
    await expect(checkout(buyer)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: `You can order at most ${MAX_HELD_UNITS_PER_BUYER.toLocaleString('en-US')} stocked units at a time; your cart has 2,997.`,
    });
    expect(await checkoutsOfUser(buyer.uid)).toHaveLength(0);
    // Untracked products hold nothing and do not count.
    const untracked = await product('untracked', { name: 'Built To Order', stock_on_hand: null });
    await setCart(buyer.uid, { [big[0]!]: 999, [big[1]!]: 999, [untracked]: 999 });
    await checkout(buyer);
    expect(await levels(big[0]!)).toEqual({ on_hand: 100_000, reserved: 999 });
  });

  it('counts a bank transfer still settling toward the cap', async () => {
    const id = await product('settling', { name: 'Settling Machine', stock_on_hand: 8 });
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, { [id]: 3 });
    const first = await checkout(buyer);
    await payWithShipTo(harness.sandbox, (await checkoutOf(first.orderId)).stripe_session_id!, {
      delayed: true,
    });
    expect((await orderOf(first.orderId)).status).toBe('pending');
    await setCart(buyer.uid, { [id]: 2 });
    await expect(checkout(buyer)).rejects.toMatchObject({
      message: 'You can order at most 1 more of Settling Machine while 3 are awaiting payment.',
    });
    await setCart(buyer.uid, { [id]: 1 });
    await checkout(buyer);
    expect(await levels(id)).toEqual({ on_hand: 8, reserved: 4 });
  });
});

describe('a hold is never renewed', () => {
  it('checking out again, the same cart or a changed one, keeps the first expiry', async () => {
    const id = await product('renew', { name: 'Renew Syrup', stock_on_hand: 100 });
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, { [id]: 2 });
    const first = await checkout(buyer);
    const expiry = await sessionExpiry(first.orderId);
    await sleep(1_100);
    const same = await checkout(buyer);
    expect(same.orderId).toBe(first.orderId);
    // A changed cart replaces the checkout (its stock released first) but not the expiry.
    await setCart(buyer.uid, { [id]: 3 });
    const changed = await checkout(buyer);
    expect(changed.orderId).not.toBe(first.orderId);
    expect((await checkoutOf(first.orderId)).state).toBe('replaced');
    expect(await sessionExpiry(changed.orderId)).toBe(expiry);
    expect(await levels(id)).toEqual({ on_hand: 100, reserved: 3 });
  });

  it('close to its end, the same cart gets the same session; a changed cart is told to wait', async () => {
    const id = await product('ending', { name: 'Ending Syrup', stock_on_hand: 100 });
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, { [id]: 2 });
    const first = await checkout(buyer);
    const expiry = await sessionExpiry(first.orderId);
    // 55 minutes later (the clock of the call): 5 minutes of the hold left.
    const later = createContext({ now: () => Date.now() + 55 * 60_000 });
    const again = await createCheckout({ uid: buyer.uid }, undefined, later);
    expect(again.orderId).toBe(first.orderId);

    await setCart(buyer.uid, { [id]: 3 });
    const refusal: unknown = await createCheckout({ uid: buyer.uid }, undefined, later).catch(
      (error: unknown) => error,
    );
    expect(toHttpsError(refusal)).toMatchObject({
      code: 'failed-precondition',
      message:
        'Your last checkout holds its items for 5 more minutes. Pay for it on the payment page (check out the same cart to get back to it), or check out again after it ends.',
    });
    expect(await checkoutsOfUser(buyer.uid)).toHaveLength(1);
    expect((await checkoutOf(first.orderId)).state).toBe('open');
    expect(await sessionExpiry(first.orderId)).toBe(expiry);
    expect(await levels(id)).toEqual({ on_hand: 100, reserved: 2 });
  });
});

describe('a delayed payment (bank transfer) while it settles', () => {
  it('keeps its units held and on hand, and takes them when the payment clears', async () => {
    const id = await product('transfer', { name: 'Transfer Syrup', stock_on_hand: 10 });
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, { [id]: 4 });
    const { orderId } = await checkout(buyer);
    const sessionId = (await checkoutOf(orderId)).stripe_session_id!;
    await payWithShipTo(harness.sandbox, sessionId, { delayed: true });
    expect((await orderOf(orderId)).status).toBe('pending');
    // On hand is what is on the shelf: the transfer has not paid for anything yet.
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 4 });

    await harness.sandbox.settleDelayedPayment(sessionId, 'succeeded');
    await harness.sandbox.whenWebhooksIdle();
    expect((await orderOf(orderId)).status).toBe('processing');
    expect(await levels(id)).toEqual({ on_hand: 6, reserved: 0 });
    const order = (await firestore().doc(paths.order(orderId)).get()).data()!;
    expect(order.stock_taken).toEqual({ [id]: 4 });
    const snap = await firestore().doc(paths.checkout(orderId)).get();
    expect(snap.get('stock_held')).toBe(false);
    // A replay of the settlement takes nothing more.
    await harness.sandbox.whenWebhooksIdle();
    expect(await levels(id)).toEqual({ on_hand: 6, reserved: 0 });
  });

  it('of a checkout closed on our side takes its units when it clears, not before', async () => {
    const id = await product('stale-transfer', { name: 'Stale Transfer Syrup', stock_on_hand: 10 });
    const buyer = await createUser('retailer');
    await setCart(buyer.uid, { [id]: 2 });
    const { orderId } = await checkout(buyer);
    const sessionId = (await checkoutOf(orderId)).stripe_session_id!;
    // Closed here (its hold released) while a stale tab still has the session open.
    expect(await closeCheckout(firestore(), orderId, 'replaced', { withSession: true })).toBe(true);
    await payWithShipTo(harness.sandbox, sessionId, { delayed: true });
    expect((await orderOf(orderId)).status).toBe('pending');
    expect(await levels(id)).toEqual({ on_hand: 10, reserved: 0 });
    await harness.sandbox.settleDelayedPayment(sessionId, 'succeeded');
    await harness.sandbox.whenWebhooksIdle();
    expect((await orderOf(orderId)).status).toBe('processing');
    expect(await levels(id)).toEqual({ on_hand: 8, reserved: 0 });
  });
});
