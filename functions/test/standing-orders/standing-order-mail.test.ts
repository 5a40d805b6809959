import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { Change } from 'firebase-functions/v2/firestore';
import { BRAND, mailKeys, paths, PRODUCT_DEFAULTS } from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import type { CallRequest } from '../../src/handlers/edge';
import { manageStandingOrderHandler } from '../../src/handlers/manage-standing-order';
import { deletePriceListHandler, savePriceListHandler } from '../../src/handlers/price-lists';
import { standingOrderChangedHandler } from '../../src/handlers/standing-order-triggers';
import { verifyPaymentHandler } from '../../src/handlers/verify-payment';
import { firestore } from '../../src/lib/admin';
import { createContext } from '../../src/lib/context';
import { standingOrderChangeMails } from '../../src/mail/standing-order-mails';
import { reconcileStandingOrdersOfProduct } from '../../src/standing-orders/reconcile';
import {
  companiesOfListsTurned,
  repriceAtPriceListTurns,
} from '../../src/standing-orders/price-list-turns';
import { repriceAtPriceListTurns as scheduled } from '../../src/index';
import { readStandingOrder } from '../../src/standing-orders/standing-order-record';
import {
  checkoutOf,
  createUser,
  PAY_SHIP_TO,
  startPaymentsHarness,
  type TestUser,
} from '../payments/support';
import { mailDoc, mailKeysStartingWith, type StoredMail } from '../mail/support';

/**
 * Standing orders speak up: the first confirmation and the payment page state the cadence, the
 * next charge and how to cancel; a skip, an undone skip, new quantities, new prices (a price list,
 * the catalog) and a cancellation each mail the buyer once (and the managers for a cancellation or
 * a new total), with the total and the next date, however often the trigger runs for the same
 * write.
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
const created: string[] = [];
/** Days as the mails write them: the business's (Pacific), whatever the time of day. */
const day = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeZone: 'America/Los_Angeles',
});

beforeAll(async () => {
  process.env.STRIPE_TEST_CLOCKS = 'per-customer';
  harness = await startPaymentsHarness();
  manager = await createUser('manager');
});

afterAll(async () => {
  delete process.env.STRIPE_TEST_CLOCKS;
  await Promise.all(created.map((id) => firestore().doc(paths.product(id)).delete()));
  await harness?.stop();
});

async function product(key: string, name: string, price: number): Promise<string> {
  const id = `t-som-${key}-${RUN}`;
  await firestore()
    .doc(paths.product(id))
    .set({
      ...PRODUCT_DEFAULTS,
      name,
      description: 'Standing order mail test product.',
      image_url: '/products/blue-coast.svg',
      price_retailer: price,
      is_active: true,
      sort_order: 97_000,
      sku: `SOM-${key.toUpperCase()}`,
    });
  created.push(id);
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
  return { buyer, id: orderId, sessionId };
}

const snapshot = (id: string) => firestore().doc(paths.standingOrder(id)).get();

/** What the platform hands the trigger for one write (the same object when it runs it again). */
async function around(id: string, change: () => Promise<unknown>) {
  const before = await snapshot(id);
  await change();
  const after = await snapshot(id);
  const event = {
    params: { standingOrderId: id },
    data: { before, after } as unknown as Change<DocumentSnapshot>,
  };
  const writeId = String(readStandingOrder(after)!.updated_at.getTime());
  return { event, writeId, after };
}

async function mail(key: string): Promise<StoredMail> {
  const found = await mailDoc(key);
  expect(found, key).not.toBeNull();
  return found!;
}

/** The mail as a reader sees it in plain text: no markup, one-line subject. */
function plain(found: StoredMail): string {
  expect(found.message.subject).not.toMatch(/[\r\n]/);
  expect(found.message.text).not.toMatch(/<\/?[a-z][^>]*>/i);
  return found.message.text;
}

function nextDate(doc: DocumentSnapshot): string {
  return day.format(readStandingOrder(doc)!.next_delivery_at!);
}

