import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import { addDays, businessDay, mailKeys, paths, PRODUCT_DEFAULTS, WEEK_MS } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import type { CallRequest } from '../../src/handlers/edge';
import { manageStandingOrderHandler } from '../../src/handlers/manage-standing-order';
import { skipStandingOrderDeliveryHandler } from '../../src/handlers/skip-standing-order-delivery';
import { adminAuth, firestore } from '../../src/lib/admin';
import { createContext } from '../../src/lib/context';
import { sendStandingOrderReminders } from '../../src/standing-orders/reminders';
import { INVALID_LINK, STALE_LINK, skipToken } from '../../src/standing-orders/skip-link';
import { advanceBuyerClock } from '../../../scripts/lib/test-clocks';
import {
  checkoutOf,
  createMember,
  createUser,
  ordersOfUser,
  PAY_SHIP_TO,
  startPaymentsHarness,
  type TestUser,
} from '../payments/support';
import { mailDoc, mailKeysStartingWith } from '../mail/support';

/**
 * The reminder 3 days before each charge (once per cycle, to the company's owners and the buyer
 * who started it) and its one-tap skip link: opening it shows the delivery and skips nothing,
 * confirming skips exactly that delivery (again: nothing changes), and a tampered, expired or
 * stale link is refused, changing nothing.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
const RUN = randomUUID().slice(0, 8);
const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const call = (user: TestUser, data: unknown = {}): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});
const anonymous = (data: unknown): CallRequest =>
  ({ data, rawRequest: { ip: IP } }) as unknown as CallRequest;
const skipLink = (data: unknown) => skipStandingOrderDeliveryHandler(anonymous(data));
const createdProducts: string[] = [];

beforeAll(async () => {
  process.env.STRIPE_TEST_CLOCKS = 'per-customer';
  harness = await startPaymentsHarness();
});

afterAll(async () => {
  delete process.env.STRIPE_TEST_CLOCKS;
  await Promise.all(createdProducts.map((id) => firestore().doc(paths.product(id)).delete()));
  await harness?.stop();
});

async function subscribed(key: string, price: number, quantity: number) {
  const id = `t-sor-${key}-${RUN}`;
  await firestore()
    .doc(paths.product(id))
    .set({
      ...PRODUCT_DEFAULTS,
      name: `Reminder ${key}`,
      description: 'Reminder test product.',
      image_url: '/products/blue-coast.svg',
      price_retailer: price,
      is_active: true,
      sort_order: 96_700,
      sku: `SR-${key.toUpperCase()}`,
    });
  createdProducts.push(id);
  const buyer = await createUser('retailer');
  await firestore().doc(paths.cartItem(buyer.uid, id)).set({ product_id: id, quantity });
  const { orderId } = await createCheckoutSessionHandler(call(buyer, { interval: 2 }));
  await harness.sandbox.pay((await checkoutOf(orderId)).stripe_session_id!, {
    shipping: { name: PAY_SHIP_TO.name, address: PAY_SHIP_TO.address },
    phone: PAY_SHIP_TO.phone,
  });
  await harness.sandbox.whenWebhooksIdle();
  const next = (
    (await firestore().doc(paths.standingOrder(orderId)).get()).get('next_delivery_at') as {
      toMillis(): number;
    }
  ).toMillis();
  return { buyer, id: orderId, next, productName: `Reminder ${key}` };
}

async function advance(buyer: TestUser, weeks: number, days = 0) {
  const customerId = (await firestore().doc(paths.stripeCustomer(buyer.uid)).get()).get(
    'customer_id',
  ) as string;
  await advanceBuyerClock({ stripe: harness.stripe, customerId, weeks, days });
  await harness.sandbox.whenWebhooksIdle();
}

const sweep = () => sendStandingOrderReminders(createContext());
const reminders = (id: string) => mailKeysStartingWith(`standing-order-reminder.${id}.`);

async function standingOf(id: string) {
  const data = (await firestore().doc(paths.standingOrder(id)).get()).data()!;
  const millis = (value: unknown) => (value as { toMillis(): number } | null)?.toMillis() ?? null;
  return {
    skipped: millis(data.skipped_delivery_at),
    reminded: millis(data.reminded_delivery_at),
    next: millis(data.next_delivery_at),
    updated: millis(data.updated_at),
    status: data.status as string,
  };
}

/** The skip link's token in a reminder's text. */
function tokenIn(text: string): string {
  const match = /\/skip\?token=([A-Za-z0-9_.-]+)/.exec(text);
  if (!match) throw new Error(`no skip link in: ${text}`);
  return match[1]!;
}

async function refusal(promise: Promise<unknown>): Promise<HttpsError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpsError);
  return error as HttpsError;
}

