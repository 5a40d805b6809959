import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  businessDay,
  COLLECTIONS,
  paths,
  PRICE_LIST_MESSAGES,
  productSchema,
  unitPriceAt,
  wholesalePriceSchema,
  type SavePriceListRequest,
} from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import type { CallRequest } from '../../src/handlers/edge';
import {
  deletePriceListHandler,
  moveCompanyTierHandler,
  savePriceListHandler,
} from '../../src/handlers/price-lists';
import { firestore } from '../../src/lib/admin';
import { companyPriceIndex } from '../../src/pricing/company-price-lists';
import {
  checkoutOf,
  createMember,
  createUser,
  orderOf,
  payWithShipTo,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from '../payments/support';

/**
 * Prices per company (docs/pricing.md), end to end on the server: managers save and delete price
 * lists (the companies' copies and the audit follow), checkout charges each line the lowest of
 * the company's tier price and its applicable lists' (overlapping lists, breaks within a list,
 * windows), records the list on the line, and a checkout already open keeps its price when the
 * list is deleted. A tier move reprices from the profile at once, whatever the ID token says.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;

beforeAll(async () => {
  harness = await startPaymentsHarness();
  manager = await createUser('manager');
});
afterAll(async () => {
  await harness?.stop();
});

const ip = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const call = (user: TestUser, data: unknown = {}): CallRequest => ({
  ...user.request(data),
  rawRequest: { ip: ip() },
});
const save = (data: SavePriceListRequest, by: TestUser = manager) =>
  savePriceListHandler(call(by, data));
const remove = (listId: string) => deletePriceListHandler(call(manager, { listId }));
const checkout = (user: TestUser, data: unknown = {}) =>
  createCheckoutSessionHandler(call(user, data));

/** A product's retail (and wholesale) price and breaks, as the demo data has them. */
async function tierOf(productId: string) {
  const db = firestore();
  const [product, wholesale] = await Promise.all([
    db.doc(paths.product(productId)).get(),
    db.doc(paths.wholesalePrice(productId)).get(),
  ]);
  const retail = productSchema.parse(product.data());
  const whole = wholesalePriceSchema.parse(wholesale.data());
  return {
    retailer: { base: retail.price_retailer, breaks: retail.price_breaks },
    wholesaler: { base: whole.price_wholesaler, breaks: whole.price_breaks },
  };
}

const list = (overrides: Partial<SavePriceListRequest>): SavePriceListRequest => ({
  name: `List ${randomUUID().slice(0, 6)}`,
  valid_from: null,
  valid_to: null,
  company_ids: [],
  entries: {},
  ...overrides,
});

async function auditOf(listId: string) {
  const snap = await firestore()
    .collection(COLLECTIONS.auditLog)
    .where('target', '==', listId)
    .get();
  return snap.docs.map((doc) => doc.data()).sort((a, b) => a.at.toMillis() - b.at.toMillis());
}

describe('managing price lists', () => {
  it('saves a list with a copy per company (naming no other company), reassigns and deletes it', async () => {
    const [a, b] = await Promise.all([createUser('retailer'), createUser('retailer')]);
    const { listId } = await save(
      list({
        name: 'Chain 5% syrups',
        valid_from: '2026-01-01',
        company_ids: [a.uid, b.uid],
        entries: { 'blue-coast': { kind: 'percent', percent_off_bps: 500 } },
      }),
    );
    const db = firestore();
    const stored = (await db.doc(paths.priceList(listId)).get()).data()!;
    expect(stored).toMatchObject({
      name: 'Chain 5% syrups',
      company_ids: [a.uid, b.uid],
      updated_by: manager.uid,
    });
    expect(stored.valid_from.toDate().toISOString()).toBe('2026-01-01T08:00:00.000Z');
    expect(stored.valid_to).toBeNull();
    const copy = (await db.doc(paths.companyPriceList(a.uid, listId)).get()).data()!;
    expect(Object.keys(copy).sort()).toEqual(['entries', 'name', 'valid_from', 'valid_to']);
    expect(copy.entries).toEqual({
      'blue-coast': { kind: 'percent', percent_off_bps: 500, breaks: [] },
    });

    // Reassigned to b only: a's copy goes.
    await save(
      list({
        listId,
        name: 'Chain 5% syrups',
        company_ids: [b.uid],
        entries: { 'blue-coast': { kind: 'percent', percent_off_bps: 700 } },
      }),
    );
    expect((await db.doc(paths.companyPriceList(a.uid, listId)).get()).exists).toBe(false);
    expect((await db.doc(paths.companyPriceList(b.uid, listId)).get()).get('entries')).toEqual({
      'blue-coast': { kind: 'percent', percent_off_bps: 700, breaks: [] },
    });

    await remove(listId);
    expect((await db.doc(paths.priceList(listId)).get()).exists).toBe(false);
    expect((await db.doc(paths.companyPriceList(b.uid, listId)).get()).exists).toBe(false);
    expect((await auditOf(listId)).map((entry) => [entry.action, entry.actor])).toEqual([
      ['price_list.saved', manager.uid],
      ['price_list.saved', manager.uid],
      ['price_list.deleted', manager.uid],
    ]);
  });

  it('refuses a buyer, an unknown product, an unknown company and an unknown list, writing nothing', async () => {
    const buyer = await createUser('retailer');
    const entries = { 'blue-coast': { kind: 'fixed', unit_amount: 100 } } as const;
    await expect(save(list({ company_ids: [buyer.uid], entries }), buyer)).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(
      save(
        list({ company_ids: [buyer.uid], entries: { 'no-such-product': entries['blue-coast'] } }),
      ),
    ).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringContaining(PRICE_LIST_MESSAGES.unknownProduct),
    });
    await expect(save(list({ company_ids: ['no-such-company'], entries }))).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringContaining(PRICE_LIST_MESSAGES.unknownCompany),
    });
    await expect(save(list({ listId: 'no-such-list', entries }))).rejects.toMatchObject({
      code: 'not-found',
      message: PRICE_LIST_MESSAGES.notFound,
    });
    await expect(remove('no-such-list')).rejects.toMatchObject({ code: 'not-found' });
    const copies = await firestore().collection(paths.companyPriceLists(buyer.uid)).get();
    expect(copies.size).toBe(0);
  });
});

