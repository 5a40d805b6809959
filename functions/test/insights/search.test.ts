import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import {
  businessDay,
  formatInvoiceNumber,
  PAID_ORDER_STATUSES,
  paths,
  type BuyerRole,
  type OrderRow,
  type OrderSortField,
  type OrderStatus,
  type SearchOrdersRequest,
  type SearchOrdersResponse,
  type SearchUsersRequest,
  type SearchUsersResponse,
  type StoreDetailsResponse,
} from '@portal/domain';
import { getStoreDetailsHandler } from '../../src/handlers/get-store-details';
import { searchOrdersHandler } from '../../src/handlers/search-orders';
import {
  createdWithSearchFields,
  needsSearchSync,
  orderWrittenForSearchHandler,
} from '../../src/handlers/search-triggers';
import { searchUsersHandler } from '../../src/handlers/search-users';
import { setProfileStatusHandler } from '../../src/handlers/set-profile-status';
import {
  backfillSearchFields,
  syncOrderSearchFields,
  syncProfileSearchFields,
} from '../../src/insights/search-fields';
import { adminAuth, firestore } from '../../src/lib/admin';
import { createContext } from '../../src/lib/context';
import { log } from '../../src/lib/log';
import { createAccount, requestAs, type TestAccount, type TestRequest } from '../accounts/support';

/**
 * searchOrders, searchUsers and getStoreDetails against the shared functions stack. The stack
 * holds every other test file's orders and profiles too, so this file's stores carry a word of
 * their own (RUN) in their names and ids, and every search here names it. Triggers do not run
 * in the function tests: the search fields are written by the triggers' own code, called here.
 */

const RUN = Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('');
const ctx = () => createContext();

interface Store {
  key: 'a' | 'b' | 'c';
  name: string;
  role: BuyerRole;
  createdAt: string;
  account?: TestAccount;
}

const STORES: Store[] = [
  {
    key: 'a',
    name: `Aurora ${RUN} Vape Lounge`,
    role: 'retailer',
    createdAt: '2026-01-02T20:00:00Z',
  },
  {
    key: 'b',
    name: `Borealis ${RUN} Smoke Shop`,
    role: 'wholesaler',
    createdAt: '2026-01-10T20:00:00Z',
  },
  { key: 'c', name: `Café ${RUN} Corner`, role: 'retailer', createdAt: '2026-02-01T20:00:00Z' },
];
const store = (key: Store['key']) => STORES.find((s) => s.key === key)!;
const uidOf = (key: string) => `srch-${RUN}-${key}`;
const emailOf = (key: string) => `${uidOf(key)}@accounts.test`;

/** A five-digit invoice sequence of this file's own: INV-0nnnnn (a leading zero to drop). */
const INVOICE_BASE = 10_000 + randomInt(80_000);

interface SeededOrder {
  id: string;
  store: Store;
  status: OrderStatus;
  amount: number;
  refunded: number;
  lines: number;
  createdAt: Date;
  invoice: string | null;
}

const STATUSES: OrderStatus[] = ['processing', 'shipped', 'delivered', 'cancelled', 'pending'];
/** 30 orders, alternating between the stores a and b, one every 23 hours from New Year's Eve. */
const ORDERS: SeededOrder[] = Array.from({ length: 30 }, (_, i) => {
  const status = STATUSES[i % STATUSES.length]!;
  const amount = 1_000 + ((i * 7_919) % 30) * 100 + i; // distinct
  return {
    id: `${uidOf('o')}${String(i).padStart(2, '0')}`,
    store: store(i % 2 === 0 ? 'a' : 'b'),
    status,
    amount,
    // A cancelled order was refunded in full; the shipped order #1 in part.
    refunded: status === 'cancelled' ? amount : i === 1 ? 500 : 0,
    lines: 1 + (i % 3),
    createdAt: new Date(Date.UTC(2025, 11, 31, 12) + i * 23 * 3600 * 1000),
    invoice: status === 'pending' ? null : formatInvoiceNumber(INVOICE_BASE + i),
  };
});

