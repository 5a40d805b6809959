import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import {
  addDays,
  buildRollups,
  businessDay,
  COLLECTIONS,
  emptyRollup,
  lineListDiscount,
  paths,
  RANGE_PROBLEMS,
  ROLLUP_COLLECTIONS,
  ROLLUP_LEVELS,
  ROLLUP_STATUSES,
  type RollupLevel,
  sumRollups,
  type SalesOrder,
  type SalesOverviewResponse,
  type SalesRollup,
} from '@portal/domain';
import { createCheckoutSessionHandler } from '../../src/handlers/create-checkout-session';
import { getSalesOverviewHandler } from '../../src/handlers/get-sales-overview';
import { savePriceListHandler } from '../../src/handlers/price-lists';
import { refundOrderHandler } from '../../src/handlers/refund-order';
import { setProfileStatusHandler } from '../../src/handlers/set-profile-status';
import { updateOrderStatusHandler } from '../../src/handlers/update-order-status';
import { rebuildSalesRollups } from '../../src/insights/rebuild-rollups';
import { getSalesOverview } from '../../src/insights/sales-overview';
import { salesOrderOfDoc } from '../../src/insights/sales-rollups';
import { firestore } from '../../src/lib/admin';
import { createAccount, profileOf, requestAs } from '../accounts/support';
import {
  checkoutOf,
  createUser,
  orderOf,
  payWithShipTo,
  setCart,
  startPaymentsHarness,
  type TestUser,
} from '../payments/support';
import { clearProject, comparable, projectDb, rollupDocs } from './rollup-support';

/**
 * The sales rollups after real flows on the shared stack (checkout, Stripe's webhooks, shipping,
 * refunds, a cancellation, a delayed payment that clears and one that fails, an approval, lines
 * priced by a price list): they move by exactly what buildRollups makes of those orders and that
 * approval, and getSalesOverview answers from them. Other files' orders share the database, so the test
 * compares what changed, not what is there.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let manager: TestUser;
let storeA: TestUser;
let storeB: TestUser;
const orderIds: string[] = [];
let approvedUid = '';
let before: Map<string, SalesRollup>;
let after: Map<string, SalesRollup>;
let overviewBefore: SalesOverviewResponse;
let overviewAfter: SalesOverviewResponse;
let orders: SalesOrder[];
let cancelledAmount = 0;
/** The discount store A's price list gave on the lines of its orders not cancelled. */
let listDiscount = 0;

const PARTIAL_REFUND = 1234;
const today = businessDay(new Date());
// Yesterday to tomorrow: the flows may cross Pacific midnight.
const RANGE = { from: addDays(today, -1), to: addDays(today, 1) };

async function checkout(buyer: TestUser, lines: Record<string, number>) {
  await setCart(buyer.uid, lines);
  const { orderId } = await createCheckoutSessionHandler(buyer.request({}));
  orderIds.push(orderId);
  return { orderId, sessionId: (await checkoutOf(orderId)).stripe_session_id! };
}

async function paid(buyer: TestUser, lines: Record<string, number>) {
  const { orderId, sessionId } = await checkout(buyer, lines);
  await payWithShipTo(harness.sandbox, sessionId);
  expect((await orderOf(orderId)).status).toBe('processing');
  return orderId;
}

const overview = () => getSalesOverviewHandler(manager.request({ range: RANGE }));

