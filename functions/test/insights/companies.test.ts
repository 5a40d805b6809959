import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import {
  paths,
  type CompanyDetailsResponse,
  type CompanyRole,
  type OrderStatus,
  type SearchCompaniesRequest,
  type SearchCompaniesResponse,
} from '@portal/domain';
import { getCompanyDetailsHandler } from '../../src/handlers/get-company-details';
import { searchCompaniesHandler } from '../../src/handlers/search-companies';
import {
  addressKeyOf,
  companiesOfProfileWrite,
  companyWrittenForSearchHandler,
  locationNeedsSync,
  locationWrittenForSearchHandler,
  profileWrittenForSearchHandler,
} from '../../src/handlers/search-triggers';
import { setProfileStatusHandler } from '../../src/handlers/set-profile-status';
import { backfillSearchFields, syncCompanySearchFields } from '../../src/insights/search-fields';
import { adminAuth, firestore } from '../../src/lib/admin';
import { createContext } from '../../src/lib/context';
import { log } from '../../src/lib/log';
import {
  accountEmail,
  createAccount,
  requestAs,
  type TestAccount,
  type TestRequest,
} from '../accounts/support';

/**
 * searchCompanies, getCompanyDetails and the triggers that keep the companies' search fields,
 * against the shared functions stack. The stack holds every other test file's companies too, so
 * this file's companies, cities and addresses carry a word of their own (RUN), and every search
 * here names it. Triggers do not run in the function tests: their handlers are called here with
 * the change they would be given.
 */

const RUN = Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('');
const CITY = `${RUN.charAt(0).toUpperCase()}${RUN.slice(1)}`;
const ctx = () => createContext();
const uidOf = (key: string) => `cmp-${RUN}-${key}`;

interface SeedCompany {
  key: string;
  name: string;
  role: 'retailer' | 'wholesaler';
  createdAt: string;
  verified: boolean;
  /** Locations: id, name, city, archived. */
  locations: { id: string; name: string; city: string; archived?: boolean }[];
}

const COMPANIES: SeedCompany[] = [
  {
    key: 'a',
    name: `Aurora ${RUN} Vapes`,
    role: 'retailer',
    createdAt: '2026-01-02T20:00:00Z',
    verified: true,
    locations: [
      { id: 'main', name: 'Main St store', city: `${CITY} Falls` },
      { id: 'north', name: 'North store', city: `${CITY} Springs`, archived: true },
    ],
  },
  {
    key: 'b',
    name: `Borealis ${RUN} Supply`,
    role: 'wholesaler',
    createdAt: '2026-01-10T20:00:00Z',
    verified: true,
    locations: [{ id: 'main', name: 'Warehouse', city: `${CITY} Springs` }],
  },
  {
    key: 'c',
    name: `Café ${RUN} Corner`,
    role: 'retailer',
    createdAt: '2026-02-01T20:00:00Z',
    verified: false,
    locations: [],
  },
];
const company = (key: string) => COMPANIES.find((c) => c.key === key)!;

let manager: TestAccount;
let managerRequest: TestRequest;
let outsider: TestAccount;

const as = (request: TestRequest, data: unknown) => ({ ...request, data });
const search = (data: SearchCompaniesRequest) =>
  searchCompaniesHandler(as(managerRequest, data)) as Promise<SearchCompaniesResponse>;
const details = (companyId: string) =>
  getCompanyDetailsHandler(as(managerRequest, { companyId })) as Promise<CompanyDetailsResponse>;
const idsOf = (result: SearchCompaniesResponse) => result.rows.map((row) => row.id);

function locationDocument(location: SeedCompany['locations'][number]) {
  return {
    name: location.name,
    ship_to: {
      name: 'Sam Rivera',
      phone: '+17755550123',
      address: {
        line1: '1 Main St',
        line2: '',
        city: location.city,
        state: 'NV',
        postal_code: '89501',
        country: 'US',
      },
    },
    delivery_notes: '',
    archived: location.archived ?? false,
  };
}