function orderDocument(order: SeededOrder): Record<string, unknown> {
  const at = Timestamp.fromDate(order.createdAt);
  return {
    user_id: order.store.account!.uid,
    store_name: order.store.name,
    seller_permit_id: 'SR-SEARCH-1',
    items: Array.from({ length: order.lines }, (_, n) => ({
      product_id: `p${n}`,
      name: `Product ${n}`,
      description: '',
      image_url: '/p.svg',
      unit_amount: order.amount,
      quantity: 1,
      line_total: n === 0 ? order.amount : 0,
    })),
    amount: order.amount,
    currency: 'usd',
    payment_type: 'one_time',
    status: order.status,
    stripe_session_id: `cs_test_${order.id}`,
    stripe_payment_intent_id: null,
    created_at: at,
    updated_at: at,
    paid_at: order.status === 'pending' ? null : at,
    status_history: [{ status: order.status, at, by: 'stripe' }],
    ship_to: null,
    invoice_number: order.invoice,
    shipment: null,
    refunds: [],
    refunded_amount: order.refunded,
  };
}

let manager: TestAccount;
let managerRequest: TestRequest;
let buyer: TestAccount;

const as = (request: TestRequest, data: unknown) => ({ ...request, data });
const orders = (data: SearchOrdersRequest) =>
  searchOrdersHandler(as(managerRequest, data)) as Promise<SearchOrdersResponse>;
const users = (data: SearchUsersRequest) =>
  searchUsersHandler(as(managerRequest, data)) as Promise<SearchUsersResponse>;
const details = (uid: string) =>
  getStoreDetailsHandler(as(managerRequest, { uid })) as Promise<StoreDetailsResponse>;
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
const sortedIds = (list: SeededOrder[]) => list.map((o) => o.id).sort();

beforeAll(async () => {
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  manager = await createAccount('manager', 'approved', { uid: uidOf('m') });
  managerRequest = await requestAs(manager, {});
  buyer = await createAccount('retailer', 'approved');
  // The manager's own profile names RUN too: it must never be a row of the Users table.
  await firestore()
    .doc(paths.profile(manager.uid))
    .update({ store_name: `${RUN} Headquarters` });

  for (const s of STORES) {
    s.account = await createAccount(s.role, 'pending', {
      uid: uidOf(s.key),
      emailVerified: s.key !== 'c',
    });
    await firestore()
      .doc(paths.profile(s.account.uid))
      .update({
        store_name: s.name,
        created_at: Timestamp.fromDate(new Date(s.createdAt)),
        email_verified: s.key !== 'c',
        seller_permit_id: `SR-${s.key.toUpperCase()}-${RUN}`,
        ship_to: {
          name: 'Sam',
          phone: s.key === 'a' ? '+14155550123' : '',
          address: {
            line1: '1 Main St',
            line2: '',
            city: 'Reno',
            state: 'NV',
            postal_code: '89501',
            country: 'US',
          },
        },
        ...(s.key === 'a'
          ? { email_verified_at: Timestamp.fromDate(new Date('2026-01-03T18:00:00Z')) }
          : {}),
      });
  }
  // Reviews through the callable, so their audit entries are the real ones: a and b approved,
  // then b rejected; c stays pending.
  for (const [key, status] of [
    ['a', 'approved'],
    ['b', 'approved'],
    ['b', 'rejected'],
  ] as const) {
    await setProfileStatusHandler(as(managerRequest, { uid: uidOf(key), status }));
  }

  const batch = firestore().batch();
  for (const order of ORDERS)
    batch.set(firestore().doc(paths.order(order.id)), orderDocument(order));
  await batch.commit();
  // What the triggers do on these writes.
  for (const uid of [manager.uid, ...STORES.map((s) => s.account!.uid)]) {
    expect(await syncProfileSearchFields(ctx(), uid)).toBe('updated');
  }
  const outcomes = await Promise.all(ORDERS.map((o) => syncOrderSearchFields(ctx(), o.id)));
  expect(outcomes.every((o) => o === 'updated')).toBe(true);
});

afterAll(() => {
  vi.restoreAllMocks();
});

const ofStore = (key: Store['key']) => ORDERS.filter((o) => o.store.key === key);