beforeAll(async () => {
  harness = await startPaymentsHarness();
  [manager, storeA, storeB] = await Promise.all([
    createUser('manager'),
    createUser('retailer'),
    createUser('retailer'),
  ]);
  const applicant = await createAccount('wholesaler', 'pending');
  // A's price list: 10% off purple-dream (sold) and mango-tango (only in the cancelled order).
  await savePriceListHandler({
    ...manager.request({
      name: 'Rollup test 10%',
      valid_from: null,
      valid_to: null,
      company_ids: [storeA.uid],
      entries: {
        'purple-dream': { kind: 'percent', percent_off_bps: 1000 },
        'mango-tango': { kind: 'percent', percent_off_bps: 1000 },
      },
    }),
    rawRequest: { ip: '198.18.7.7' },
  });
  before = await rollupDocs(firestore());
  overviewBefore = await overview();

  // A: paid and left processing; paid and shipped; paid and cancelled (a full refund).
  await paid(storeA, { 'purple-dream': 12 });
  const shipped = await paid(storeA, { 'blue-coast': 2, 'red-rush': 1 });
  await updateOrderStatusHandler(
    manager.request({
      orderId: shipped,
      status: 'shipped',
      shipment: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    }),
  );
  const cancelled = await paid(storeA, { 'mango-tango': 3 });
  cancelledAmount = (await orderOf(cancelled)).amount;
  await updateOrderStatusHandler(manager.request({ orderId: cancelled, status: 'cancelled' }));
  // B: paid, then partly refunded; a bank transfer that clears; one that fails.
  const refunded = await paid(storeB, { 'green-machine': 4, 'purple-dream': 1 });
  await refundOrderHandler(
    manager.request({
      orderId: refunded,
      requestId: randomUUID(),
      amount: PARTIAL_REFUND,
      customerNote: 'Damaged in transit',
    }),
  );
  const clears = await checkout(storeB, { 'red-rush': 5 });
  await payWithShipTo(harness.sandbox, clears.sessionId, { delayed: true });
  expect((await orderOf(clears.orderId)).status).toBe('pending');
  await harness.sandbox.settleDelayedPayment(clears.sessionId, 'succeeded');
  const fails = await checkout(storeB, { 'blue-coast': 1 });
  await payWithShipTo(harness.sandbox, fails.sessionId, { delayed: true });
  await harness.sandbox.settleDelayedPayment(fails.sessionId, 'failed');
  // The approval.
  await setProfileStatusHandler(manager.request({ uid: applicant.uid, status: 'approved' }));
  approvedUid = applicant.uid;
  await harness.sandbox.whenWebhooksIdle();

  const snaps = await Promise.all(orderIds.map((id) => firestore().doc(paths.order(id)).get()));
  orders = snaps.map((snap) => salesOrderOfDoc(snap.data())!);
  expect(orders.map((o) => o.status)).toEqual([
    'processing',
    'shipped',
    'cancelled',
    'processing',
    'processing',
    'cancelled',
  ]);
  listDiscount = [orders[0]!, orders[1]!, orders[3]!, orders[4]!]
    .flatMap((o) => o.items)
    .reduce((sum, line) => sum + lineListDiscount(line), 0);
  after = await rollupDocs(firestore());
  overviewAfter = await overview();
}, 120_000);

afterAll(async () => {
  await harness?.stop();
});

/** What changed at one level (every day, week or month document summed): after - before. */
function changeAt(level: RollupLevel) {
  const prefix = `${ROLLUP_COLLECTIONS[level]}/`;
  const of = (docs: Map<string, SalesRollup>) =>
    sumRollups([...docs].filter(([path]) => path.startsWith(prefix)).map(([, rollup]) => rollup));
  const was = of(before);
  const now = of(after);
  return {
    revenue: now.revenue - was.revenue,
    refunded: now.refunded - was.refunded,
    paidOrders: now.paid_orders - was.paid_orders,
    approvedBuyers: now.approved_buyers - was.approved_buyers,
    listDiscount: now.list_discount - was.list_discount,
    statuses: Object.fromEntries(
      ROLLUP_STATUSES.map((status) => [status, now.statuses[status] - was.statuses[status]]),
    ),
    storeA: now.stores[storeA.uid],
    storeB: now.stores[storeB.uid],
    units: Object.fromEntries(
      Object.entries(now.products).map(([id, p]) => [id, p.units - (was.products[id]?.units ?? 0)]),
    ),
    productDiscounts: Object.fromEntries(
      Object.entries(now.products).map(([id, p]) => [
        id,
        p.list_discount - (was.products[id]?.list_discount ?? 0),
      ]),
    ),
  };
}