/** A member of a company (not its applicant): an Auth user and a profile naming the company. */
async function addMember(key: string, companyId: string, role: CompanyRole, locationIds: string[]) {
  const uid = uidOf(key);
  await adminAuth().createUser({
    uid,
    email: accountEmail(uid),
    password: 'accounts-test-1',
    emailVerified: true,
  });
  const profile = {
    user_id: uid,
    full_name: `Member ${key}`,
    store_name: company('a').name,
    seller_permit_id: 'SR-TEST-1',
    role: 'retailer',
    status: 'approved',
    created_at: Timestamp.now(),
    company_id: companyId,
    company_role: role,
    location_ids: locationIds,
  };
  await firestore().doc(paths.profile(uid)).set(profile);
  return profile;
}

/** A stand-in for a document as a trigger's change carries it (null: no document). */
const snap = (data: Record<string, unknown> | null) => ({
  exists: data !== null,
  get: (field: string) =>
    data === null
      ? undefined
      : field
          .split('.')
          .reduce<unknown>((value, part) => (value as Record<string, unknown>)?.[part], data),
});
const change = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) => ({
  before: snap(before),
  after: snap(after),
});

interface SeedOrder {
  id: string;
  user: string;
  location: string | null;
  status: OrderStatus;
  amount: number;
  refunded: number;
  at: string;
}

/** Company a's orders: two stores, a partial refund, a cancellation, a pending one, one before locations. */
const ORDERS: SeedOrder[] = [
  {
    id: 'o1',
    user: 'a',
    location: 'main',
    status: 'delivered',
    amount: 10_000,
    refunded: 0,
    at: '2026-01-05',
  },
  {
    id: 'o2',
    user: 'a2',
    location: 'main',
    status: 'shipped',
    amount: 5_000,
    refunded: 1_500,
    at: '2026-01-06',
  },
  {
    id: 'o3',
    user: 'a2',
    location: 'main',
    status: 'cancelled',
    amount: 7_000,
    refunded: 7_000,
    at: '2026-01-07',
  },
  {
    id: 'o4',
    user: 'a',
    location: 'north',
    status: 'processing',
    amount: 2_500,
    refunded: 0,
    at: '2026-01-08',
  },
  {
    id: 'o5',
    user: 'a',
    location: 'north',
    status: 'pending',
    amount: 9_900,
    refunded: 0,
    at: '2026-01-09',
  },
  {
    id: 'o6',
    user: 'a',
    location: null,
    status: 'delivered',
    amount: 1_000,
    refunded: 0,
    at: '2026-01-01',
  },
];
const orderId = (order: SeedOrder) => `${uidOf('order')}-${order.id}`;