describe('searchOrders: search', () => {
  it('finds orders by a word of the store name, one word or several, in any case', async () => {
    const all = await orders({ q: RUN, pageSize: 100 });
    expect(all.total).toBe(30);
    expect(ids(all.rows).sort()).toEqual(sortedIds(ORDERS));

    for (const q of [`Aurora ${RUN}`, `${RUN.toUpperCase()} VAPE`, `aurora ${RUN} vape lou`]) {
      const found = await orders({ q, pageSize: 100 });
      expect([q, ids(found.rows).sort()]).toEqual([q, sortedIds(ofStore('a'))]);
    }
    // Not the start of a word, or words not next to each other: nothing of ours.
    for (const q of [`urora ${RUN}`, `aurora vape ${RUN}`]) {
      const found = await orders({ q, pageSize: 100 });
      expect(found.rows.filter((r) => r.id.startsWith(uidOf('o')))).toEqual([]);
    }
  });

  it('finds orders by the buyer’s email, in full or its start', async () => {
    for (const q of [emailOf('b'), emailOf('b').toUpperCase(), `${uidOf('b')}@acc`]) {
      const found = await orders({ q, pageSize: 100 });
      expect([q, ids(found.rows).sort()]).toEqual([q, sortedIds(ofStore('b'))]);
    }
  });

  it('finds an order by its invoice number, in each form, and by its id', async () => {
    const order = ORDERS[7]!;
    const sequence = INVOICE_BASE + 7;
    expect(order.invoice).toBe(`INV-0${sequence}`);
    for (const q of [order.invoice!, `inv-${sequence}`, `0${sequence}`, String(sequence)]) {
      const found = await orders({ q });
      expect([q, ids(found.rows)]).toEqual([q, [order.id]]);
    }
    const byId = await orders({ q: order.id.toUpperCase() });
    expect(ids(byId.rows)).toEqual([order.id]);
    expect(byId.rows[0]).toEqual({
      id: order.id,
      invoiceNumber: order.invoice,
      userId: uidOf('b'),
      storeName: store('b').name,
      // An order from before companies: its buyer's company, whose id is the buyer's uid.
      companyId: uidOf('b'),
      email: emailOf('b'),
      role: 'wholesaler',
      status: order.status,
      amount: order.amount,
      refundedAmount: 0,
      itemCount: order.lines,
      lines: Array.from({ length: order.lines }, (_, n) => `Product ${n} x 1`).join('; '),
      shipTo: null,
      paymentType: 'one_time',
      createdAt: order.createdAt.toISOString(),
      paidAt: order.createdAt.toISOString(),
      paymentMethod: 'card',
      poNumber: '',
      termsState: null,
      dueAt: null,
    } satisfies OrderRow);
  });
  it('finds an order by every form of its number people see: short id, full id, invoice', async () => {
    // An id as Firestore draws them (20 letters and digits, mixed case): its first 8 are the
    // short number the screens show ("#ebluQw4S").
    const id = firestore().collection('orders').doc().id;
    const sequence = INVOICE_BASE + 90;
    const invoice = formatInvoiceNumber(sequence);
    const order: SeededOrder = {
      ...ORDERS[0]!,
      id,
      store: store('a'),
      invoice,
    };
    const ref = firestore().doc(paths.order(id));
    await ref.set({ ...orderDocument(order), store_name: `Numbered ${RUN}` });
    try {
      expect(await syncOrderSearchFields(ctx(), id)).toBe('updated');
      const short = id.slice(0, 8);
      const forms = [
        `#${short}`,
        short,
        `# ${short} `,
        `#${short.toLowerCase()}`,
        short.toUpperCase(),
        id,
        `#${id}`,
        id.toLowerCase(),
        invoice,
        invoice.toLowerCase(),
        `#${invoice}`,
        `INV ${sequence}`,
        `inv${String(sequence).padStart(6, '0')}`,
        String(sequence),
      ];
      for (const q of forms) {
        const found = await orders({ q });
        expect([q, ids(found.rows)]).toEqual([q, [id]]);
      }
    } finally {
      await ref.delete();
    }
  });
});

