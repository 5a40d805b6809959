import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import { addDays, businessDay, paths, PRODUCT_DEFAULTS, WEEK_MS } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import type { CallRequest } from '../../src/handlers/edge';
import { manageStandingOrderHandler } from '../../src/handlers/manage-standing-order';
import { firestore } from '../../src/lib/admin';
import { createContext } from '../../src/lib/context';
import { recordRenewalPaid, renewalOrderId } from '../../src/standing-orders/renewals';
import { advanceBuyerClock } from '../../../scripts/lib/test-clocks';
import {
  checkoutOf,
  createMember,
  createUser,
  orderOf,
  ordersOfUser,
  PAY_SHIP_TO,
  startPaymentsHarness,
  type TestUser,
} from '../payments/support';

/**
 * Standing orders that bend (docs/standing-orders.md#what-buyers-change), against the Stripe
 * sandbox and the Firestore emulator: products added, removed and changed, a new interval, a new
 * next delivery date and a buyer's pause, each from the next cycle (the renewal's invoice shows
 * it), and every refusal changing nothing, at Stripe or in Firestore.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;

const RUN = randomUUID().slice(0, 8);
const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const call = (user: TestUser, data: unknown = {}): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});
const manage = (user: TestUser, data: unknown) => manageStandingOrderHandler(call(user, data));

const createdProducts: string[] = [];

beforeAll(async () => {
  process.env.STRIPE_TEST_CLOCKS = 'per-customer';
  harness = await startPaymentsHarness();
  manager = await createUser('manager');
});

afterAll(async () => {
  delete process.env.STRIPE_TEST_CLOCKS;
  await Promise.all(
    createdProducts.flatMap((id) => [
      firestore().doc(paths.product(id)).delete(),
      firestore().doc(paths.wholesalePrice(id)).delete(),
    ]),
  );
  await harness?.stop();
});

async function product(
  key: string,
  fields: { name: string; price_retailer?: number | null } & Record<string, unknown>,
): Promise<string> {
  const id = `t-sob-${key}-${RUN}`;
  await Promise.all([
    firestore()
      .doc(paths.product(id))
      .set({
        ...PRODUCT_DEFAULTS,
        description: 'Standing order test product.',
        image_url: '/products/blue-coast.svg',
        price_retailer: 1000,
        is_active: true,
        sort_order: 96_500,
        sku: `SB-${key.toUpperCase()}`,
        ...fields,
      }),
    firestore().doc(paths.wholesalePrice(id)).set({ price_wholesaler: 800, price_breaks: [] }),
  ]);
  createdProducts.push(id);
  return id;
}

async function subscribed(lines: Record<string, number>) {
  const buyer = await createUser('retailer');
  const db = firestore();
  const batch = db.batch();
  for (const [productId, quantity] of Object.entries(lines)) {
    batch.set(db.doc(paths.cartItem(buyer.uid, productId)), { product_id: productId, quantity });
  }
  await batch.commit();
  const { orderId } = await createCheckoutSessionHandler(call(buyer, { interval: 2 }));
  const sessionId = (await checkoutOf(orderId)).stripe_session_id!;
  await harness.sandbox.pay(sessionId, {
    shipping: { name: PAY_SHIP_TO.name, address: PAY_SHIP_TO.address },
    phone: PAY_SHIP_TO.phone,
  });
  await harness.sandbox.whenWebhooksIdle();
  return { buyer, id: orderId };
}

/** Moves the buyer's Stripe test clock on by `weeks` weeks (and an hour), renewals delivered. */
async function advance(buyer: TestUser, weeks: number) {
  const customerId: unknown = (await firestore().doc(paths.stripeCustomer(buyer.uid)).get()).get(
    'customer_id',
  );
  await advanceBuyerClock({
    stripe: harness.stripe,
    customerId: typeof customerId === 'string' ? customerId : null,
    weeks,
  });
  await harness.sandbox.whenWebhooksIdle();
}