beforeAll(async () => {
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  manager = await createAccount('manager', 'approved', { uid: uidOf('m') });
  managerRequest = await requestAs(manager, {});
  outsider = await createAccount('retailer', 'approved', { uid: uidOf('x') });

  for (const c of COMPANIES) {
    await createAccount(c.role, 'pending', { uid: uidOf(c.key), emailVerified: c.verified });
    await firestore()
      .doc(paths.company(uidOf(c.key)))
      .update({
        name: c.name,
        seller_permit_id: `SR-${c.key.toUpperCase()}-${RUN}`,
        created_at: Timestamp.fromDate(new Date(c.createdAt)),
      });
    await firestore()
      .doc(paths.profile(uidOf(c.key)))
      .update({
        store_name: c.name,
        ...(c.key === 'a'
          ? { email_verified_at: Timestamp.fromDate(new Date('2026-01-03T18:00:00Z')) }
          : {}),
      });
    for (const location of c.locations) {
      await firestore()
        .doc(paths.location(uidOf(c.key), location.id))
        .set(locationDocument(location));
    }
  }
  await addMember('a2', uidOf('a'), 'buyer', ['main']);
  // Reviews through the callable, so their audit entries are the real ones: a approved; c
  // approved without a verified address, then rejected with a reason; b stays pending.
  for (const [key, data] of [
    ['a', { status: 'approved' }],
    ['c', { status: 'approved', allowUnverified: true }],
    ['c', { status: 'rejected', reason: 'No seller permit on file.' }],
  ] as const) {
    await setProfileStatusHandler(as(managerRequest, { uid: uidOf(key), ...data }));
  }

  const batch = firestore().batch();
  for (const order of ORDERS) {
    const at = Timestamp.fromDate(new Date(`${order.at}T18:00:00Z`));
    const location = company('a').locations.find((l) => l.id === order.location);
    batch.set(firestore().doc(paths.order(orderId(order))), {
      user_id: uidOf(order.user),
      company_id: uidOf('a'),
      location_id: order.location,
      location_name: location?.name ?? '',
      placed_by_name: order.user === 'a' ? `Name ${uidOf('a')}` : 'Member a2',
      store_name: company('a').name,
      seller_permit_id: 'SR-A',
      items: [
        {
          product_id: 'p1',
          name: 'Purple Dream Syrup',
          description: '',
          image_url: '/p.svg',
          unit_amount: order.amount,
          quantity: 1,
          line_total: order.amount,
        },
      ],
      amount: order.amount,
      currency: 'usd',
      payment_type: 'one_time',
      status: order.status,
      stripe_session_id: `cs_test_${orderId(order)}`,
      stripe_payment_intent_id: null,
      created_at: at,
      updated_at: at,
      paid_at: order.status === 'pending' ? null : at,
      status_history: [{ status: order.status, at, by: 'stripe' }],
      ship_to: null,
      invoice_number: null,
      shipment: null,
      refunds: [],
      refunded_amount: order.refunded,
    });
  }
  await batch.commit();
  // What the triggers do on these writes.
  for (const c of COMPANIES) {
    expect(await syncCompanySearchFields(ctx(), uidOf(c.key))).toBe('updated');
  }
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe('searchCompanies: search', () => {
  it('finds companies by a word of the name, in any case and without accents', async () => {
    const all = await search({ q: RUN, sort: 'name', direction: 'asc' });
    expect(idsOf(all)).toEqual([uidOf('a'), uidOf('b'), uidOf('c')]);
    expect(all.total).toBe(3);
    expect((await search({ q: `AURORA ${RUN}` })).rows.map((r) => r.id)).toEqual([uidOf('a')]);
    expect(idsOf(await search({ q: `cafe ${RUN} co` }))).toEqual([uidOf('c')]);
    expect(await search({ q: `urora ${RUN}` })).toMatchObject({ rows: [], total: 0 });
  });

  it("finds a company by any member's address, in full or its start", async () => {
    for (const q of [accountEmail(uidOf('a2')), accountEmail(uidOf('a2')).toUpperCase()]) {
      expect([q, idsOf(await search({ q }))]).toEqual([q, [uidOf('a')]]);
    }
    expect(idsOf(await search({ q: `${uidOf('b')}@acc` }))).toEqual([uidOf('b')]);
  });

  it("finds a company by a location's city, archived locations too", async () => {
    expect(idsOf(await search({ q: `${CITY} falls` }))).toEqual([uidOf('a')]);
    const springs = await search({ q: `${CITY} springs`, sort: 'name', direction: 'asc' });
    expect(idsOf(springs)).toEqual([uidOf('a'), uidOf('b')]);
  });

  it('gives each row the company, its members, locations and cities, and its applicant', async () => {
    const { rows } = await search({ q: RUN, sort: 'name', direction: 'asc' });
    expect(rows[0]).toEqual({
      id: uidOf('a'),
      name: company('a').name,
      businessType: 'retailer',
      sellerPermitId: `SR-A-${RUN}`,
      status: 'approved',
      memberCount: 2,
      locationCount: 2,
      cities: [`${CITY} Falls`, `${CITY} Springs`],
      createdAt: '2026-01-02T20:00:00.000Z',
      reviewedAt: expect.any(String) as string,
      applicantName: `Name ${uidOf('a')}`,
      applicantEmail: accountEmail(uidOf('a')),
      applicantEmailVerified: true,
      ownerUid: uidOf('a'),
    });
    expect(rows[1]).toMatchObject({
      businessType: 'wholesaler',
      status: 'pending',
      memberCount: 1,
      locationCount: 1,
      reviewedAt: null,
    });
    expect(rows[2]).toMatchObject({
      status: 'rejected',
      locationCount: 0,
      cities: [],
      applicantEmailVerified: false,
    });
  });
});

describe('searchCompanies: a new application', () => {
  it('names its applicant for the reviews before the triggers have written its fields', async () => {
    const uid = uidOf('fresh');
    await createAccount('retailer', 'pending', { uid });
    // A day of its own, long ago: no other company of the stack applied on it.
    await firestore()
      .doc(paths.company(uid))
      .update({ created_at: Timestamp.fromDate(new Date('2011-02-03T20:00:00Z')) });
    const day = { from: '2011-02-03', to: '2011-02-03' };
    expect((await search({ range: day })).rows).toMatchObject([
      { id: uid, ownerUid: uid, memberCount: 0, applicantName: `Name ${uid}` },
    ]);
    expect(await syncCompanySearchFields(ctx(), uid)).toBe('updated');
    expect((await search({ range: day })).rows).toMatchObject([
      { id: uid, ownerUid: uid, memberCount: 1 },
    ]);
  });
});

describe('searchCompanies: filters, sorting and pages', () => {
  it('filters by status, by business type, by both, and by the days of the application', async () => {
    expect(idsOf(await search({ q: RUN, status: 'pending' }))).toEqual([uidOf('b')]);
    expect(idsOf(await search({ q: RUN, status: 'rejected' }))).toEqual([uidOf('c')]);
    const retailers = await search({ q: RUN, role: 'retailer', sort: 'name', direction: 'asc' });
    expect(idsOf(retailers)).toEqual([uidOf('a'), uidOf('c')]);
    expect(idsOf(await search({ q: RUN, role: 'retailer', status: 'approved' }))).toEqual([
      uidOf('a'),
    ]);
    expect(await search({ q: RUN, role: 'wholesaler', status: 'approved' })).toMatchObject({
      rows: [],
      total: 0,
    });
    // 2026-01-02T20:00Z is noon in Los Angeles: on the 2nd.
    const january = await search({ q: RUN, range: { from: '2026-01-02', to: '2026-01-31' } });
    expect(idsOf(january)).toEqual([uidOf('b'), uidOf('a')]);
    const byName = await search({
      q: RUN,
      range: { from: '2026-01-02', to: '2026-01-31' },
      sort: 'name',
      direction: 'desc',
    });
    expect(idsOf(byName)).toEqual([uidOf('b'), uidOf('a')]);
  });

  it('sorts by name (lower case, accents removed) and by the application, both ways', async () => {
    expect(idsOf(await search({ q: RUN, sort: 'name', direction: 'desc' }))).toEqual([
      uidOf('c'),
      uidOf('b'),
      uidOf('a'),
    ]);
    expect(idsOf(await search({ q: RUN }))).toEqual([uidOf('c'), uidOf('b'), uidOf('a')]);
    expect(idsOf(await search({ q: RUN, sort: 'created_at', direction: 'asc' }))).toEqual([
      uidOf('a'),
      uidOf('b'),
      uidOf('c'),
    ]);
  });

  it('pages: page 2 of 10 and the total; all: every row', async () => {
    const keys = Array.from({ length: 12 }, (_, i) => `z${String(i + 1).padStart(2, '0')}`);
    for (const key of keys) {
      await createAccount('retailer', 'approved', { uid: uidOf(key) });
      await firestore()
        .doc(paths.company(uidOf(key)))
        .update({ name: `Zephyr${RUN} ${key}` });
      expect(await syncCompanySearchFields(ctx(), uidOf(key))).toBe('updated');
    }
    // One word with RUN in it: the other tests' searches for RUN do not find these.
    const q = `zephyr${RUN}`;
    const second = await search({ q, sort: 'name', direction: 'asc', page: 2, pageSize: 10 });
    expect(second).toMatchObject({ total: 12, page: 2, pageSize: 10, truncated: false });
    expect(idsOf(second)).toEqual([uidOf('z11'), uidOf('z12')]);
    const first = await search({ q, sort: 'name', direction: 'asc', pageSize: 10 });
    expect(idsOf(first)).toEqual(keys.slice(0, 10).map(uidOf));
    const all = await search({ q, all: true, page: 2, pageSize: 10 });
    expect(all).toMatchObject({ total: 12, page: 1, truncated: false });
    expect(idsOf(all)).toHaveLength(12);
  });
});

describe('getCompanyDetails', () => {
  it('shows the company, its members, its locations with their figures, orders and history', async () => {
    const a = await details(uidOf('a'));
    expect(a.company).toMatchObject({
      id: uidOf('a'),
      name: company('a').name,
      businessType: 'retailer',
      status: 'approved',
      memberCount: 2,
      locationCount: 2,
      applicantUid: uidOf('a'),
      applicantEmail: accountEmail(uidOf('a')),
      applicantEmailVerified: true,
      ownerUid: uidOf('a'),
    });
    expect(a.members).toEqual([
      {
        uid: uidOf('a'),
        fullName: `Name ${uidOf('a')}`,
        email: accountEmail(uidOf('a')),
        role: 'owner',
        locationIds: [],
        emailVerified: true,
      },
      {
        uid: uidOf('a2'),
        fullName: 'Member a2',
        email: accountEmail(uidOf('a2')),
        role: 'buyer',
        locationIds: ['main'],
        emailVerified: true,
      },
    ]);
    // Net of refunds over the paid orders: delivered 10,000, shipped 5,000 less 1,500, processing
    // 2,500 and (no location) 1,000; the cancelled one was refunded in full, the pending one unpaid.
    expect(a.orderCount).toBe(6);
    expect(a.lifetimeRevenue).toBe(10_000 + 5_000 - 1_500 + 2_500 + 1_000);
    expect(a.locations).toEqual([
      {
        id: 'main',
        name: 'Main St store',
        address: `1 Main St, ${CITY} Falls, NV 89501`,
        phone: '+17755550123',
        archived: false,
        orderCount: 3,
        revenue: 10_000 + 5_000 - 1_500,
      },
      {
        id: 'north',
        name: 'North store',
        address: `1 Main St, ${CITY} Springs, NV 89501`,
        phone: '+17755550123',
        archived: true,
        orderCount: 2,
        revenue: 2_500,
      },
    ]);
    expect(a.orders.map((o) => o.id)).toEqual(
      ['o5', 'o4', 'o3', 'o2', 'o1', 'o6'].map((id) => `${uidOf('order')}-${id}`),
    );
    expect(a.orders[3]).toMatchObject({
      companyId: uidOf('a'),
      userId: uidOf('a2'),
      locationId: 'main',
      locationName: 'Main St store',
      placedByName: 'Member a2',
      // The search trigger has not reached these orders: the member's address is filled in.
      email: accountEmail(uidOf('a2')),
      role: 'retailer',
      refundedAmount: 1_500,
    });
    expect(a.orders[5]).toMatchObject({ locationId: null, locationName: '' });
    expect(a.lastOrderAt).toBe('2026-01-09T18:00:00.000Z');
    expect(a.history.map((h) => h.event)).toEqual([
      'Applied',
      'Email verified',
      `Approved by ${manager.email}`,
    ]);
    expect(a.history.slice(0, 2).map((h) => h.at)).toEqual([
      '2026-01-02T20:00:00.000Z',
      '2026-01-03T18:00:00.000Z',
    ]);
  });

  it('shows a company without orders or locations, and its reviews with their reasons', async () => {
    const c = await details(uidOf('c'));
    expect(c).toMatchObject({
      orders: [],
      orderCount: 0,
      lifetimeRevenue: 0,
      lastOrderAt: null,
      locations: [],
    });
    expect(c.company).toMatchObject({ status: 'rejected', applicantEmailVerified: false });
    expect(c.history.map((h) => h.event)).toEqual([
      'Applied',
      `Approved by ${manager.email}`,
      `Rejected by ${manager.email}: No seller permit on file.`,
    ]);
  });

  it("opens a member's company by the member's uid; not-found for anything else", async () => {
    expect((await details(uidOf('a2'))).company.id).toBe(uidOf('a'));
    for (const id of [`no-such-company-${RUN}`, manager.uid]) {
      await expect(details(id)).rejects.toMatchObject({
        code: 'not-found',
        message: 'No company with this id.',
      });
    }
  });
});

describe('bad input and callers', () => {
  it.each([
    ['an unknown sort', { sort: 'store_name' }, 'sort: Invalid option'],
    ['an unknown key', { q: RUN, uid: 'x' }, 'This request has a field it does not take.'],
    ['page 0', { page: 0 }, 'page: Page must be at least 1'],
  ])('searchCompanies refuses %s with invalid-argument', async (_label, data, message) => {
    await expect(searchCompaniesHandler(as(managerRequest, data))).rejects.toMatchObject({
      code: 'invalid-argument',
      message: expect.stringContaining(message) as string,
    });
  });

  it('getCompanyDetails refuses a path or no id with invalid-argument', async () => {
    for (const data of [{ companyId: 'a/b' }, {}, { uid: uidOf('a') }]) {
      await expect(getCompanyDetailsHandler(as(managerRequest, data))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
  });

  it('refuses a buyer, even one of the company, and a visitor', async () => {
    const owner = { uid: uidOf('a'), email: accountEmail(uidOf('a')) };
    const buyers = [await requestAs(outsider, {}), await requestAs(owner, {})];
    for (const request of buyers) {
      for (const [handler, data] of [
        [searchCompaniesHandler, { q: RUN }],
        [getCompanyDetailsHandler, { companyId: uidOf('a') }],
      ] as const) {
        await expect(handler(as(request, data))).rejects.toMatchObject({
          code: 'permission-denied',
          message: 'Only managers can do this.',
        });
        await expect(handler({ data })).rejects.toMatchObject({ code: 'unauthenticated' });
      }
    }
  });
});

describe('the triggers keep a company’s search fields in step', () => {
  const companyRef = () => firestore().doc(paths.company(uidOf('b')));
  const keys = async () => (await companyRef().get()).get('search_keys') as string[];

  it('a location added, its city changed, then removed', async () => {
    const ref = firestore().doc(paths.location(uidOf('b'), 'depot'));
    const location = locationDocument({ id: 'depot', name: 'Depot', city: `${CITY} Harbor` });
    await ref.set(location);
    await locationWrittenForSearchHandler({
      params: { companyId: uidOf('b'), locationId: 'depot' },
      data: change(null, location),
    });
    expect(idsOf(await search({ q: `${CITY} harbor` }))).toEqual([uidOf('b')]);
    expect((await companyRef().get()).data()).toMatchObject({
      location_count: 2,
      cities: [`${CITY} Harbor`, `${CITY} Springs`],
    });

    const moved = locationDocument({ id: 'depot', name: 'Depot', city: `${CITY} Bay` });
    await ref.set(moved);
    await locationWrittenForSearchHandler({
      params: { companyId: uidOf('b'), locationId: 'depot' },
      data: change(location, moved),
    });
    expect(idsOf(await search({ q: `${CITY} bay` }))).toEqual([uidOf('b')]);
    expect(await search({ q: `${CITY} harbor` })).toMatchObject({ rows: [], total: 0 });

    await ref.delete();
    await locationWrittenForSearchHandler({
      params: { companyId: uidOf('b'), locationId: 'depot' },
      data: change(moved, null),
    });
    expect(await keys()).not.toContain(`${RUN} bay`);
    expect((await companyRef().get()).get('location_count')).toBe(1);
  });

  it('a location renamed (same city) or archived changes nothing and is not synced', () => {
    const before = locationDocument({ id: 'x', name: 'One', city: 'Reno' });
    expect(locationNeedsSync(change(before, { ...before, name: 'Two' }))).toBe(false);
    expect(locationNeedsSync(change(before, { ...before, archived: true }))).toBe(false);
    const moved = locationDocument({ id: 'x', name: 'One', city: ' Sparks ' });
    expect(locationNeedsSync(change(before, moved))).toBe(true);
    expect(locationNeedsSync(change(null, before))).toBe(true);
    expect(locationNeedsSync(change(before, null))).toBe(true);
    expect(locationNeedsSync(undefined)).toBe(true);
  });

  it('a member joins, changes role, then leaves', async () => {
    const profile = await addMember('b2', uidOf('b'), 'viewer', []);
    const email = accountEmail(uidOf('b2'));
    await profileWrittenForSearchHandler({
      params: { uid: uidOf('b2') },
      data: change(null, profile),
    });
    expect(idsOf(await search({ q: email }))).toEqual([uidOf('b')]);
    expect((await companyRef().get()).get('member_count')).toBe(2);
    // Its own write, delivered back, writes nothing more.
    const first = await companyRef().get();
    await companyWrittenForSearchHandler({
      params: { companyId: uidOf('b') },
      data: change(first.data()!, first.data()!),
    });
    await companyWrittenForSearchHandler({ params: { companyId: uidOf('b') } });
    expect((await companyRef().get()).updateTime!.isEqual(first.updateTime!)).toBe(true);

    const left = { ...profile, company_id: null, company_role: null };
    await firestore()
      .doc(paths.profile(uidOf('b2')))
      .set(left);
    await profileWrittenForSearchHandler({
      params: { uid: uidOf('b2') },
      data: change(profile, left),
    });
    expect(await search({ q: email })).toMatchObject({ rows: [], total: 0 });
    expect((await companyRef().get()).get('member_count')).toBe(1);
  });

  it("syncs the companies a profile's write can change, and no other", () => {
    const member = {
      company_id: 'c1',
      company_role: 'buyer',
      store_name: 'A',
      search_keys: ['pat@a.test', 'pa', 'a'],
    };
    expect(companiesOfProfileWrite(change(null, member))).toEqual(['c1']);
    expect(companiesOfProfileWrite(change(member, { ...member, company_id: 'c2' }))).toEqual([
      'c1',
      'c2',
    ]);
    expect(companiesOfProfileWrite(change(member, null))).toEqual(['c1']);
    expect(companiesOfProfileWrite(change(member, { ...member, company_role: 'owner' }))).toEqual([
      'c1',
    ]);
    // A new address shows in the profile's keys.
    const moved = { ...member, search_keys: ['sam@a.test', 'sa', 'a'] };
    expect(companiesOfProfileWrite(change(member, moved))).toEqual(['c1']);
    // A rename (copied from the company) or a status change: nothing for the company's fields.
    const renamed = { ...member, store_name: 'B', search_keys: ['pat@a.test', 'pa', 'b'] };
    expect(companiesOfProfileWrite(change(member, renamed))).toEqual([]);
    expect(companiesOfProfileWrite(change(member, { ...member, status: 'rejected' }))).toEqual([]);
    expect(companiesOfProfileWrite(change({ store_name: 'M' }, { store_name: 'N' }))).toEqual([]);
    expect(companiesOfProfileWrite(undefined)).toBeNull();
    expect(addressKeyOf(['ab', 'x@y.test'])).toBe('x@y.test');
    expect(addressKeyOf(undefined)).toBe('');
  });

  it('a rename reaches the keys and the sort name', async () => {
    const before = (await companyRef().get()).data()!;
    const renamed = { ...before, name: `Polaris ${RUN} Supply` };
    await companyRef().update({ name: renamed.name });
    await companyWrittenForSearchHandler({
      params: { companyId: uidOf('b') },
      data: change(before, renamed),
    });
    const after = (await companyRef().get()).data()!;
    expect(after.name_lower).toBe(`polaris ${RUN} supply`);
    expect(idsOf(await search({ q: `polaris ${RUN}` }))).toEqual([uidOf('b')]);
    await companyRef().update({ name: company('b').name });
    expect(await syncCompanySearchFields(ctx(), uidOf('b'))).toBe('updated');
    expect(await syncCompanySearchFields(ctx(), uidOf('b'))).toBe('unchanged');
    expect(await syncCompanySearchFields(ctx(), `${uidOf('b')}-missing`)).toBe('missing');
  });
});

describe('the backfill', () => {
  it('gives every company its fields, then writes nothing', async () => {
    // A database of its own (another project on the same emulator), with the stack's Auth users.
    const projectId = `demo-company-backfill-${RUN}`;
    const db = getFirestore(
      getApps().find((a) => a.name === projectId) ?? initializeApp({ projectId }, projectId),
    );
    const deps = { db, auth: adminAuth() };
    const a = uidOf('a');
    await db.doc(paths.company(a)).set({
      name: company('a').name,
      business_type: 'retailer',
      seller_permit_id: 'SR-A',
      status: 'approved',
      created_by: a,
      created_at: Timestamp.now(),
    });
    await db.doc(paths.location(a, 'main')).set(locationDocument(company('a').locations[0]!));
    await db.doc(paths.profile(a)).set({
      user_id: a,
      store_name: company('a').name,
      role: 'retailer',
      status: 'approved',
      company_id: a,
      company_role: 'owner',
      location_ids: [],
    });
    const dry = await backfillSearchFields(deps, { dryRun: true });
    expect(dry.companies).toEqual({ scanned: 1, updated: 1 });
    expect((await db.doc(paths.company(a)).get()).get('search_keys')).toBeUndefined();
    expect((await backfillSearchFields(deps)).companies).toEqual({ scanned: 1, updated: 1 });
    const stored = (await db.doc(paths.company(a)).get()).data()!;
    expect(stored).toMatchObject({
      member_count: 1,
      location_count: 1,
      cities: [`${CITY} Falls`],
      owner_uid: a,
      name_lower: `aurora ${RUN} vapes`,
    });
    expect(stored.search_keys).toEqual(
      expect.arrayContaining([accountEmail(a), `${RUN} falls`, `aurora ${RUN}`]),
    );
    expect((await backfillSearchFields(deps)).companies).toEqual({ scanned: 1, updated: 0 });
  });
});