describe('the reminder 3 days before each charge', () => {
  it('mails the owners and the buyer once per cycle, with the lines, total, date and skip link', async () => {
    const { buyer, id, next, productName } = await subscribed('once', 425, 4);
    const coOwner = await createMember(buyer.uid, 'owner');
    // Two weeks ahead: too early.
    await sweep();
    expect(await reminders(id)).toEqual([]);

    await advance(buyer, 1, 4);
    await sweep();
    await sweep();
    expect(await reminders(id)).toEqual([mailKeys.standingOrderReminder(id, next)]);
    const mail = (await mailDoc(mailKeys.standingOrderReminder(id, next)))!;
    expect(mail.to.sort()).toEqual([buyer.email, coOwner.email].sort());
    expect(mail.message.subject).toMatch(/^Your next delivery on .+: \$17\.00$/);
    expect(mail.message.text).toContain(productName);
    expect(mail.message.text).toContain('Skip this delivery');
    expect(mail.message.html).toContain('/skip?token=');
    expect((await standingOf(id)).reminded).toBe(next);

    // The next cycle gets its own reminder, once.
    await advance(buyer, 1, 0);
    await sweep();
    await advance(buyer, 0, 7);
    await sweep();
    await sweep();
    expect((await reminders(id)).sort()).toEqual(
      [
        mailKeys.standingOrderReminder(id, next),
        mailKeys.standingOrderReminder(id, next + 2 * WEEK_MS),
      ].sort(),
    );
  });

  it('records nothing when no address can be read, so the next run tries again', async () => {
    const { buyer, id, next } = await subscribed('noaddr', 300, 2);
    await advance(buyer, 1, 4);
    const email = buyer.email;
    await adminAuth().updateUser(buyer.uid, { disabled: true });
    await sweep();
    expect(await reminders(id)).toEqual([]);
    expect((await standingOf(id)).reminded).toBeNull();
    await adminAuth().updateUser(buyer.uid, { disabled: false, email });
    await sweep();
    expect(await reminders(id)).toEqual([mailKeys.standingOrderReminder(id, next)]);
  });

  it('reminds a moved delivery again, and none while paused', async () => {
    const { buyer, id, next } = await subscribed('moved', 300, 2);
    await advance(buyer, 1, 4);
    await sweep();
    const moved = addDays(businessDay(new Date(next)), 2);
    await manageStandingOrderHandler(
      call(buyer, { standingOrderId: id, action: 'set_next_delivery', date: moved }),
    );
    await sweep();
    expect(await reminders(id)).toEqual([mailKeys.standingOrderReminder(id, next)]);
    await advance(buyer, 0, 2);
    await sweep();
    expect((await reminders(id)).sort()).toEqual(
      [
        mailKeys.standingOrderReminder(id, next),
        mailKeys.standingOrderReminder(id, next + 2 * 24 * 3600 * 1000),
      ].sort(),
    );

    const paused = await subscribed('paused', 300, 2);
    await manageStandingOrderHandler(
      call(paused.buyer, { standingOrderId: paused.id, action: 'pause_weeks', weeks: 3 }),
    );
    await advance(paused.buyer, 1, 4);
    await sweep();
    expect(await reminders(paused.id)).toEqual([]);
  });
});

describe('the skip link', () => {
  it('shows the delivery without skipping it, skips it on confirm, once', async () => {
    const { buyer, id, next, productName } = await subscribed('skip', 500, 3);
    await advance(buyer, 1, 4);
    await sweep();
    const token = tokenIn((await mailDoc(mailKeys.standingOrderReminder(id, next)))!.message.text);
    const before = await standingOf(id);

    // Opening the page (a scanner prefetching the link) skips nothing.
    const shown = await skipLink({ token });
    expect(shown).toMatchObject({
      state: 'scheduled',
      deliveryAt: new Date(next).toISOString(),
      lines: [{ name: productName, quantity: 3, unitAmount: 500 }],
      total: 1500,
      nextChargeAt: new Date(next + 2 * WEEK_MS).toISOString(),
    });
    expect(await standingOf(id)).toEqual(before);

    const skipped = await skipLink({ token, confirm: true });
    expect(skipped.state).toBe('skipped');
    const after = await standingOf(id);
    expect(after.skipped).toBe(next);
    const again = await skipLink({ token, confirm: true });
    expect(again.state).toBe('skipped');
    expect((await standingOf(id)).updated).toBe(after.updated);

    // The skipped delivery passes without a charge; the link is stale after it.
    await advance(buyer, 0, 3);
    expect((await ordersOfUser(buyer.uid)).length).toBe(1);
    const stale = await refusal(skipLink({ token, confirm: true }));
    expect([stale.code, stale.message]).toEqual(['failed-precondition', STALE_LINK]);
  });

  it('refuses a tampered, expired, malformed or stale token, changing nothing', async () => {
    const { buyer, id, next } = await subscribed('bad', 500, 1);
    const env = createContext().env;
    const good = skipToken(env, id, new Date(next));
    const [body, signature] = good.split('.') as [string, string];
    const other = skipToken(env, `${id}x`, new Date(next)).split('.')[0]!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const before = await standingOf(id);
    for (const token of [
      `${body}.${flipped}`,
      `${other}.${signature}`,
      skipToken(env, id, new Date(Date.now() - 1000)),
    ]) {
      const error = await refusal(skipLink({ token, confirm: true }));
      expect([error.code, error.message]).toEqual(['failed-precondition', INVALID_LINK]);
    }
    for (const data of [{ token: 'nope' }, { token: good, confirm: 'yes' }, {}]) {
      expect((await refusal(skipLink(data))).code).toBe('invalid-argument');
    }
    // A token for another date than the next delivery (moved since): stale.
    const wrongDay = skipToken(env, id, new Date(next + 24 * 3600 * 1000));
    const stale = await refusal(skipLink({ token: wrongDay, confirm: true }));
    expect(stale.message).toBe(STALE_LINK);
    expect(await standingOf(id)).toEqual(before);
    // Cancelled: stale too.
    await manageStandingOrderHandler(call(buyer, { standingOrderId: id, action: 'cancel' }));
    expect((await refusal(skipLink({ token: good, confirm: true }))).message).toBe(STALE_LINK);
  });
});
