import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  COLLECTIONS,
  mailKeys,
  paths,
  PRODUCT_DEFAULTS,
  STOCK_ALERT_MESSAGES,
  stockAlertId,
  stockAlertPath,
} from '@portal/domain';
import type { CallRequest } from '../../src/handlers/edge';
import {
  productRestockedHandler,
  subscribeStockAlertHandler,
  unsubscribeStockAlertHandler,
} from '../../src/handlers/stock-alerts';
import { adminAuth, firestore } from '../../src/lib/admin';
import { NOT_APPROVED } from '../../src/lib/caller';
import { log } from '../../src/lib/log';
import { createMember, createUser, type TestUser } from '../payments/support';
import { describeOutcome, settle } from '../support/call-outcome';
import { databaseState, stateChanges, type DatabaseState } from '../support/database-state';

/**
 * Back-in-stock alerts (docs/catalog.md#back-in-stock-alerts): a member subscribes to a product
 * that is out of stock; the write that brings it back deletes each alert and queues its one mail
 * in one transaction. Later stock changes find no alert, a replayed event queues nothing, and
 * refused subscriptions change nothing. The trigger is called as the Functions runtime calls it,
 * with the product's snapshots before and after each write.
 */

const db = () => firestore();
const RUN = randomUUID().slice(0, 8);
const IP = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

const call = (user: TestUser, data: unknown): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: IP },
});
const subscribe = (user: TestUser, productId: string) =>
  subscribeStockAlertHandler(call(user, { productId }));
const unsubscribe = (user: TestUser, productId: string) =>
  unsubscribeStockAlertHandler(call(user, { productId }));

let products = 0;
/** A product of this run, out of stock unless `fields` say otherwise. */
async function writeProduct(fields: Record<string, unknown> = {}): Promise<string> {
  const id = `t-alert-${RUN}-${++products}`;
  await db()
    .doc(paths.product(id))
    .set({
      ...PRODUCT_DEFAULTS,
      name: `Alert syrup ${products}`,
      description: 'A syrup for the stock alert tests.',
      image_url: '/products/blue-coast.svg',
      price_retailer: 1_000,
      is_active: true,
      sort_order: 97_000,
      sku: `AL${products}`,
      stock_on_hand: 0,
      ...fields,
    });
  return id;
}

let events = 0;
/**
 * Writes `fields` to the product and runs the trigger on that write, as the runtime would: the
 * snapshots before and after, the commit's time and one event id. Returns the event, to replay.
 */
async function writeAndTrigger(productId: string, fields: Record<string, unknown>) {
  const ref = db().doc(paths.product(productId));
  const before = await ref.get();
  const result = await ref.update(fields);
  const after = await ref.get();
  const event = {
    id: `event-${RUN}-${++events}`,
    params: { productId },
    data: { before, after },
    time: result.writeTime.toDate().toISOString(),
  };
  return { event, outcome: await productRestockedHandler(event) };
}

async function mailsOf(productId: string) {
  const snap = await db().collection(COLLECTIONS.mail).where('kind', '==', 'back-in-stock').get();
  return snap.docs
    .filter((doc) => doc.id.startsWith(`back-in-stock.${productId}_`))
    .map((doc) => ({
      id: doc.id,
      ...(doc.data() as { to: string[]; message: { subject: string; text: string; html: string } }),
    }));
}

const alertOf = async (productId: string, user: TestUser) =>
  (
    await db()
      .doc(stockAlertPath(stockAlertId(productId, user.uid)))
      .get()
  ).data();

/** What changed since `before`, less the rate limits' windows (each call counts in them). */
async function changesSince(before: DatabaseState): Promise<string[]> {
  return stateChanges(before, await databaseState()).filter(
    (line) => !line.includes(` ${COLLECTIONS.rateLimits}/`),
  );
}

let owner: TestUser;
let buyer: TestUser;
let viewer: TestUser;
let pending: TestUser;