describe('sales rollups kept with every order change', () => {
  it('count the five paid orders, their refunds, statuses, stores and products at every level', () => {
    const paidOrders = orders.slice(0, 5);
    const gross = paidOrders.reduce((sum, o) => sum + o.amount, 0);
    // Units of the lines of orders paid and not cancelled, by product.
    const units: Record<string, number> = {};
    for (const o of [orders[0]!, orders[1]!, orders[3]!, orders[4]!]) {
      for (const line of o.items)
        units[line.product_id] = (units[line.product_id] ?? 0) + line.quantity;
    }
    for (const level of ROLLUP_LEVELS) {
      const change = changeAt(level);
      expect([level, change]).toMatchObject([
        level,
        {
          revenue: gross,
          refunded: PARTIAL_REFUND + cancelledAmount,
          paidOrders: 5,
          approvedBuyers: 1,
          listDiscount,
          statuses: { processing: 3, shipped: 1, delivered: 0, cancelled: 1 },
          storeA: {
            name: `Store of ${storeA.uid}`,
            revenue: orders[0]!.amount + orders[1]!.amount,
            orders: 3,
          },
          storeB: {
            name: `Store of ${storeB.uid}`,
            revenue: orders[3]!.amount - PARTIAL_REFUND + orders[4]!.amount,
            orders: 2,
          },
        },
      ]);
      for (const [productId, n] of Object.entries(units)) {
        expect([level, productId, change.units[productId]]).toEqual([level, productId, n]);
      }
      // The cancelled order's mango-tango is not sold (nobody else bought it in between).
      expect([level, change.units['mango-tango'] ?? 0]).toEqual([level, 0]);
      // The list's discount: on A's purple-dream only (B pays the tier price; mango-tango's
      // order was cancelled).
      expect([level, change.productDiscounts['purple-dream']]).toEqual([level, listDiscount]);
      expect([level, change.productDiscounts['mango-tango'] ?? 0]).toEqual([level, 0]);
    }
  });

  it('record the list on A’s lines, and count its discount only for orders not cancelled', () => {
    const [listed, , cancelled, plain] = orders;
    const line = listed!.items.find((l) => l.product_id === 'purple-dream')!;
    expect(line).toMatchObject({ price_list: { name: 'Rollup test 10%' } });
    expect(line.tier_unit_amount).toBeGreaterThan(line.unit_amount);
    expect(listDiscount).toBe(lineListDiscount(line));
    expect(listDiscount).toBeGreaterThan(0);
    // The cancelled order was list-priced too; B's purple-dream was not.
    expect(lineListDiscount(cancelled!.items[0]!)).toBeGreaterThan(0);
    const bLine = plain!.items.find((l) => l.product_id === 'purple-dream')!;
    expect(bLine.price_list).toBeUndefined();
    expect(lineListDiscount(bLine)).toBe(0);
  });

  it('equal, document by document, what was there plus buildRollups of these orders and the approval', async () => {
    const reviewedAt = (await profileOf(approvedUid)).reviewed_at as Timestamp;
    const built = new Map(
      buildRollups(orders, [reviewedAt.toDate()]).map(({ ref, rollup }) => [ref.path, rollup]),
    );
    expect(built.size).toBeGreaterThanOrEqual(3);
    const touched = new Set([...before.keys(), ...after.keys(), ...built.keys()]);
    for (const path of touched) {
      const expected = sumRollups([
        before.get(path) ?? emptyRollup(),
        built.get(path) ?? emptyRollup(),
      ]);
      expect([path, comparable(after.get(path))]).toEqual([path, comparable(expected)]);
    }
  });
});