describe('checkout at the company’s prices', () => {
  it('charges the list price and records the list; another company pays the tier price', async () => {
    const [chain, other] = await Promise.all([createUser('retailer'), createUser('retailer')]);
    const tier = (await tierOf('blue-coast')).retailer;
    await save(
      list({
        name: 'Chain 5% syrups',
        company_ids: [chain.uid],
        entries: { 'blue-coast': { kind: 'percent', percent_off_bps: 500 } },
      }),
    );
    await Promise.all([
      setCart(chain.uid, { 'blue-coast': 2 }),
      setCart(other.uid, { 'blue-coast': 2 }),
    ]);
    const [mine, theirs] = await Promise.all([checkout(chain), checkout(other)]);
    const tierUnit = unitPriceAt(tier.base, tier.breaks, 2);
    const listUnit = Math.round((tierUnit * 9500) / 10_000);
    expect((await checkoutOf(mine.orderId)).items[0]).toMatchObject({
      unit_amount: listUnit,
      price_list: { name: 'Chain 5% syrups' },
      tier_unit_amount: tierUnit,
    });
    const plain = (await checkoutOf(theirs.orderId)).items[0]!;
    expect(plain.unit_amount).toBe(tierUnit);
    expect(plain).not.toHaveProperty('price_list');

    // Stripe charges exactly that, and the order keeps the list on its line.
    const session = await harness.stripe.checkout.sessions.retrieve(
      (await checkoutOf(mine.orderId)).stripe_session_id!,
    );
    expect(session.amount_total).toBe(listUnit * 2);
    await payWithShipTo(harness.sandbox, session.id);
    expect((await orderOf(mine.orderId)).items[0]).toMatchObject({
      unit_amount: listUnit,
      price_list: { name: 'Chain 5% syrups' },
    });
  });

  it('takes the lowest of overlapping lists at the line’s quantity, breaks within a list included', async () => {
    const chain = await createUser('retailer');
    const tier = (await tierOf('red-rush')).retailer;
    const cheap = tier.base - 100;
    const { listId: fixedId } = await save(
      list({
        name: 'Fixed with a break',
        company_ids: [chain.uid],
        entries: {
          'red-rush': {
            kind: 'fixed',
            unit_amount: tier.base - 10,
            breaks: [{ min_quantity: 6, unit_amount: cheap }],
          },
        },
      }),
    );
    await save(
      list({
        name: 'Two percent',
        company_ids: [chain.uid],
        entries: { 'red-rush': { kind: 'percent', percent_off_bps: 200 } },
      }),
    );
    const twoPercent = (quantity: number) =>
      Math.round((unitPriceAt(tier.base, tier.breaks, quantity) * 9800) / 10_000);

    await setCart(chain.uid, { 'red-rush': 1 });
    const one = await checkout(chain);
    const atOne = Math.min(tier.base - 10, twoPercent(1));
    expect((await checkoutOf(one.orderId)).items[0]!.unit_amount).toBe(atOne);

    await setCart(chain.uid, { 'red-rush': 6 });
    const six = await checkout(chain);
    const atSix = Math.min(cheap, twoPercent(6), unitPriceAt(tier.base, tier.breaks, 6));
    expect((await checkoutOf(six.orderId)).items[0]).toMatchObject({
      unit_amount: atSix,
      ...(atSix === cheap ? { price_list: { id: fixedId } } : {}),
    });
  });

  it('applies a list only within its window: at the window’s instants, and at checkout now', async () => {
    const chain = await createUser('retailer');
    const tier = (await tierOf('mango-tango')).retailer;
    const entries = { 'mango-tango': { kind: 'fixed', unit_amount: 100 } } as const;
    const { listId } = await save(
      list({
        name: 'December only',
        valid_from: '2026-12-01',
        valid_to: '2026-12-31',
        company_ids: [chain.uid],
        entries,
      }),
    );
    // The server's index at a given instant (checkout passes its clock's now). Pacific days:
    // Dec 1 starts at 08:00 UTC, Dec 31 ends at 08:00 UTC on Jan 1.
    const applies = async (iso: string) =>
      (await companyPriceIndex(firestore(), chain.uid, new Date(iso)))
        .get('mango-tango')
        ?.some((entry) => entry.listId === listId) ?? false;
    expect(await applies('2026-12-01T07:59:59Z')).toBe(false);
    expect(await applies('2026-12-01T08:00:00Z')).toBe(true);
    expect(await applies('2027-01-01T07:59:59Z')).toBe(true);
    expect(await applies('2027-01-01T08:00:00Z')).toBe(false);

    // At checkout: a list that ended yesterday and one that starts tomorrow charge the tier price.
    await remove(listId);
    const today = businessDay(new Date());
    await save(
      list({
        name: 'Ended',
        valid_to: addDays(today, -1),
        company_ids: [chain.uid],
        entries,
      }),
    );
    const { listId: upcoming } = await save(
      list({ name: 'Upcoming', valid_from: addDays(today, 1), company_ids: [chain.uid], entries }),
    );
    await setCart(chain.uid, { 'mango-tango': 1 });
    const first = await checkout(chain);
    expect((await checkoutOf(first.orderId)).items[0]!.unit_amount).toBe(tier.base);
    // Starting today, it applies.
    await save(
      list({
        listId: upcoming,
        name: 'Upcoming',
        valid_from: today,
        company_ids: [chain.uid],
        entries,
      }),
    );
    const second = await checkout(chain);
    expect((await checkoutOf(second.orderId)).items[0]!.unit_amount).toBe(100);
  });

  it('keeps the price of a checkout already open when its list is deleted', async () => {
    const chain = await createUser('retailer');
    const { listId } = await save(
      list({
        company_ids: [chain.uid],
        entries: { 'purple-dream': { kind: 'fixed', unit_amount: 111 } },
      }),
    );
    await setCart(chain.uid, { 'purple-dream': 1 });
    const open = await checkout(chain);
    await remove(listId);
    const stored = await checkoutOf(open.orderId);
    await payWithShipTo(harness.sandbox, stored.stripe_session_id!);
    expect((await orderOf(open.orderId)).items[0]).toMatchObject({ unit_amount: 111 });
    // A new checkout pays the tier price again.
    await setCart(chain.uid, { 'purple-dream': 1 });
    const next = await checkout(chain);
    expect((await checkoutOf(next.orderId)).items[0]!.unit_amount).toBe(
      (await tierOf('purple-dream')).retailer.base,
    );
  });
});