describe('searchOrders: filters', () => {
  it('filters by status, by the buyer’s role and by both', async () => {
    for (const status of STATUSES) {
      const found = await orders({ q: RUN, status, pageSize: 100 });
      expect([status, ids(found.rows).sort()]).toEqual([
        status,
        sortedIds(ORDERS.filter((o) => o.status === status)),
      ]);
      expect(found.total).toBe(found.rows.length);
    }
    const wholesale = await orders({ q: RUN, role: 'wholesaler', pageSize: 100 });
    expect(ids(wholesale.rows).sort()).toEqual(sortedIds(ofStore('b')));
    const both = await orders({ q: RUN, role: 'retailer', status: 'processing', pageSize: 100 });
    expect(ids(both.rows).sort()).toEqual(
      sortedIds(ofStore('a').filter((o) => o.status === 'processing')),
    );
  });

  it('filters by a range of business days (Pacific), both ends included', async () => {
    const range = { from: '2026-01-05', to: '2026-01-12' };
    const expected = ORDERS.filter((o) => {
      const day = businessDay(o.createdAt);
      return day >= range.from && day <= range.to;
    });
    expect(expected.length).toBeGreaterThan(3);
    expect(expected.length).toBeLessThan(ORDERS.length);
    for (const sort of ['created_at', 'amount', 'store_name'] as const) {
      const found = await orders({ q: RUN, range, sort, pageSize: 100 });
      expect([sort, ids(found.rows).sort()]).toEqual([sort, sortedIds(expected)]);
      expect(found.total).toBe(expected.length);
    }
    const shipped = await orders({ q: RUN, range, status: 'shipped', pageSize: 100 });
    expect(ids(shipped.rows).sort()).toEqual(
      sortedIds(expected.filter((o) => o.status === 'shipped')),
    );
  });
});

describe('searchOrders: sorting and pages', () => {
  const keyOf: Record<OrderSortField, (row: OrderRow) => string | number> = {
    created_at: (row: OrderRow) => row.createdAt,
    amount: (row: OrderRow) => row.amount,
    store_name: (row: OrderRow) => row.storeName.toLowerCase(),
  };

  it('sorts by each field in both directions', async () => {
    for (const sort of ['created_at', 'amount', 'store_name'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const { rows } = await orders({ q: RUN, sort, direction, pageSize: 100 });
        const keys = rows.map(keyOf[sort]);
        const expected = [...keys].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
        if (direction === 'desc') expected.reverse();
        expect([sort, direction, keys]).toEqual([sort, direction, expected]);
        expect(rows).toHaveLength(30);
      }
    }
    const newest = await orders({ q: RUN, pageSize: 10 });
    expect(newest.rows[0]!.id).toBe(ORDERS.at(-1)!.id);
  });

  it('sorts by store name whatever its case: "acme" before "Zed"', async () => {
    const word = `case${RUN}`;
    const made = [
      { id: `srch-${RUN}-case-zed`, name: `Zed ${word} Smoke` },
      { id: `srch-${RUN}-case-acme`, name: `acme ${word} vapes` },
      { id: `srch-${RUN}-case-moon`, name: `Moon ${word} Lounge` },
    ];
    for (const { id, name } of made) {
      const seeded: SeededOrder = {
        id,
        store: { ...store('a'), name },
        status: 'processing',
        amount: 1000,
        refunded: 0,
        lines: 1,
        createdAt: new Date('2026-01-05T20:00:00Z'),
        invoice: null,
      };
      await firestore().doc(paths.order(id)).set(orderDocument(seeded));
      expect(await syncOrderSearchFields(ctx(), id)).toBe('updated');
    }
    const names = async (direction: 'asc' | 'desc') =>
      (await orders({ q: word, sort: 'store_name', direction })).rows.map((row) => row.storeName);
    expect(await names('asc')).toEqual([made[1]!.name, made[2]!.name, made[0]!.name]);
    expect(await names('desc')).toEqual([made[0]!.name, made[2]!.name, made[1]!.name]);
    await Promise.all(made.map(({ id }) => firestore().doc(paths.order(id)).delete()));
  });

  it('gives page 2 of 10 and the total', async () => {
    const byAmount = [...ORDERS].sort((x, y) => x.amount - y.amount);
    const page = await orders({ q: RUN, sort: 'amount', direction: 'asc', page: 2, pageSize: 10 });
    expect(page).toMatchObject({ total: 30, page: 2, pageSize: 10, truncated: false });
    expect(ids(page.rows)).toEqual(byAmount.slice(10, 20).map((o) => o.id));
    const last = await orders({ q: RUN, page: 4, pageSize: 10 });
    expect(last).toMatchObject({ rows: [], total: 30, page: 4 });
  });

  it('returns every match with all: true (the CSV export)', async () => {
    const everything = await orders({ q: RUN, all: true, page: 3, pageSize: 10 });
    expect(everything.truncated).toBe(false);
    expect(everything.total).toBe(30);
    expect(ids(everything.rows).sort()).toEqual(sortedIds(ORDERS));
  });
});