describe('getSalesOverview', () => {
  it('answers the range with the rollups: totals, statuses and series moved by these orders', () => {
    const gross = orders.slice(0, 5).reduce((sum, o) => sum + o.amount, 0);
    const refunded = PARTIAL_REFUND + cancelledAmount;
    const was = overviewBefore.totals;
    const now = overviewAfter.totals;
    expect(overviewAfter.range).toEqual(RANGE);
    expect(overviewAfter.previousRange).toEqual({
      from: addDays(RANGE.from, -3),
      to: addDays(RANGE.from, -1),
    });
    expect({
      revenue: now.revenue - was.revenue,
      refunded: now.refunded - was.refunded,
      paidOrders: now.paidOrders - was.paidOrders,
      approvedBuyers: now.approvedBuyers - was.approvedBuyers,
      listDiscount: now.listDiscount - was.listDiscount,
    }).toEqual({
      revenue: gross - refunded,
      refunded,
      paidOrders: 5,
      approvedBuyers: 1,
      listDiscount,
    });
    expect(now.averageOrderValue).toBe(Math.round(now.revenue / now.paidOrders));
    expect(overviewAfter.byStatus.processing - overviewBefore.byStatus.processing).toBe(3);
    expect(overviewAfter.byStatus.cancelled - overviewBefore.byStatus.cancelled).toBe(1);
    expect(overviewAfter.interval).toBe('day');
    expect(overviewAfter.series.map((p) => p.start)).toEqual([RANGE.from, today, RANGE.to]);
    expect(overviewAfter.series.reduce((sum, p) => sum + p.revenue, 0)).toBe(now.revenue);
    expect(overviewAfter.series.reduce((sum, p) => sum + p.orders, 0)).toBe(now.paidOrders);
  });

  it("gives each top store its latest order's time", async () => {
    expect(overviewAfter.topStores.length).toBeGreaterThan(0);
    for (const store of overviewAfter.topStores) {
      const all = await firestore()
        .collection(COLLECTIONS.orders)
        .where('user_id', '==', store.uid)
        .get();
      const latest = Math.max(
        ...all.docs.map((d) => (d.get('created_at') as Timestamp).toMillis()),
      );
      expect([store.uid, store.lastOrderAt]).toEqual([store.uid, new Date(latest).toISOString()]);
    }
    const b = overviewAfter.topStores.find((s) => s.uid === storeB.uid);
    // Three orders, but the failed bank transfer was never paid.
    if (b) expect(b.orders).toBe(2);
  });

  it('gives weeks when asked', async () => {
    const weeks = await getSalesOverviewHandler(
      manager.request({ range: RANGE, interval: 'week' }),
    );
    expect(weeks.interval).toBe('week');
    expect(weeks.totals).toEqual(overviewAfter.totals);
    expect(weeks.series.reduce((sum, p) => sum + p.revenue, 0)).toBe(weeks.totals.revenue);
    for (const point of weeks.series)
      expect(new Date(`${point.start}T12:00:00Z`).getUTCDay()).toBe(1);
  });

  it('is for managers only', async () => {
    await expect(getSalesOverviewHandler(storeA.request({ range: RANGE }))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    const pending = await createAccount('retailer', 'pending');
    await expect(
      getSalesOverviewHandler(await requestAs(pending, { range: RANGE })),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(getSalesOverviewHandler({ data: { range: RANGE } })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });

  it('refuses bad ranges and unknown keys with invalid-argument and the reason', async () => {
    const refusals: Array<[unknown, string | null]> = [
      [{ range: { from: '2025-02-10', to: '2025-02-01' } }, RANGE_PROBLEMS.endBeforeStart],
      [{ range: { from: '2019-01-01', to: '2025-01-01' } }, RANGE_PROBLEMS.tooLong],
      [{ range: { from: '2025-02-30', to: '2025-03-01' } }, RANGE_PROBLEMS.badDate],
      [{ range: { from: '02/01/2025', to: '2025-03-01' } }, RANGE_PROBLEMS.badDate],
      [{ range: RANGE, extra: true }, null],
      [{ range: { ...RANGE, timeZone: 'UTC' } }, null],
      [{ range: RANGE, interval: 'month' }, null],
      [{}, null],
      [null, null],
    ];
    for (const [data, message] of refusals) {
      const refused = getSalesOverviewHandler(manager.request(data));
      await expect(refused, JSON.stringify(data)).rejects.toMatchObject({
        code: 'invalid-argument',
      });
      if (message) await expect(refused).rejects.toThrow(message);
    }
  });
});

describe('an order that spent store credit, as the rollups read it', () => {
  const spending = (fields: Record<string, unknown>) =>
    salesOrderOfDoc({
      user_id: 'u1',
      store_name: 'One',
      status: 'cancelled',
      amount: 6_480,
      refunded_amount: 6_480,
      paid_at: Timestamp.fromDate(new Date('2025-03-09T18:00:00Z')),
      items: [],
      store_credit_applied: 4_000,
      ...fields,
    });

  it('counts the credit it spent and kept, not the credit given back when it was cancelled', () => {
    expect(spending({ status: 'processing', refunded_amount: 0 })?.store_credit_spent).toBe(4_000);
    expect(spending({ store_credit_returned: 4_000 })?.store_credit_spent).toBeUndefined();
  });
});

describe('rebuilding the rollups (npm run rollups:rebuild)', () => {
  const PROJECT = 'insights-rebuild';
  const db = projectDb(PROJECT);
  const ts = (iso: string) => Timestamp.fromDate(new Date(iso));
  const line = (product_id: string, quantity: number, unit: number) => ({
    product_id,
    name: `Name of ${product_id}`,
    description: '',
    image_url: '',
    unit_amount: unit,
    quantity,
    line_total: unit * quantity,
  });
  /** A line a price list priced at `unit` instead of the tier's `tier`. */
  const listLine = (product_id: string, quantity: number, unit: number, tier: number) => ({
    ...line(product_id, quantity, unit),
    price_list: { id: 'list-1', name: 'Chain deal' },
    tier_unit_amount: tier,
  });
  const ORDERS: Record<string, Record<string, unknown>> = {
    o1: {
      user_id: 'u1',
      store_name: 'One',
      status: 'delivered',
      amount: 7000,
      refunded_amount: 0,
      paid_at: ts('2025-03-09T07:30:00Z'),
      items: [line('p1', 2, 3500)],
    },
    o2: {
      user_id: 'u1',
      store_name: 'One',
      status: 'cancelled',
      amount: 3000,
      refunded_amount: 3000,
      paid_at: ts('2025-03-10T18:00:00Z'),
      // Cancelled: its list's discount does not count.
      items: [listLine('p1', 1, 3000, 3500)],
    },
    o3: {
      user_id: 'u2',
      store_name: 'Two',
      status: 'shipped',
      amount: 9000,
      refunded_amount: 1000,
      paid_at: ts('2025-04-01T18:00:00Z'),
      // $5.00 a unit off the tier's $35.00: $15.00 through the list.
      items: [listLine('p2', 3, 3000, 3500)],
    },
    // Never paid, and an order from before refunds were recorded (no refunded_amount).
    o4: {
      user_id: 'u2',
      store_name: 'Two',
      status: 'pending',
      amount: 100,
      paid_at: null,
      items: [line('p2', 1, 100)],
    },
    o5: {
      user_id: 'u3',
      store_name: 'Three',
      status: 'processing',
      amount: 2000,
      paid_at: ts('2025-04-02T18:00:00Z'),
      items: [line('p3', 1, 2000)],
    },
  };

  beforeAll(async () => {
    await clearProject(PROJECT);
    const batch = db.batch();
    for (const [id, data] of Object.entries(ORDERS)) batch.set(db.doc(paths.order(id)), data);
    // Approved companies: one through setProfileStatus (audit entry), one by hand (reviewed_at
    // only), one approved then rejected (still an approval that happened); a pending company is
    // none. Nor are profiles: a manager's, and a member who joined an approved company later
    // (their profile's copy says approved, with a review date of its own).
    const company = (
      id: string,
      business_type: string,
      status: string,
      reviewed: string | null,
    ) => ({
      name: 'S',
      business_type,
      seller_permit_id: 'SP-1',
      status,
      created_by: id,
      created_at: ts('2025-03-01T18:00:00Z'),
      ...(reviewed ? { reviewed_at: ts(reviewed) } : {}),
    });
    const profile = (
      role: string,
      status: string,
      reviewed: string | null,
      membership: { company_id: string; company_role: string } | null,
    ) => ({
      role,
      status,
      store_name: 'S',
      ...(reviewed ? { reviewed_at: ts(reviewed) } : {}),
      ...(membership ? { ...membership, location_ids: [] } : {}),
    });
    const owner = (companyId: string) => ({ company_id: companyId, company_role: 'owner' });
    const buyers: Array<[string, string, string, string | null]> = [
      ['a1', 'retailer', 'approved', '2025-03-11T18:00:00Z'],
      ['a2', 'wholesaler', 'approved', '2025-04-01T18:00:00Z'],
      ['a3', 'retailer', 'rejected', '2025-05-01T18:00:00Z'],
      ['p1', 'retailer', 'pending', null],
    ];
    for (const [id, role, status, reviewed] of buyers) {
      batch.set(db.doc(paths.company(id)), company(id, role, status, reviewed));
      batch.set(db.doc(paths.profile(id)), profile(role, status, reviewed, owner(id)));
    }
    batch.set(
      db.doc(paths.profile('m1')),
      profile('manager', 'approved', '2025-03-11T18:00:00Z', null),
    );
    batch.set(
      db.doc(paths.profile('b2')),
      profile('wholesaler', 'approved', '2025-04-20T18:00:00Z', {
        company_id: 'a2',
        company_role: 'buyer',
      }),
    );
    const audit = (target: string, to: string, at: string) => ({
      action: 'profile.status_changed',
      actor: 'm1',
      target,
      from: to === 'approved' ? 'pending' : 'approved',
      to,
      at: ts(at),
    });
    batch.set(
      db.collection(COLLECTIONS.auditLog).doc(),
      audit('a1', 'approved', '2025-03-11T17:59:59Z'),
    );
    batch.set(
      db.collection(COLLECTIONS.auditLog).doc(),
      audit('a3', 'approved', '2025-03-12T18:00:00Z'),
    );
    batch.set(
      db.collection(COLLECTIONS.auditLog).doc(),
      audit('a3', 'rejected', '2025-05-01T18:00:00Z'),
    );
    // Stale figures: a document no order names, and a wrong one.
    batch.set(db.doc(`${COLLECTIONS.salesDays}/2024-01-01`), { revenue: 5 });
    batch.set(db.doc(`${COLLECTIONS.salesMonths}/2025-03`), {
      revenue: 1,
      stores: { x: { name: 'X', revenue: 1, orders: 1 } },
    });
    await batch.commit();
  });

  const expected = () =>
    buildRollups(
      Object.values(ORDERS).map((data) => salesOrderOfDoc(data)!),
      ['2025-03-11T17:59:59Z', '2025-04-01T18:00:00Z', '2025-03-12T18:00:00Z'].map(
        (iso) => new Date(iso),
      ),
    );

  it('reports the documents that differ without --apply, and changes nothing', async () => {
    const stored = await rollupDocs(db);
    const report = await rebuildSalesRollups(db, { apply: false });
    expect(report).toMatchObject({ orders: 5, approvals: 3, written: 0, deleted: 0 });
    expect(report.documents).toBe(expected().length);
    // Every document is missing or wrong.
    expect(report.changed).toEqual(
      [...new Set([...expected().map((d) => d.ref.path), ...stored.keys()])].sort(),
    );
    expect(await rollupDocs(db)).toEqual(stored);
  });

  it('writes every document from the orders and approvals and deletes the stale ones', async () => {
    const report = await rebuildSalesRollups(db, { apply: true });
    const built = expected();
    expect(report).toMatchObject({ written: built.length, deleted: 1 });
    const stored = await rollupDocs(db);
    expect([...stored.keys()].sort()).toEqual(built.map((d) => d.ref.path));
    for (const { ref, rollup } of built) {
      expect([ref.path, comparable(stored.get(ref.path))]).toEqual([ref.path, rollup]);
    }
    // 2025-03-09T07:30Z is 23:30 on March 8 in Los Angeles.
    expect(stored.get(`${COLLECTIONS.salesDays}/2025-03-08`)?.revenue).toBe(7000);
    expect(stored.get(`${COLLECTIONS.salesMonths}/2025-03`)).toMatchObject({
      revenue: 10_000,
      refunded: 3000,
      paid_orders: 2,
      list_discount: 0,
      approved_buyers: 2,
      products: { p1: { name: 'Name of p1', revenue: 7000, units: 2, list_discount: 0 } },
      stores: { u1: { name: 'One', revenue: 7000, orders: 2 } },
    });
    expect(stored.get(`${COLLECTIONS.salesMonths}/2025-04`)).toMatchObject({
      revenue: 11_000,
      refunded: 1000,
      list_discount: 1500,
      approved_buyers: 1,
      products: { p2: { revenue: 9000, units: 3, list_discount: 1500 } },
    });
    // Run again: nothing differs.
    expect((await rebuildSalesRollups(db, { apply: false })).changed).toEqual([]);
  });

  it('takes a document from before price lists (no list_discount) as no discount', async () => {
    // March as it was written before lists: the same figures, without the field.
    const path = `${COLLECTIONS.salesMonths}/2025-03`;
    const { list_discount: _total, products, ...rest } = (await db.doc(path).get()).data()!;
    const p1 = products as { p1: Record<string, unknown> };
    const { list_discount: _p1, ...oldP1 } = p1.p1;
    await db.doc(path).set({ ...rest, products: { p1: oldP1 } });
    expect((await db.doc(path).get()).get('list_discount')).toBeUndefined();
    expect((await rebuildSalesRollups(db, { apply: false })).changed).toEqual([]);
    const overview = await getSalesOverview(
      { range: { from: '2025-03-01', to: '2025-04-30' }, interval: 'day' },
      { db },
    );
    expect(overview.totals.listDiscount).toBe(1500);
    expect(overview.topProductsByRevenue.map((p) => [p.productId, p.listDiscount])).toEqual([
      ['p2', 1500],
      ['p1', 0],
      ['p3', 0],
    ]);
  });
});
