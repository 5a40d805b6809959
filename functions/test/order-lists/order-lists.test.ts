import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  ORDER_LIST_LIMITS,
  ORDER_LIST_MESSAGES,
  paths,
  PRODUCT_DEFAULTS,
  VIEW_ONLY,
} from '@portal/domain';
import type { CallRequest } from '../../src/handlers/edge';
import { deleteOrderListHandler, saveOrderListHandler } from '../../src/handlers/order-lists';
import { firestore } from '../../src/lib/admin';
import { NOT_APPROVED } from '../../src/lib/caller';
import { createMember, createUser, type TestUser } from '../payments/support';
import { describeOutcome, settle } from '../support/call-outcome';
import { databaseState, stateChanges, type DatabaseState } from '../support/database-state';

/**
 * Saved order lists (docs/data-model.md#order_lists): saveOrderList creates a list or replaces
 * its name and lines (the server fills each line's SKU and name from the product), and
 * deleteOrderList removes it, for an approved owner or buyer of the list's company. Refused,
 * changing nothing: a viewer, a member of another company, a manager, a name the company already
 * uses (case ignored), a product not in the catalog, a 51st list, a list that is gone.
 */

const db = () => firestore();
const RUN = randomUUID().slice(0, 8);

/** Each call from an address of its own: no test shares another's per-IP window. */
const call = (user: TestUser, data: unknown): CallRequest => ({
  ...user.request(data),
  rawRequest: {
    ip: `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  },
});
const save = (as: TestUser, data: unknown) => saveOrderListHandler(call(as, data));
const remove = (as: TestUser, listId: string) => deleteOrderListHandler(call(as, { listId }));
const outcome = async (promise: Promise<unknown>) => describeOutcome(await settle(promise));

/** What changed since `before`, less the rate limits' windows (each call counts in them). */
async function changesSince(before: DatabaseState): Promise<string[]> {
  return stateChanges(before, await databaseState()).filter(
    (line) => !line.includes(` ${COLLECTIONS.rateLimits}/`),
  );
}

async function writeProduct(key: string, fields: Record<string, unknown> = {}): Promise<string> {
  const id = `t-list-${key}-${RUN}`;
  await db()
    .doc(paths.product(id))
    .set({
      ...PRODUCT_DEFAULTS,
      name: `List ${key} syrup`,
      description: 'A syrup for the order list tests.',
      image_url: '/products/blue-coast.svg',
      price_retailer: 2_000,
      is_active: true,
      sort_order: 98_000,
      sku: `LIST-${key.toUpperCase()}`,
      stock_on_hand: 100,
      ...fields,
    });
  return id;
}

const stored = async (listId: string) => (await db().doc(paths.orderList(listId)).get()).data();

let owner: TestUser;
let buyer: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let manager: TestUser;
let blue: string;
let cups: string;
let retired: string;

beforeAll(async () => {
  [owner, stranger, manager] = await Promise.all([
    createUser('retailer'),
    createUser('retailer'),
    createUser('manager'),
  ]);
  [buyer, viewer] = await Promise.all([
    createMember(owner.uid, 'buyer'),
    createMember(owner.uid, 'viewer'),
  ]);
  [blue, cups, retired] = await Promise.all([
    writeProduct('blue'),
    writeProduct('cups', { case_pack: 6 }),
    writeProduct('retired', { is_active: false }),
  ]);
});

describe('saveOrderList', () => {
  it('creates a list with each line filled from its product, for the whole company', async () => {
    const { listId } = await save(buyer, {
      listId: null,
      name: '  Main St every 2 weeks ',
      lines: [
        { productId: blue, quantity: 24 },
        { productId: retired, quantity: 2 },
      ],
    });
    const list = await stored(listId);
    expect(list).toMatchObject({
      company_id: owner.uid,
      name: 'Main St every 2 weeks',
      lines: [
        { product_id: blue, sku: 'LIST-BLUE', name: 'List blue syrup', quantity: 24 },
        // A product no longer sold stays: "Add list to cart" says so.
        { product_id: retired, sku: 'LIST-RETIRED', name: 'List retired syrup', quantity: 2 },
      ],
      created_by: buyer.uid,
      created_by_name: `Member ${buyer.uid}`,
    });
    expect(list?.created_at).toBeInstanceOf(Timestamp);
    expect(list?.updated_at).toEqual(list?.created_at);
  });

  it('renames a list and replaces its lines, keeping who made it', async () => {
    const { listId } = await save(owner, {
      listId: null,
      name: 'Oak Ave',
      lines: [{ productId: blue, quantity: 12 }],
    });
    const before = await stored(listId);
    expect(
      await save(buyer, {
        listId,
        name: 'Oak Ave weekly',
        lines: [
          { productId: cups, quantity: 30 },
          { productId: blue, quantity: 6 },
        ],
      }),
    ).toEqual({ listId });
    const after = await stored(listId);
    expect(after).toMatchObject({
      name: 'Oak Ave weekly',
      lines: [
        { product_id: cups, sku: 'LIST-CUPS', quantity: 30 },
        { product_id: blue, sku: 'LIST-BLUE', quantity: 6 },
      ],
      created_by: owner.uid,
      created_at: before?.created_at,
    });
    expect((after?.updated_at as Timestamp).toMillis()).toBeGreaterThanOrEqual(
      (before?.updated_at as Timestamp).toMillis(),
    );
    // The same name again (its own) is no clash.
    await save(owner, {
      listId,
      name: 'OAK AVE WEEKLY',
      lines: [{ productId: blue, quantity: 1 }],
    });
    expect((await stored(listId))?.name).toBe('OAK AVE WEEKLY');
  });

  it('refuses a name the company already uses (case ignored), changing nothing', async () => {
    await save(owner, {
      listId: null,
      name: 'Pier shop',
      lines: [{ productId: blue, quantity: 1 }],
    });
    const { listId } = await save(owner, {
      listId: null,
      name: 'Beach shop',
      lines: [{ productId: blue, quantity: 1 }],
    });
    const before = await databaseState();
    for (const input of [
      { listId: null, name: ' pier SHOP ', lines: [{ productId: blue, quantity: 3 }] },
      { listId, name: 'PIER SHOP', lines: [{ productId: blue, quantity: 3 }] },
    ]) {
      expect(await outcome(save(buyer, input))).toBe(
        `failed-precondition: ${ORDER_LIST_MESSAGES.nameTaken}`,
      );
    }
    expect(await changesSince(before)).toEqual([]);
    // Another company may use the name.
    await save(stranger, {
      listId: null,
      name: 'Pier shop',
      lines: [{ productId: blue, quantity: 1 }],
    });
  });

  it('refuses a product not in the catalog and bad lines, changing nothing', async () => {
    const { listId } = await save(owner, {
      listId: null,
      name: 'Catalog check',
      lines: [{ productId: blue, quantity: 1 }],
    });
    const before = await databaseState();
    const gone = `t-list-gone-${RUN}`;
    expect(
      await outcome(
        save(owner, { listId, name: 'Catalog check', lines: [{ productId: gone, quantity: 1 }] }),
      ),
    ).toBe(`failed-precondition: ${ORDER_LIST_MESSAGES.unknownProduct}`);
    expect(
      await outcome(
        save(owner, { listId: null, name: 'New', lines: [{ productId: gone, quantity: 1 }] }),
      ),
    ).toBe(`failed-precondition: ${ORDER_LIST_MESSAGES.unknownProduct}`);
    expect(
      await outcome(
        save(owner, {
          listId,
          name: 'Catalog check',
          lines: [{ productId: blue, quantity: 1000 }],
        }),
      ),
    ).toBe(`invalid-argument: lines.0.quantity: ${ORDER_LIST_MESSAGES.quantity}`);
    expect(
      await outcome(
        save(owner, {
          listId,
          name: 'Catalog check',
          lines: [
            { productId: blue, quantity: 1 },
            { productId: blue, quantity: 2 },
          ],
        }),
      ),
    ).toBe(`invalid-argument: lines: ${ORDER_LIST_MESSAGES.duplicateProduct}`);
    expect(await changesSince(before)).toEqual([]);
  });

  it("refuses a viewer, another company's member and a manager, changing nothing", async () => {
    const { listId } = await save(owner, {
      listId: null,
      name: 'Guarded',
      lines: [{ productId: blue, quantity: 1 }],
    });
    const before = await databaseState();
    const edit = { listId, name: 'Taken over', lines: [{ productId: blue, quantity: 9 }] };
    const fresh = { listId: null, name: 'Viewer list', lines: [{ productId: blue, quantity: 9 }] };
    for (const [as, input, expected] of [
      [viewer, edit, `permission-denied: ${VIEW_ONLY}`],
      [viewer, fresh, `permission-denied: ${VIEW_ONLY}`],
      [stranger, edit, `permission-denied: ${ORDER_LIST_MESSAGES.notYours}`],
      [manager, edit, `permission-denied: ${NOT_APPROVED}`],
      [
        owner,
        { ...edit, listId: `no-such-list-${RUN}` },
        `not-found: ${ORDER_LIST_MESSAGES.notFound}`,
      ],
    ] as const) {
      expect(await outcome(save(as, input))).toBe(expected);
    }
    for (const [as, expected] of [
      [viewer, `permission-denied: ${VIEW_ONLY}`],
      [stranger, `permission-denied: ${ORDER_LIST_MESSAGES.notYours}`],
      [manager, `permission-denied: ${NOT_APPROVED}`],
    ] as const) {
      expect(await outcome(remove(as, listId))).toBe(expected);
    }
    expect(await changesSince(before)).toEqual([]);
  });

  it(`refuses a company's list past ${ORDER_LIST_LIMITS.lists}, changing nothing`, async () => {
    const full = await createUser('retailer');
    const at = Timestamp.now();
    const batch = db().batch();
    for (let i = 0; i < ORDER_LIST_LIMITS.lists; i++) {
      batch.set(db().collection(COLLECTIONS.orderLists).doc(), {
        company_id: full.uid,
        name: `List ${i}`,
        lines: [{ product_id: blue, sku: 'LIST-BLUE', name: 'List blue syrup', quantity: 1 }],
        created_by: full.uid,
        created_by_name: '',
        created_at: at,
        updated_at: at,
      });
    }
    await batch.commit();
    const before = await databaseState();
    expect(
      await outcome(
        save(full, { listId: null, name: 'One more', lines: [{ productId: blue, quantity: 1 }] }),
      ),
    ).toBe(`failed-precondition: ${ORDER_LIST_MESSAGES.tooManyLists}`);
    expect(await changesSince(before)).toEqual([]);
  });
});

describe('deleteOrderList', () => {
  it("deletes a list of the caller's company, and then says it is gone", async () => {
    const { listId } = await save(owner, {
      listId: null,
      name: 'Short lived',
      lines: [{ productId: blue, quantity: 1 }],
    });
    expect(await remove(buyer, listId)).toEqual({ listId });
    expect(await stored(listId)).toBeUndefined();
    const before = await databaseState();
    expect(await outcome(remove(owner, listId))).toBe(`not-found: ${ORDER_LIST_MESSAGES.notFound}`);
    expect(await changesSince(before)).toEqual([]);
  });
});