describe('searchUsers', () => {
  it('finds the buyers by a word of the store name or an email; never a manager', async () => {
    const found = await users({ q: RUN, sort: 'store_name', direction: 'asc' });
    expect(found.total).toBe(3);
    expect(found.rows.map((r) => r.uid)).toEqual([uidOf('a'), uidOf('b'), uidOf('c')]);
    expect(found.rows[0]).toEqual({
      uid: uidOf('a'),
      storeName: store('a').name,
      fullName: `Name ${uidOf('a')}`,
      sellerPermitId: `SR-A-${RUN}`,
      email: emailOf('a'),
      role: 'retailer',
      status: 'approved',
      emailVerified: true,
      createdAt: '2026-01-02T20:00:00.000Z',
      reviewedAt: expect.any(String) as string,
    });
    expect(found.rows[2]).toMatchObject({
      status: 'pending',
      emailVerified: false,
      reviewedAt: null,
    });

    const byEmail = await users({ q: emailOf('c').toUpperCase() });
    expect(byEmail.rows.map((r) => r.uid)).toEqual([uidOf('c')]);
    const byAccent = await users({ q: `cafe ${RUN}` });
    expect(byAccent.rows.map((r) => r.uid)).toEqual([uidOf('c')]);
    // The manager's profile matches the text but is no row.
    const managers = await users({ q: `${RUN} headquarters` });
    expect(managers).toMatchObject({ rows: [], total: 0 });
  });

  it('filters by status, role and the day of the application', async () => {
    expect((await users({ q: RUN, status: 'rejected' })).rows.map((r) => r.uid)).toEqual([
      uidOf('b'),
    ]);
    const retailers = await users({
      q: RUN,
      role: 'retailer',
      sort: 'created_at',
      direction: 'asc',
    });
    expect(retailers.rows.map((r) => r.uid)).toEqual([uidOf('a'), uidOf('c')]);
    const january = await users({ q: RUN, range: { from: '2026-01-02', to: '2026-01-31' } });
    expect(january.rows.map((r) => r.uid)).toEqual([uidOf('b'), uidOf('a')]);
    // 2026-01-02T20:00Z is noon in Los Angeles: on the 2nd, not the 3rd.
    const third = await users({ q: RUN, range: { from: '2026-01-03', to: '2026-01-09' } });
    expect(third).toMatchObject({ rows: [], total: 0 });
  });

  it('sorts by store name (lower case, accents removed) and by date, both ways, with pages', async () => {
    const desc = await users({ q: RUN, sort: 'store_name', direction: 'desc' });
    expect(desc.rows.map((r) => r.uid)).toEqual([uidOf('c'), uidOf('b'), uidOf('a')]);
    const newest = await users({ q: RUN, sort: 'created_at', direction: 'desc' });
    expect(newest.rows.map((r) => r.uid)).toEqual([uidOf('c'), uidOf('b'), uidOf('a')]);
    const pageTwo = await users({
      q: RUN,
      sort: 'created_at',
      direction: 'asc',
      page: 2,
      pageSize: 10,
    });
    expect(pageTwo).toMatchObject({ rows: [], total: 3, page: 2 });
    const all = await users({ q: RUN, all: true });
    expect(all).toMatchObject({ total: 3, truncated: false });
    expect(all.rows).toHaveLength(3);
  });
});