describe('tier moves', () => {
  it('moves a company to wholesale prices: every member’s next checkout, whatever their token says', async () => {
    const owner = await createUser('retailer');
    const buyer = await createMember(owner.uid, 'buyer');
    const tier = await tierOf('blue-coast');
    const answer = await moveCompanyTierHandler(
      call(manager, { companyId: owner.uid, businessType: 'wholesaler', reason: 'Volume' }),
    );
    expect(answer).toEqual({ companyId: owner.uid, members: 2 });
    const db = firestore();
    expect((await db.doc(paths.company(owner.uid)).get()).get('business_type')).toBe('wholesaler');
    expect((await db.doc(paths.profile(buyer.uid)).get()).get('role')).toBe('wholesaler');
    const audit = await db
      .collection(COLLECTIONS.auditLog)
      .where('target', '==', owner.uid)
      .where('action', '==', 'company.tier_moved')
      .get();
    expect(audit.docs.map((doc) => doc.data())).toMatchObject([
      { actor: manager.uid, from: 'retailer', to: 'wholesaler', reason: 'Volume' },
    ]);
    // The buyer's ID token still says retailer; checkout prices from the profile.
    expect(buyer.request().auth?.token.role).toBe('retailer');
    await setCart(buyer.uid, { 'blue-coast': 1 });
    const { orderId } = await checkout(buyer);
    expect((await checkoutOf(orderId)).items[0]!.unit_amount).toBe(tier.wholesaler.base);

    await expect(
      moveCompanyTierHandler(
        call(manager, { companyId: owner.uid, businessType: 'wholesaler', reason: 'Again' }),
      ),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
    await expect(
      moveCompanyTierHandler(
        call(buyer, { companyId: owner.uid, businessType: 'retailer', reason: 'Me' }),
      ),
    ).rejects.toMatchObject({ code: 'permission-denied' });
  });
});