beforeAll(async () => {
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  [owner, pending] = await Promise.all([createUser('retailer'), createUser('retailer', 'pending')]);
  [buyer, viewer] = await Promise.all([
    createMember(owner.uid, 'buyer'),
    createMember(owner.uid, 'viewer'),
  ]);
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe('subscribeStockAlert and unsubscribeStockAlert', () => {
  it('keeps one alert per member and product, for any role; again changes nothing', async () => {
    const product = await writeProduct({ stock_on_hand: 3, stock_reserved: 3 });
    await expect(subscribe(viewer, product)).resolves.toEqual({
      productId: product,
      subscribed: true,
    });
    const alert = await alertOf(product, viewer);
    expect(alert).toMatchObject({
      product_id: product,
      product_name: `Alert syrup ${products}`,
      sku: `AL${products}`,
      uid: viewer.uid,
      company_id: owner.uid,
      email: viewer.email,
    });
    const before = await databaseState();
    await expect(subscribe(viewer, product)).resolves.toEqual({
      productId: product,
      subscribed: true,
    });
    expect(await changesSince(before)).toEqual([]);

    await expect(unsubscribe(viewer, product)).resolves.toEqual({
      productId: product,
      subscribed: false,
    });
    expect(await alertOf(product, viewer)).toBeUndefined();
    const after = await databaseState();
    await expect(unsubscribe(viewer, product)).resolves.toEqual({
      productId: product,
      subscribed: false,
    });
    expect(await changesSince(after)).toEqual([]);
  });

  it('unsubscribes only the caller: the same product id leaves another member alone', async () => {
    const product = await writeProduct();
    await subscribe(owner, product);
    await unsubscribe(buyer, product);
    expect(await alertOf(product, owner)).toBeDefined();
  });

  it('refuses, changing nothing: in stock, unknown, inactive, backorders, unapproved', async () => {
    const inStock = await writeProduct({ stock_on_hand: 40 });
    const short = await writeProduct({ stock_on_hand: 11, case_pack: 12, min_quantity: 12 });
    const untracked = await writeProduct({ stock_on_hand: null });
    const inactive = await writeProduct({ is_active: false });
    const backorders = await writeProduct({ backorders_allowed: true });
    const out = await writeProduct();
    const cases: Array<[TestUser, string, string]> = [
      [buyer, inStock, `failed-precondition: ${STOCK_ALERT_MESSAGES.inStock}`],
      [buyer, untracked, `failed-precondition: ${STOCK_ALERT_MESSAGES.inStock}`],
      [buyer, backorders, `failed-precondition: ${STOCK_ALERT_MESSAGES.inStock}`],
      [buyer, `no-such-${RUN}`, `not-found: ${STOCK_ALERT_MESSAGES.notFound}`],
      [buyer, inactive, `failed-precondition: ${STOCK_ALERT_MESSAGES.inactive}`],
      [pending, out, `permission-denied: ${NOT_APPROVED}`],
    ];
    const before = await databaseState();
    for (const [user, productId, answer] of cases) {
      expect(describeOutcome(await settle(subscribe(user, productId))), productId).toBe(answer);
    }
    expect(await changesSince(before)).toEqual([]);
    // Fewer units than one line (a case of 12) is out of stock: that one is accepted.
    await expect(subscribe(buyer, short)).resolves.toMatchObject({ subscribed: true });
  });
});

describe('the restock', () => {
  it('mails each subscriber once and deletes their alerts; later changes send nothing', async () => {
    const product = await writeProduct();
    await subscribe(owner, product);
    await subscribe(buyer, product);
    const createdAt = {
      owner: (await alertOf(product, owner))!.created_at.toMillis() as number,
      buyer: (await alertOf(product, buyer))!.created_at.toMillis() as number,
    };

    // Still short of one unit reserved: not back yet, the alerts stay.
    const { outcome: none } = await writeAndTrigger(product, { stock_on_hand: 0 });
    expect(none).toEqual({ alerts: 0, mailed: 0 });

    const { event, outcome } = await writeAndTrigger(product, { stock_on_hand: 50 });
    expect(outcome).toEqual({ alerts: 2, mailed: 2 });
    const mails = await mailsOf(product);
    expect(mails.map((mail) => mail.id).sort()).toEqual(
      [
        mailKeys.backInStock(stockAlertId(product, owner.uid), createdAt.owner),
        mailKeys.backInStock(stockAlertId(product, buyer.uid), createdAt.buyer),
      ].sort(),
    );
    expect(mails.map((mail) => mail.to).sort()).toEqual([[buyer.email], [owner.email]].sort());
    const mail = mails[0]!;
    expect(mail.message.subject).toBe(`Alert syrup ${products} is back in stock`);
    expect(mail.message.text).toContain(`/portal/products/${product}`);
    expect(mail.message.text).toContain("Tell me when it's back");
    expect(mail.message.html).toContain(`/portal/products/${product}`);
    expect(await alertOf(product, owner)).toBeUndefined();
    expect(await alertOf(product, buyer)).toBeUndefined();

    // The same event again (the platform retries): nothing.
    const before = await databaseState();
    await expect(productRestockedHandler(event)).resolves.toEqual({ alerts: 0, mailed: 0 });
    expect(await changesSince(before)).toEqual([]);

    // Two more adjustments: no subscription left, no mail.
    expect((await writeAndTrigger(product, { stock_on_hand: 20 })).outcome.mailed).toBe(0);
    expect((await writeAndTrigger(product, { stock_on_hand: 70 })).outcome.mailed).toBe(0);
    expect(await mailsOf(product)).toHaveLength(2);
  });

  it('mails again for the next restock only to those who subscribed again', async () => {
    const product = await writeProduct();
    await subscribe(owner, product);
    await writeAndTrigger(product, { stock_on_hand: 10 });
    await writeAndTrigger(product, { stock_on_hand: 0 });
    await subscribe(owner, product);
    const { outcome } = await writeAndTrigger(product, { stock_on_hand: 10 });
    expect(outcome).toEqual({ alerts: 1, mailed: 1 });
    expect(await mailsOf(product)).toHaveLength(2);
  });

  it('counts released reservations and reactivation as a restock, not backorders', async () => {
    const product = await writeProduct({ stock_on_hand: 6, stock_reserved: 6 });
    await subscribe(owner, product);
    expect((await writeAndTrigger(product, { backorders_allowed: true })).outcome.mailed).toBe(0);
    expect(await alertOf(product, owner)).toBeDefined();
    expect((await writeAndTrigger(product, { stock_reserved: 0 })).outcome.mailed).toBe(1);
  });

  it('keeps the alert of a member whose mail cannot be made, and still mails the others', async () => {
    const product = await writeProduct();
    const unreachable = await createMember(owner.uid, 'buyer');
    await subscribe(unreachable, product);
    await subscribe(owner, product);
    // Their address cannot be read (the Auth account is gone while the profile stays approved).
    await adminAuth().deleteUser(unreachable.uid);
    expect((await writeAndTrigger(product, { stock_on_hand: 30 })).outcome).toEqual({
      alerts: 2,
      mailed: 1,
    });
    expect(await alertOf(product, unreachable)).toBeDefined();
    expect(await alertOf(product, owner)).toBeUndefined();
    expect((await mailsOf(product)).map((mail) => mail.to)).toEqual([[owner.email]]);
  });

  it('deletes the alert of a member no longer in the company without a mail', async () => {
    const product = await writeProduct();
    const leaving = await createMember(owner.uid, 'buyer');
    await subscribe(leaving, product);
    await db()
      .doc(paths.profile(leaving.uid))
      .update({ company_id: null, company_role: null, location_ids: [] });
    expect((await writeAndTrigger(product, { stock_on_hand: 30 })).outcome).toEqual({
      alerts: 1,
      mailed: 0,
    });
    expect(await alertOf(product, leaving)).toBeUndefined();
    expect(await mailsOf(product)).toEqual([]);
  });
});