async function standingOf(id: string) {
  const data = (await firestore().doc(paths.standingOrder(id)).get()).data()!;
  const millis = (value: unknown) => (value as { toMillis(): number } | null)?.toMillis() ?? null;
  return {
    status: data.status as string,
    interval_weeks: data.interval_weeks as number,
    lines: data.lines as Array<{
      product_id: string;
      name: string;
      quantity: number;
      unit_amount: number;
      paused_reason: string | null;
    }>,
    product_ids: data.product_ids as string[],
    next: millis(data.next_delivery_at),
    skipped: millis(data.skipped_delivery_at),
    pausedUntil: millis(data.paused_until),
    history: data.history as Array<{ action: string; by: string; text: string }> | undefined,
    updated: millis(data.updated_at),
    subscriptionId: data.stripe_subscription_id as string,
  };
}

async function subscriptionItems(subscriptionId: string) {
  const sub = await harness.stripe.subscriptions.retrieve(subscriptionId);
  return {
    status: sub.status,
    trialEnd: sub.trial_end,
    pause: sub.pause_collection,
    items: sub.items.data.map((item) => [
      item.price.metadata?.productId,
      item.quantity,
      item.price.unit_amount,
      item.price.recurring?.interval_count,
    ]),
  };
}

async function renewals(uid: string) {
  const docs = await ordersOfUser(uid);
  return docs
    .map((doc) => ({ id: doc.id, ...doc.data() }) as Record<string, unknown> & { id: string })
    .filter((order) => order.source === 'standing_order');
}

async function refusal(promise: Promise<unknown>): Promise<HttpsError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpsError);
  return error as HttpsError;
}

/** Runs each refused request and checks that neither Firestore nor Stripe changed. */
async function refusedUnchanged(
  id: string,
  attempts: ReadonlyArray<readonly [TestUser, unknown, string, RegExp | string]>,
) {
  const before = await standingOf(id);
  const stripeBefore = await subscriptionItems(before.subscriptionId);
  for (const [user, data, code, message] of attempts) {
    const error = await refusal(manage(user, { standingOrderId: id, ...(data as object) }));
    expect([code, error.message]).toEqual([code, expect.stringMatching(message)]);
    expect(error.code).toBe(code);
  }
  expect(await standingOf(id)).toEqual(before);
  expect(await subscriptionItems(before.subscriptionId)).toEqual(stripeBefore);
}