describe('bad input and callers', () => {
  it.each([
    // The key is not echoed back (lib/caller.ts parseData).
    ['an unknown key', { q: RUN, foo: 1 }, 'This request has a field it does not take.'],
    ['page 0', { page: 0 }, 'page: Page must be at least 1'],
    ['page size 7', { pageSize: 7 }, 'pageSize: Page size must be one of 10, 20, 50, 100'],
    [
      'a 200-character search',
      { q: 'x'.repeat(200) },
      'q: Search text must be at most 80 characters',
    ],
    [
      'a range that ends before it starts',
      { range: { from: '2026-02-01', to: '2026-01-01' } },
      'range: The end date is before the start date.',
    ],
    ['an unknown sort', { sort: 'email' }, 'sort: Invalid option'],
    ['an unknown status', { status: 'lost' }, 'status: Invalid option'],
    ['not an object', 'everything', 'Invalid input'],
  ])('refuses %s with invalid-argument', async (_label, data, message) => {
    for (const handler of [searchOrdersHandler, searchUsersHandler]) {
      await expect(handler(as(managerRequest, data))).rejects.toMatchObject({
        code: 'invalid-argument',
        message: expect.stringContaining(message) as string,
      });
    }
  });

  it('refuses a buyer and a visitor', async () => {
    const request = await requestAs(buyer, {});
    for (const handler of [searchOrdersHandler, searchUsersHandler, getStoreDetailsHandler]) {
      const data = handler === getStoreDetailsHandler ? { uid: uidOf('a') } : { q: RUN };
      await expect(handler(as(request, data))).rejects.toMatchObject({
        code: 'permission-denied',
        message: 'Only managers can do this.',
      });
      await expect(handler({ data })).rejects.toMatchObject({ code: 'unauthenticated' });
    }
  });
});