describe('standing order mails', () => {
  it('the first confirmation and the payment result state the cadence, the next charge and how to cancel', async () => {
    const syrup = await product('first', 'First Mail Syrup', 700);
    const { buyer, id, sessionId } = await subscribed({ [syrup]: 6 });
    const text = plain(await mail(mailKeys.orderConfirmation(id)));
    const next = nextDate(await snapshot(id));
    expect(text).toContain('delivery of your standing order (every 2 weeks)');
    expect(text).toMatch(/Delivery: Every 2 weeks/);
    expect(text).toMatch(/Charged each delivery: \$42\.00/);
    expect(text).toMatch(new RegExp(`Next charge: ${next}`));
    expect(text).toContain('renews automatically');
    expect(text).toContain('My Account > Standing orders');
    expect(text).toContain('"Cancel standing order"');
    expect(text).toContain(BRAND.supportEmail);
    expect(text).toContain('/portal/my-account?tab=standing-orders');

    const answer = await verifyPaymentHandler(call(buyer, { sessionId }));
    expect(answer.standingOrder).toEqual({
      intervalWeeks: 2,
      cycleAmount: 4200,
      nextChargeAt: readStandingOrder(await snapshot(id))!.next_delivery_at!.toISOString(),
    });
  });

  it('a skip mails the buyer once, with the skipped date, the next date and the total, however often the trigger runs', async () => {
    const syrup = await product('skip', 'Skip Mail Syrup', 500);
    const { buyer, id } = await subscribed({ [syrup]: 4 });
    const skippedDate = nextDate(await snapshot(id));
    const { event, writeId } = await around(id, () =>
      manage(buyer, { standingOrderId: id, action: 'skip' }),
    );
    const ctx = createContext();
    expect(await standingOrderChangedHandler(event, ctx)).toBe(1);
    // The platform delivers the same event again: nothing new.
    expect(await standingOrderChangedHandler(event, ctx)).toBe(0);
    expect(await standingOrderChangedHandler(event, ctx)).toBe(0);
    const found = await mail(mailKeys.standingOrderSkipped(id, writeId));
    expect(found.to).toEqual([buyer.email]);
    expect(found.message.subject).toBe(`Delivery of ${skippedDate} skipped`);
    const text = plain(found);
    const after = readStandingOrder(await snapshot(id))!;
    const following = day.format(new Date(after.next_delivery_at!.getTime() + 14 * 86_400_000));
    expect(text).toContain(`due on ${skippedDate}. Nothing is charged or shipped for it.`);
    expect(text).toContain(`Your next delivery is charged $20.00 on ${following}.`);
    expect(text).toMatch(new RegExp(`Next charge: ${following}`));
    expect(text).toContain('"Cancel standing order"');
    // A skip is the buyer's business: no manager mail.
    expect(await mailKeysStartingWith(`standing-order-changed-manager.${id}`)).toEqual([]);
    expect(await mailKeysStartingWith(`standing-order-skipped.${id}`)).toHaveLength(1);

    // Undoing it is one more mail: the delivery is back on, same total.
    const undo = await around(id, () => manage(buyer, { standingOrderId: id, action: 'unskip' }));
    expect(await standingOrderChangedHandler(undo.event, ctx)).toBe(1);
    expect(await standingOrderChangedHandler(undo.event, ctx)).toBe(0);
    const back = plain(await mail(mailKeys.standingOrderUnskipped(id, undo.writeId)));
    expect(back).toContain(`charged $20.00 on ${skippedDate}`);
  });

  it('new quantities mail the buyer the new total and the next date, and each manager because the total moved', async () => {
    const syrup = await product('change', 'Change Mail Syrup', 500);
    const { buyer, id } = await subscribed({ [syrup]: 4 });
    const { event, writeId, after } = await around(id, () =>
      manage(buyer, { standingOrderId: id, action: 'set_quantities', quantities: { [syrup]: 10 } }),
    );
    const ctx = createContext();
    const queued = await standingOrderChangedHandler(event, ctx);
    expect(queued).toBeGreaterThanOrEqual(2);
    expect(await standingOrderChangedHandler(event, ctx)).toBe(0);
    const toBuyer = await mail(mailKeys.standingOrderChanged(id, writeId));
    expect(toBuyer.to).toEqual([buyer.email]);
    expect(toBuyer.message.subject).toBe('Standing order changed: $50.00 every 2 weeks');
    const text = plain(toBuyer);
    expect(text).toContain(
      `apply from the next delivery, on ${nextDate(after)}. Each delivery now costs $50.00 (it was $20.00).`,
    );
    expect(text).toMatch(/10 x Change Mail Syrup\s+\$50\.00/);
    const toManager = await mail(mailKeys.standingOrderChangedManager(id, writeId, manager.uid));
    expect(toManager.to).toEqual([manager.email]);
    expect(toManager.message.subject).toMatch(
      /^Standing order changed: Store of .+: \$50\.00 per delivery$/,
    );
    const managerText = plain(toManager);
    expect(managerText).toMatch(/Before: \$20\.00/);
    expect(managerText).toMatch(/From the next delivery: \$50\.00/);
    expect(managerText).toContain('/admin?tab=standing-orders');
  });

  it('a change that keeps the total mails the buyer only (new prices with it: that one mail)', async () => {
    const syrup = await product('same', 'Same Total Syrup', 500);
    const { id } = await subscribed({ [syrup]: 4 });
    const before = readStandingOrder(await snapshot(id))!;
    const line = before.lines[0]!;
    // Twice the units at half the price (a price break): the same total.
    const after = {
      ...before,
      lines: [{ ...line, quantity: 8, unit_amount: 250 }],
      updated_at: new Date(before.updated_at.getTime() + 1000),
    };
    const mails = await standingOrderChangeMails(createContext(), before, after);
    expect(mails.map((m) => m.kind)).toEqual(['standing-order-changed']);
    expect(mails[0]!.mail.message.text).toContain('Each delivery still costs $20.00.');
  });

  it('new prices from a price list mail the buyer the unit price, the list and the new total once; no manager', async () => {
    const syrup = await product('list', 'Listed Mail Syrup', 500);
    const { buyer, id } = await subscribed({ [syrup]: 4 });
    const listName = `Chain 5% syrups ${RUN}`;
    let listId = '';
    const saved = await around(id, async () => {
      ({ listId } = await savePriceListHandler(
        call(manager, {
          name: listName,
          valid_from: null,
          valid_to: null,
          company_ids: [buyer.uid],
          entries: { [syrup]: { kind: 'percent', percent_off_bps: 500 } },
        }),
      ));
    });
    expect(readStandingOrder(saved.after)!.lines[0]).toMatchObject({
      unit_amount: 475,
      price_list: { id: listId, name: listName },
    });
    const ctx = createContext();
    expect(await standingOrderChangedHandler(saved.event, ctx)).toBe(1);
    expect(await standingOrderChangedHandler(saved.event, ctx)).toBe(0);
    const found = await mail(mailKeys.standingOrderRepriced(id, saved.writeId));
    expect(found.to).toEqual([buyer.email]);
    expect(found.message.subject).toBe('New prices for your standing order: $19.00 every 2 weeks');
    const text = plain(found);
    const next = nextDate(saved.after);
    expect(text).toContain(
      `From your next delivery, on ${next}, each delivery costs $19.00 (it was $20.00).`,
    );
    expect(text).toContain(`Listed Mail Syrup: $4.75 (${listName}), was $5.00`);
    expect(text).toMatch(/4 x Listed Mail Syrup\s+\$19\.00/);
    expect(text).toMatch(new RegExp(`Next charge: ${next}`));
    expect(text).toContain('"Cancel standing order"');
    // The managers made the change: nothing to them, and no "changed" mail to the buyer.
    expect(await mailKeysStartingWith(`standing-order-changed-manager.${id}`)).toEqual([]);
    expect(await mailKeysStartingWith(`standing-order-changed.${id}`)).toEqual([]);

    // The list deleted: back at the catalog price, the list it left named.
    const removed = await around(id, () => deletePriceListHandler(call(manager, { listId })));
    expect(await standingOrderChangedHandler(removed.event, ctx)).toBe(1);
    const back = await mail(mailKeys.standingOrderRepriced(id, removed.writeId));
    expect(back.message.subject).toBe('New prices for your standing order: $20.00 every 2 weeks');
    expect(plain(back)).toContain(`Listed Mail Syrup: $5.00, was $4.75 (${listName})`);
    expect(plain(back)).toContain('each delivery costs $20.00 (it was $19.00).');
    expect(await mailKeysStartingWith(`standing-order-repriced.${id}`)).toHaveLength(2);
  });

  it('a price list that ends by itself reprices the standing order in the daily run after its last day, and mails the buyer', async () => {
    const syrup = await product('ends', 'Ending List Syrup', 500);
    const { buyer, id } = await subscribed({ [syrup]: 4 });
    const { listId } = await savePriceListHandler(
      call(manager, {
        name: `Summer 5% ${RUN}`,
        valid_from: null,
        valid_to: null,
        company_ids: [buyer.uid],
        entries: { [syrup]: { kind: 'percent', percent_off_bps: 500 } },
      }),
    );
    expect(readStandingOrder(await snapshot(id))!.lines[0]).toMatchObject({ unit_amount: 475 });

    // Its last day was yesterday: it ended at the start of today, an hour ago (as saved with
    // that window; the callable refuses a window already over).
    const ended = Timestamp.fromMillis(Date.now() - 60 * 60 * 1000);
    await firestore().doc(paths.priceList(listId)).update({ valid_to: ended });
    await firestore().doc(paths.companyPriceList(buyer.uid, listId)).update({ valid_to: ended });
    // Nothing reprices it by itself: the standing order still charges the list's price.
    expect(readStandingOrder(await snapshot(id))!.lines[0]).toMatchObject({ unit_amount: 475 });

    const now = new Date();
    expect(
      await companiesOfListsTurned(firestore(), new Date(now.getTime() - 86_400_000), now),
    ).toContain(buyer.uid);
    // A run three days on looks back two days: this list turned before that.
    const later = new Date(now.getTime() + 3 * 86_400_000);
    expect(
      await companiesOfListsTurned(firestore(), new Date(later.getTime() - 2 * 86_400_000), later),
    ).not.toContain(buyer.uid);

    const repriced = await around(id, () => repriceAtPriceListTurns(createContext(), now));
    expect(readStandingOrder(repriced.after)!.lines[0]).toMatchObject({ unit_amount: 500 });
    expect(readStandingOrder(repriced.after)!.lines[0]!.price_list).toBeUndefined();
    expect(await standingOrderChangedHandler(repriced.event, createContext())).toBe(1);
    const found = await mail(mailKeys.standingOrderRepriced(id, repriced.writeId));
    expect(found.message.subject).toBe('New prices for your standing order: $20.00 every 2 weeks');

    const endpoint = (scheduled as unknown as { __endpoint: Record<string, unknown> }).__endpoint;
    expect(endpoint.scheduleTrigger).toMatchObject({
      schedule: 'every day 00:05',
      timeZone: 'America/Los_Angeles',
    });
  });

  it('a catalog price mails the new price; while a manager has it paused, from when it resumes', async () => {
    const syrup = await product('catalog', 'Catalog Mail Syrup', 500);
    const { buyer, id } = await subscribed({ [syrup]: 4 });
    const ctx = createContext();
    const setPrice = (price: number) => async () => {
      await firestore().doc(paths.product(syrup)).update({ price_retailer: price });
      await reconcileStandingOrdersOfProduct(ctx, syrup);
    };
    const dearer = await around(id, setPrice(550));
    expect(await standingOrderChangedHandler(dearer.event, ctx)).toBe(1);
    const text = plain(await mail(mailKeys.standingOrderRepriced(id, dearer.writeId)));
    expect(text).toContain(
      `From your next delivery, on ${nextDate(dearer.after)}, each delivery costs $22.00 (it was $20.00).`,
    );
    expect(text).toContain('Catalog Mail Syrup: $5.50, was $5.00');

    // A manager's pause is silent; a new price while paused says it applies once it resumes.
    const paused = await around(id, () =>
      manage(manager, { standingOrderId: id, action: 'pause' }),
    );
    expect(await standingOrderChangedHandler(paused.event, ctx)).toBe(0);
    const cheaper = await around(id, setPrice(450));
    expect(await standingOrderChangedHandler(cheaper.event, ctx)).toBe(1);
    const whilePaused = await mail(mailKeys.standingOrderRepriced(id, cheaper.writeId));
    expect(whilePaused.to).toEqual([buyer.email]);
    expect(plain(whilePaused)).toContain(
      'Your standing order is paused; from the first delivery after it resumes, each delivery costs $18.00 (it was $22.00).',
    );
    expect(plain(whilePaused)).toContain('Next charge: shown in My Account > Standing orders');
    expect(await mailKeysStartingWith(`standing-order-repriced.${id}`)).toHaveLength(2);
  });

  it('a cancellation mails the buyer and every manager once, even when the trigger and the cancel are repeated', async () => {
    const syrup = await product('cancel', 'Cancel Mail Syrup', 500);
    const { buyer, id } = await subscribed({ [syrup]: 4 });
    const { event } = await around(id, () =>
      manage(buyer, { standingOrderId: id, action: 'cancel' }),
    );
    const ctx = createContext();
    expect(await standingOrderChangedHandler(event, ctx)).toBeGreaterThanOrEqual(2);
    expect(await standingOrderChangedHandler(event, ctx)).toBe(0);
    // Cancelling again writes nothing, and so mails nothing.
    const again = await around(id, () => manage(buyer, { standingOrderId: id, action: 'cancel' }));
    expect(await standingOrderChangedHandler(again.event, ctx)).toBe(0);
    const toBuyer = await mail(mailKeys.standingOrderCancelled(id));
    expect(toBuyer.message.subject).toBe('Your standing order is cancelled');
    const text = plain(toBuyer);
    expect(text).toContain('Your standing order ($20.00 every 2 weeks) is cancelled as of');
    expect(text).toContain('No further deliveries will be made or charged.');
    const toManager = await mail(mailKeys.standingOrderCancelledManager(id, manager.uid));
    expect(toManager.message.subject).toMatch(/^Standing order cancelled: Store of /);
    expect(plain(toManager)).toMatch(/Was charged each delivery: \$20\.00/);
    expect(await mailKeysStartingWith(`standing-order-cancelled.${id}`)).toHaveLength(1);
  });

  it('a renewal, a pause or a line paused for stock (at a new price) alone mails nothing from the trigger', async () => {
    const syrup = await product('quiet', 'Quiet Syrup', 500);
    const { id } = await subscribed({ [syrup]: 4 });
    const before = readStandingOrder(await snapshot(id))!;
    const later = new Date(before.updated_at.getTime() + 1000);
    const renewed = {
      ...before,
      next_delivery_at: new Date(before.next_delivery_at!.getTime() + 14 * 86_400_000),
      updated_at: later,
    };
    const outOfStock = {
      ...before,
      lines: before.lines.map((line) => ({
        ...line,
        unit_amount: 600,
        paused_reason: 'out_of_stock' as const,
      })),
      status: 'paused' as const,
      updated_at: later,
    };
    const paused = { ...before, status: 'paused' as const, updated_at: later };
    for (const after of [renewed, outOfStock, paused]) {
      expect(await standingOrderChangeMails(createContext(), before, after)).toEqual([]);
    }
  });
});