describe('set_lines: products added, removed and changed', () => {
  it('applies from the next cycle: the renewal charges the new lines at the server prices', async () => {
    const keep = await product('keep', { name: 'Keep Syrup', price_retailer: 500, case_pack: 2 });
    const drop = await product('drop', { name: 'Drop Syrup', price_retailer: 300 });
    const add = await product('add', {
      name: 'Add Syrup',
      price_retailer: 700,
      price_breaks_retailer: [],
    });
    const { buyer, id } = await subscribed({ [keep]: 2, [drop]: 1 });
    const first = await orderOf(id);

    const answer = await manage(buyer, {
      standingOrderId: id,
      action: 'set_lines',
      lines: [
        { productId: keep, quantity: 4 },
        { productId: add, quantity: 3 },
      ],
    });
    expect(answer.cycleAmount).toBe(4 * 500 + 3 * 700);
    const standing = await standingOf(id);
    expect(standing.lines.map((l) => [l.product_id, l.name, l.quantity, l.unit_amount])).toEqual([
      [keep, 'Keep Syrup', 4, 500],
      [add, 'Add Syrup', 3, 700],
    ]);
    expect(standing.product_ids).toEqual([keep, add]);
    expect(standing.history?.at(-1)).toMatchObject({ action: 'set_lines', by: buyer.uid });
    expect((await subscriptionItems(standing.subscriptionId)).items).toEqual([
      [keep, 4, 500, 2],
      [add, 3, 700, 2],
    ]);
    // The paid first order is as it was; nothing is charged now.
    expect((await orderOf(id)).amount).toBe(first.amount);
    expect(await renewals(buyer.uid)).toHaveLength(0);

    await advance(buyer, 2);
    const [renewal] = await renewals(buyer.uid);
    expect(renewal?.items).toMatchObject([
      { product_id: keep, quantity: 4, unit_amount: 500 },
      { product_id: add, quantity: 3, unit_amount: 700 },
    ]);
    expect(renewal?.amount).toBe(4 * 500 + 3 * 700);
  });

  it('stores a line short of stock paused, as a product running out does', async () => {
    const keep = await product('stk1', { name: 'Stocked Syrup', price_retailer: 400 });
    const short = await product('stk2', {
      name: 'Short Syrup',
      price_retailer: 400,
      stock_on_hand: 2,
    });
    const { buyer, id } = await subscribed({ [keep]: 1 });
    await manage(buyer, {
      standingOrderId: id,
      action: 'set_lines',
      lines: [
        { productId: keep, quantity: 1 },
        { productId: short, quantity: 5 },
      ],
    });
    const standing = await standingOf(id);
    expect(standing.lines.map((l) => [l.product_id, l.paused_reason])).toEqual([
      [keep, null],
      [short, 'out_of_stock'],
    ]);
    expect((await subscriptionItems(standing.subscriptionId)).items).toEqual([[keep, 1, 400, 2]]);
  });

  it('refuses a viewer, another company, bad lines and a cancelled standing order, changing nothing', async () => {
    const keep = await product('ref1', {
      name: 'Pack Syrup',
      price_retailer: 500,
      case_pack: 6,
      min_quantity: 6,
    });
    const gone = await product('ref2', { name: 'Gone Syrup', is_active: false });
    const { buyer, id } = await subscribed({ [keep]: 6 });
    const viewer = await createMember(buyer.uid, 'viewer');
    const stranger = await createUser('retailer');
    const line = (productId: string, quantity: number) => ({ productId, quantity });
    const set = (lines: unknown) => ({ action: 'set_lines', lines });
    await refusedUnchanged(id, [
      [viewer, set([line(keep, 12)]), 'permission-denied', /view/i],
      [stranger, set([line(keep, 12)]), 'not-found', 'Standing order not found.'],
      [buyer, set([line(keep, 7)]), 'failed-precondition', /Pack Syrup.*cases of 6/],
      [buyer, set([line(gone, 1)]), 'failed-precondition', 'That product is not sold any more.'],
      [buyer, set([line(`missing-${RUN}`, 1)]), 'failed-precondition', /not sold/],
      [buyer, set([]), 'invalid-argument', /at least one product/],
      [buyer, set([line(keep, 6), line(keep, 12)]), 'invalid-argument', /each product once/],
      [
        buyer,
        set(Array.from({ length: 21 }, (_, i) => line(`p${i}`, 1))),
        'invalid-argument',
        /at most 20 products/,
      ],
      [buyer, set([line(keep, 0)]), 'invalid-argument', /at least 1/],
      [buyer, set([line(keep, 1.5)]), 'invalid-argument', /whole number/],
    ]);
    await manage(buyer, { standingOrderId: id, action: 'cancel' });
    await refusedUnchanged(id, [
      [buyer, set([line(keep, 12)]), 'failed-precondition', 'This standing order is cancelled.'],
      [buyer, { action: 'set_interval', weeks: 4 }, 'failed-precondition', /cancelled/],
      [buyer, { action: 'pause_weeks', weeks: 2 }, 'failed-precondition', /cancelled/],
    ]);
  });
});

describe('set_interval', () => {
  it('bills the new interval from the next cycle; the next delivery date stays', async () => {
    const syrup = await product('int', { name: 'Interval Syrup', price_retailer: 600 });
    const { buyer, id } = await subscribed({ [syrup]: 2 });
    const { next } = await standingOf(id);

    const answer = await manage(buyer, { standingOrderId: id, action: 'set_interval', weeks: 4 });
    expect(answer.nextDeliveryAt).toBe(new Date(next!).toISOString());
    const standing = await standingOf(id);
    expect(standing).toMatchObject({ interval_weeks: 4, next });
    const sub = await subscriptionItems(standing.subscriptionId);
    expect(sub).toMatchObject({ trialEnd: next! / 1000, items: [[syrup, 2, 600, 4]] });

    await advance(buyer, 2);
    const [renewal] = await renewals(buyer.uid);
    expect(renewal?.amount).toBe(1200);
    // The cycle after it is four weeks later.
    expect((await standingOf(id)).next).toBe(next! + 4 * WEEK_MS);
    await advance(buyer, 2);
    expect(await renewals(buyer.uid)).toHaveLength(1);
    await advance(buyer, 2);
    expect(await renewals(buyer.uid)).toHaveLength(2);
  });

  it('refuses an interval not offered or the same one, changing nothing', async () => {
    const syrup = await product('int2', { name: 'Same Syrup', price_retailer: 600 });
    const { buyer, id } = await subscribed({ [syrup]: 2 });
    await refusedUnchanged(id, [
      [buyer, { action: 'set_interval', weeks: 3 }, 'invalid-argument', /2, 4 or 8 weeks/],
      [buyer, { action: 'set_interval', weeks: '4' }, 'invalid-argument', /2, 4 or 8 weeks/],
      [
        buyer,
        { action: 'set_interval', weeks: 2 },
        'failed-precondition',
        'This standing order is already delivered every 2 weeks.',
      ],
    ]);
  });
});