describe('getStoreDetails', () => {
  it('shows the buyer, the history, the newest orders and the revenue net of refunds', async () => {
    const a = await details(uidOf('a'));
    const mine = ofStore('a');
    const paid = mine.filter((o) => PAID_ORDER_STATUSES.includes(o.status));
    expect(a.user).toMatchObject({
      uid: uidOf('a'),
      storeName: store('a').name,
      email: emailOf('a'),
      role: 'retailer',
      status: 'approved',
      emailVerified: true,
      createdAt: '2026-01-02T20:00:00.000Z',
      phone: '+14155550123',
      sellerPermitId: `SR-A-${RUN}`,
    });
    expect(a.history.map((h) => h.event)).toEqual([
      'Applied',
      'Email verified',
      `Approved by ${manager.email}`,
    ]);
    expect(a.history.slice(0, 2).map((h) => h.at)).toEqual([
      '2026-01-02T20:00:00.000Z',
      '2026-01-03T18:00:00.000Z',
    ]);
    const newestFirst = [...mine].sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime());
    expect(ids(a.orders)).toEqual(newestFirst.map((o) => o.id));
    expect(a.orders[0]).toMatchObject({ email: emailOf('a'), role: 'retailer' });
    expect(a.orderCount).toBe(mine.length);
    expect(a.lastOrderAt).toBe(newestFirst[0]!.createdAt.toISOString());
    const gross = paid.reduce((sum, o) => sum + o.amount, 0);
    expect(a.lifetimeRevenue).toBe(gross);

    // b: a partial refund of 500 on a shipped order comes off; b was approved, then rejected.
    const b = await details(uidOf('b'));
    const paidB = ofStore('b').filter((o) => PAID_ORDER_STATUSES.includes(o.status));
    expect(paidB.some((o) => o.refunded === 500 && o.status === 'shipped')).toBe(true);
    expect(b.lifetimeRevenue).toBe(paidB.reduce((sum, o) => sum + o.amount - o.refunded, 0));
    expect(b.lifetimeRevenue).toBe(paidB.reduce((sum, o) => sum + o.amount, 0) - 500);
    expect(b.history.map((h) => h.event)).toEqual([
      'Applied',
      `Approved by ${manager.email}`,
      `Rejected by ${manager.email}`,
    ]);
    expect(b.user).toMatchObject({ status: 'rejected', phone: null });

    // c: no orders, not verified, never reviewed.
    const c = await details(uidOf('c'));
    expect(c).toMatchObject({ orders: [], orderCount: 0, lifetimeRevenue: 0, lastOrderAt: null });
    expect(c.history.map((h) => h.event)).toEqual(['Applied']);
    expect(c.user.emailVerified).toBe(false);
  });

  it('shows at most the 50 newest orders, and counts them all', async () => {
    const many = await createAccount('retailer', 'approved');
    const batch = firestore().batch();
    for (let i = 0; i < 52; i++) {
      const order = {
        ...ORDERS[0]!,
        id: `${many.uid}-o${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      };
      batch.set(firestore().doc(paths.order(order.id)), {
        ...orderDocument({ ...order, store: { ...store('a'), account: many } }),
      });
    }
    await batch.commit();
    const result = await details(many.uid);
    expect(result.orders).toHaveLength(50);
    expect(result.orderCount).toBe(52);
    expect(result.orders[0]!.id).toBe(`${many.uid}-o51`);
  });

  it('answers not-found for an unknown uid and for a manager', async () => {
    for (const uid of [`no-such-store-${RUN}`, manager.uid]) {
      await expect(details(uid)).rejects.toMatchObject({
        code: 'not-found',
        message: 'No store with this id.',
      });
    }
    await expect(getStoreDetailsHandler(as(managerRequest, { uid: 'a/b' }))).rejects.toMatchObject({
      code: 'invalid-argument',
    });
  });
});

describe('the search triggers’ logic', () => {
  it('writes the fields once; a second run writes nothing', async () => {
    const account = await createAccount('wholesaler', 'approved', { uid: uidOf('t') });
    const ref = firestore().doc(paths.order(`${uidOf('t')}-order`));
    const seeded = {
      ...ORDERS[0]!,
      id: ref.id,
      store: { ...store('b'), name: `Tundra ${RUN}`, account },
    };
    await ref.set(orderDocument(seeded));

    expect(await syncOrderSearchFields(ctx(), ref.id)).toBe('updated');
    const first = await ref.get();
    expect(first.get('buyer_role')).toBe('wholesaler');
    expect(first.get('buyer_email')).toBe(account.email);
    expect(first.get('search_keys')).toEqual(
      expect.arrayContaining([ref.id.toLowerCase(), 'tundra', `tundra ${RUN}`, account.email]),
    );
    expect(await syncOrderSearchFields(ctx(), ref.id)).toBe('unchanged');
    // The trigger, given no change to look at, syncs and still writes nothing.
    await orderWrittenForSearchHandler({ params: { orderId: ref.id } });
    expect((await ref.get()).updateTime!.isEqual(first.updateTime!)).toBe(true);

    // Paid later: the invoice number is searchable after the next sync.
    await ref.update({ invoice_number: formatInvoiceNumber(INVOICE_BASE + 99) });
    expect(await syncOrderSearchFields(ctx(), ref.id)).toBe('updated');
    expect((await orders({ q: String(INVOICE_BASE + 99) })).rows.map((r) => r.id)).toEqual([
      ref.id,
    ]);
    expect(await syncOrderSearchFields(ctx(), `${ref.id}-missing`)).toBe('missing');
  });

  it('keeps the profile’s keys and sort name in step with a renamed store', async () => {
    const uid = uidOf('c');
    expect(await syncProfileSearchFields(ctx(), uid)).toBe('unchanged');
    await firestore()
      .doc(paths.profile(uid))
      .update({ store_name: `Élan ${RUN} Market` });
    expect(await syncProfileSearchFields(ctx(), uid)).toBe('updated');
    const profile = (await firestore().doc(paths.profile(uid)).get()).data()!;
    expect(profile.store_name_lower).toBe(`elan ${RUN} market`);
    expect(profile.search_keys).toContain(`${RUN} market`);
    expect(profile.search_keys).not.toContain(`cafe ${RUN}`);
    expect(await syncProfileSearchFields(ctx(), uid)).toBe('unchanged');
    await firestore()
      .doc(paths.profile(uid))
      .update({ store_name: store('c').name });
    expect(await syncProfileSearchFields(ctx(), uid)).toBe('updated');
  });

  it('only syncs on a write that can change the fields', () => {
    const snap = (data: Record<string, unknown> | null) => ({
      exists: data !== null,
      get: (field: string) => (data ? data[field] : undefined),
    });
    const inputs = ['store_name', 'invoice_number'];
    const synced = {
      store_name: 'A',
      invoice_number: null,
      search_keys: ['a'],
      status: 'processing',
    };
    const check = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
      needsSearchSync({ before: snap(before), after: snap(after) }, inputs);
    expect(check(null, { store_name: 'A' })).toBe(true);
    expect(check({ store_name: 'A' }, { ...synced })).toBe(false);
    expect(check(synced, { ...synced, status: 'shipped' })).toBe(false);
    expect(check(synced, { ...synced, invoice_number: 'INV-000001' })).toBe(true);
    expect(check(synced, { store_name: 'A', status: 'shipped' })).toBe(true);
    expect(check(synced, null)).toBe(false);
    expect(needsSearchSync(undefined, inputs)).toBe(true);
  });

  it('leaves alone an order its writer made with its search fields (a card checkout’s)', () => {
    const snap = (data: Record<string, unknown> | null) => ({
      exists: data !== null,
      get: (field: string) => (data ? data[field] : undefined),
    });
    const made = { store_name: 'A', invoice_number: 'INV-000001', search_keys: ['a'] };
    const created = (
      after: Record<string, unknown> | null,
      before: Record<string, unknown> | null = null,
    ) => createdWithSearchFields({ before: snap(before), after: snap(after) });
    expect(created(made)).toBe(true);
    // Made without them (a renewal, an order on terms): the trigger derives them.
    expect(created({ store_name: 'A' })).toBe(false);
    // Any later write is judged by what it changed (needsSearchSync).
    expect(created({ ...made, status: 'shipped' }, made)).toBe(false);
    expect(created(null)).toBe(false);
    expect(createdWithSearchFields(undefined)).toBe(false);
  });

  it('backfills what is missing or stale, a page at a time; a second run writes nothing', async () => {
    // A database of its own (another project on the same emulator), with the stack's Auth users.
    const projectId = `demo-search-backfill-${RUN}`;
    const db = getFirestore(
      getApps().find((a) => a.name === projectId) ?? initializeApp({ projectId }, projectId),
    );
    const deps = { db, auth: adminAuth() };
    const a = store('a');
    await db
      .doc(paths.profile(uidOf('a')))
      .set({ user_id: uidOf('a'), store_name: a.name, role: 'retailer', status: 'approved' });
    await db.doc(paths.profile(uidOf('b'))).set({
      user_id: uidOf('b'),
      store_name: 'Old Name',
      role: 'wholesaler',
      status: 'approved',
      store_name_lower: 'old name',
      search_keys: ['stale'],
    });
    for (const order of ORDERS.slice(0, 5)) {
      await db.doc(paths.order(order.id)).set(orderDocument(order));
    }
    // One order is already up to date.
    expect(await syncOrderSearchFields(deps, ORDERS[0]!.id)).toBe('updated');
    // One was synced before orders had their short number as a key: the backfill adds it.
    const shortKey = ORDERS[2]!.id.slice(0, 8).toLowerCase();
    expect(await syncOrderSearchFields(deps, ORDERS[2]!.id)).toBe('updated');
    const synced = (await db.doc(paths.order(ORDERS[2]!.id)).get()).get('search_keys') as string[];
    expect(synced).toContain(shortKey);
    await db
      .doc(paths.order(ORDERS[2]!.id))
      .update({ search_keys: synced.filter((key) => key !== shortKey) });

    const dry = await backfillSearchFields(deps, { dryRun: true, pageSize: 2 });
    expect(dry).toEqual({
      profiles: { scanned: 2, updated: 2 },
      orders: { scanned: 5, updated: 4 },
      companies: { scanned: 0, updated: 0 },
    });
    expect((await db.doc(paths.order(ORDERS[1]!.id)).get()).get('search_keys')).toBeUndefined();

    expect(await backfillSearchFields(deps, { pageSize: 2 })).toEqual(dry);
    const order = await db.doc(paths.order(ORDERS[1]!.id)).get();
    expect(order.get('buyer_email')).toBe(emailOf('b'));
    expect(order.get('search_keys')).toContain(ORDERS[1]!.invoice!.toLowerCase());
    expect((await db.doc(paths.order(ORDERS[2]!.id)).get()).get('search_keys')).toContain(shortKey);
    const renamed = (await db.doc(paths.profile(uidOf('b'))).get()).data()!;
    expect(renamed.store_name_lower).toBe('old name');
    expect(renamed.search_keys).toContain(emailOf('b'));
    expect(renamed.search_keys).not.toContain('stale');

    expect(await backfillSearchFields(deps, { pageSize: 2 })).toEqual({
      profiles: { scanned: 2, updated: 0 },
      orders: { scanned: 5, updated: 0 },
      companies: { scanned: 0, updated: 0 },
    });
  });
});