describe('set_next_delivery', () => {
  it('moves the next charge (trial_end at Stripe); the old date passes without a charge', async () => {
    const syrup = await product('date', { name: 'Date Syrup', price_retailer: 450 });
    const { buyer, id } = await subscribed({ [syrup]: 2 });
    const { next } = await standingOf(id);
    const day = addDays(businessDay(new Date(next!)), 5);

    const answer = await manage(buyer, {
      standingOrderId: id,
      action: 'set_next_delivery',
      date: day,
    });
    const moved = next! + 5 * 24 * 3600 * 1000;
    expect(answer.nextDeliveryAt).toBe(new Date(moved).toISOString());
    const standing = await standingOf(id);
    expect(standing.next).toBe(moved);
    expect(await subscriptionItems(standing.subscriptionId)).toMatchObject({
      status: 'trialing',
      trialEnd: moved / 1000,
    });
    await advance(buyer, 2);
    expect(await renewals(buyer.uid)).toHaveLength(0);
    await advance(buyer, 1);
    const [renewal] = await renewals(buyer.uid);
    expect(renewal?.amount).toBe(900);
    expect((await standingOf(id)).next).toBe(moved + 2 * WEEK_MS);
  });

  it('refuses a bad, past, too early or too late date, changing nothing', async () => {
    const syrup = await product('date2', { name: 'Bad Date Syrup', price_retailer: 450 });
    const { buyer, id } = await subscribed({ [syrup]: 2 });
    const { next } = await standingOf(id);
    // The buyer's clock starts at the time of the first order.
    const today = businessDay(new Date(next! - 2 * WEEK_MS));
    const set = (date: unknown) => ({ action: 'set_next_delivery', date });
    await refusedUnchanged(id, [
      [buyer, set('next week'), 'invalid-argument', 'Enter the date as YYYY-MM-DD.'],
      [buyer, set('2027-02-30'), 'failed-precondition', 'Enter the date as YYYY-MM-DD.'],
      [buyer, set(today), 'failed-precondition', 'Choose a date from tomorrow on.'],
      [buyer, set(addDays(today, -3)), 'failed-precondition', 'Choose a date from tomorrow on.'],
      [buyer, set(addDays(today, 57)), 'failed-precondition', /at most 8 weeks ahead/],
      [
        buyer,
        set(businessDay(new Date(next!))),
        'failed-precondition',
        /The next delivery is already on/,
      ],
    ]);
  });
});

describe('a paid invoice that is no cycle', () => {
  it('makes no order: moving the date may bring Stripe to bill $0 for the update', async () => {
    const syrup = await product('nc', { name: 'No Cycle Syrup', price_retailer: 250 });
    const { id } = await subscribed({ [syrup]: 4 });
    const { subscriptionId } = await standingOf(id);
    const [first] = (await harness.stripe.invoices.list({ subscription: subscriptionId })).data;
    const update = {
      ...first!,
      id: `in_update_${RUN}`,
      billing_reason: 'subscription_update' as const,
      amount_paid: 0,
    };
    const outcome = await recordRenewalPaid(createContext(), update);
    expect(outcome.outcome).toBe('not-a-renewal');
    expect(outcome.orderId).toBeNull();
    expect(
      (
        await firestore()
          .doc(paths.order(renewalOrderId(update.id)))
          .get()
      ).exists,
    ).toBe(false);
  });
});

describe('pause_weeks and resume', () => {
  it('passes the deliveries in the pause without a charge, then charges again', async () => {
    const syrup = await product('pw', { name: 'Pause Week Syrup', price_retailer: 250 });
    const { buyer, id } = await subscribed({ [syrup]: 4 });
    const { next } = await standingOf(id);

    const answer = await manage(buyer, { standingOrderId: id, action: 'pause_weeks', weeks: 3 });
    expect(answer.pausedUntil).not.toBeNull();
    // The delivery two weeks on is in the pause; the one after it is charged.
    expect(answer.nextDeliveryAt).toBe(new Date(next! + 2 * WEEK_MS).toISOString());
    const standing = await standingOf(id);
    expect(standing.status).toBe('active');
    const sub = await subscriptionItems(standing.subscriptionId);
    expect(sub.pause).toEqual({ behavior: 'void', resumes_at: standing.pausedUntil! / 1000 });

    await advance(buyer, 2);
    expect(await renewals(buyer.uid)).toHaveLength(0);
    await advance(buyer, 2);
    expect(await renewals(buyer.uid)).toHaveLength(1);
  });

  it('keeps a skip of a delivery after the pause: that delivery is still not charged', async () => {
    const syrup = await product('pws', { name: 'Pause Skip Syrup', price_retailer: 250 });
    const { buyer, id } = await subscribed({ [syrup]: 4 });
    const { next } = await standingOf(id);
    await manage(buyer, { standingOrderId: id, action: 'skip' });
    expect((await standingOf(id)).skipped).toBe(next);

    // A week's pause ends before the skipped delivery (two weeks on): the skip stays.
    const answer = await manage(buyer, { standingOrderId: id, action: 'pause_weeks', weeks: 1 });
    expect((await standingOf(id)).skipped).toBe(next);
    expect(answer.nextDeliveryAt).toBe(new Date(next! + 2 * WEEK_MS).toISOString());

    await advance(buyer, 2);
    expect(await renewals(buyer.uid)).toHaveLength(0);
    await advance(buyer, 2);
    expect(await renewals(buyer.uid)).toHaveLength(1);
  });

  it('lets the buyer resume their own pause, not a manager pause; refuses bad weeks', async () => {
    const syrup = await product('pw2', { name: 'Resume Syrup', price_retailer: 250 });
    const { buyer, id } = await subscribed({ [syrup]: 4 });
    await refusedUnchanged(id, [
      [buyer, { action: 'pause_weeks', weeks: 0 }, 'invalid-argument', 'Pause for 1 to 8 weeks.'],
      [buyer, { action: 'pause_weeks', weeks: 9 }, 'invalid-argument', 'Pause for 1 to 8 weeks.'],
      [buyer, { action: 'pause_weeks', weeks: 1.5 }, 'invalid-argument', 'Pause for 1 to 8 weeks.'],
      [buyer, { action: 'resume' }, 'failed-precondition', 'This standing order is not paused.'],
      [buyer, { action: 'pause' }, 'permission-denied', /Only a manager/],
    ]);
    await manage(buyer, { standingOrderId: id, action: 'pause_weeks', weeks: 2 });
    const skip = await refusal(manage(buyer, { standingOrderId: id, action: 'skip' }));
    expect(skip.message).toMatch(/paused until .*resume it to skip/);
    const resumed = await manage(buyer, { standingOrderId: id, action: 'resume' });
    expect(resumed.pausedUntil).toBeNull();
    const standing = await standingOf(id);
    expect(standing.pausedUntil).toBeNull();
    expect((await subscriptionItems(standing.subscriptionId)).pause).toBeNull();

    await manage(manager, { standingOrderId: id, action: 'pause' });
    await refusedUnchanged(id, [
      [buyer, { action: 'resume' }, 'failed-precondition', /paused by us/],
      [buyer, { action: 'pause_weeks', weeks: 2 }, 'failed-precondition', /paused by us/],
    ]);
  });
});
