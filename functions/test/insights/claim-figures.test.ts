import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  addDays,
  buildRollups,
  businessDay,
  claimContributions,
  COLLECTIONS,
  coverRange,
  paths,
  PRODUCT_CLAIMS_DAYS,
  rollupRuns,
  type ClaimRemedy,
  type ClaimStatus,
} from '@portal/domain';
import { claimWrittenForRollupsHandler } from '../../src/handlers/claim-triggers';
import { getCompanyDetailsHandler } from '../../src/handlers/get-company-details';
import { getProductClaimsHandler } from '../../src/handlers/get-product-claims';
import { getSalesOverviewHandler } from '../../src/handlers/get-sales-overview';
import { rollupClaimOf, syncClaimRollup } from '../../src/insights/claim-rollups';
import { productClaims } from '../../src/insights/product-claims';
import { rebuildSalesRollups } from '../../src/insights/rebuild-rollups';
import { getSalesOverview } from '../../src/insights/sales-overview';
import { applyOrderRollup, type RollupOrder } from '../../src/insights/sales-rollups';
import { firestore } from '../../src/lib/admin';
import { log } from '../../src/lib/log';
import { createAccount, requestAs, type TestAccount } from '../accounts/support';
import {
  clearProject,
  comparable,
  documentReads,
  projectDb,
  resetUsage,
  rollupDocs,
} from './rollup-support';

/**
 * The claims' figures: the trigger on claims/{claimId} keeps the rollups in step, once per change
 * however often or late an event comes (claim_rollups/{claimId}); replacement orders are no sale;
 * getSalesOverview's credits, net revenue after credits and claims per product; the company
 * page's claims; getProductClaims for the catalog; the rebuild. Claims are written here directly
 * (as the claims' callables would leave them). The figures of the trigger and the Overview are
 * checked in a project of their own on the stack's emulator; the callables (which sign callers in)
 * on the shared one, with ids and products of this run.
 */

const PROJECT = 'insights-claims';
const db = projectDb(PROJECT);
const RUN = randomUUID().slice(0, 8);
const ts = (iso: string) => Timestamp.fromDate(new Date(iso));

/** Two jugs of syrup and a machine: 2 x $15.00 and 1 x $120.00. */
const LINES = [
  { product_id: 'syrup', name: 'Purple Syrup', sku: 'SY-1', quantity: 2, unit_amount: 1500 },
  { product_id: 'machine', name: 'Machine', sku: 'MA-1', quantity: 1, unit_amount: 12_000 },
];

/** A claim document as the claims' callables write it (reported 10:00 Pacific, 2031-03-04). */
function claimDoc(
  companyId: string,
  overrides: {
    status?: ClaimStatus;
    created_at?: Timestamp;
    lines?: typeof LINES;
    settlement?: { remedy: ClaimRemedy; amount: number; at: Timestamp } | null;
  } = {},
) {
  const { settlement = null, ...rest } = overrides;
  return {
    order_id: `order-${RUN}`,
    company_id: companyId,
    location_id: null,
    user_id: companyId,
    reporter_name: 'Rita',
    store_name: 'Corner Shop',
    invoice_number: 'INV-000123',
    kind: 'damaged',
    lines: LINES,
    note: 'Leaking',
    photos: [],
    status: 'new',
    value: 15_000,
    settlement: settlement && {
      ...settlement,
      by: 'manager',
      refund_id: null,
      credit_note_id: null,
      credit_note_number: null,
      credit_entry_id: null,
      replacement_order_id: settlement.remedy === 'replacement' ? 'x-replacement' : null,
      restocked: {},
      note: '',
    },
    rejection_reason: '',
    timeline: [],
    created_at: ts('2031-03-04T18:00:00Z'),
    updated_at: ts('2031-03-04T18:00:00Z'),
    ...rest,
  };
}

/** A paid order of 40 jugs and 2 machines (paid 2031-03-03), written with its rollups. */
const SOLD: RollupOrder = {
  user_id: 'u1',
  store_name: 'Corner Shop',
  status: 'delivered',
  amount: 84_000,
  refunded_amount: 0,
  paid_at: new Date('2031-03-03T18:00:00Z'),
  items: [
    {
      product_id: 'syrup',
      name: 'Purple Syrup',
      quantity: 40,
      unit_amount: 1500,
      line_total: 60_000,
    },
    {
      product_id: 'machine',
      name: 'Machine',
      quantity: 2,
      unit_amount: 12_000,
      line_total: 24_000,
    },
  ],
};

async function writeClaim(target: Firestore, id: string, data: Record<string, unknown>) {
  await target.doc(paths.claim(id)).set(data);
}

const EMPTY = JSON.stringify(comparable(undefined));

/** The rollup documents of the project, compacted, by path; those back at zero left out. */
async function figures(target: Firestore) {
  return new Map(
    [...(await rollupDocs(target))]
      .map(([path, r]) => [path, comparable(r)] as const)
      .filter(([, r]) => JSON.stringify(r) !== EMPTY),
  );
}

/** What buildRollups makes of the claims (and the order), compacted, by path. */
function built(claims: Array<Record<string, unknown>>, orders: RollupOrder[] = []) {
  return new Map(
    buildRollups(
      orders.map((o) => ({ ...o, paid_at: o.paid_at as Date })),
      [],
      claims.flatMap((data) => claimContributions(rollupClaimOf(data))),
    ).map(({ ref, rollup }) => [ref.path, rollup]),
  );
}

beforeAll(async () => {
  for (const level of ['info', 'warn', 'error'] as const) {
    vi.spyOn(log, level).mockImplementation(() => undefined);
  }
  await clearProject(PROJECT);
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe('the claims trigger keeps the rollups', () => {
  const id = 'claim-a';
  const reported = claimDoc('co-1');
  const settled = claimDoc('co-1', {
    status: 'settled',
    settlement: { remedy: 'store_credit', amount: 15_000, at: ts('2031-03-08T01:00:00Z') },
  });

  it('counts a new claim once, however often the event comes', async () => {
    await writeClaim(db, id, reported);
    expect(await syncClaimRollup(db, id)).toBe(3);
    const once = await figures(db);
    expect(once).toEqual(built([reported]));
    expect(once.get('sales_days/2031-03-04')).toMatchObject({
      claims_reported: 1,
      claims_units: 3,
      claims_products: {
        syrup: { name: 'Purple Syrup', claims: 1, units: 2 },
        machine: { name: 'Machine', claims: 1, units: 1 },
      },
    });
    // The same event again, twice at once: nothing more.
    expect(await Promise.all([syncClaimRollup(db, id), syncClaimRollup(db, id)])).toEqual([0, 0]);
    expect(await figures(db)).toEqual(once);
    expect((await db.doc(paths.claimRollup(id)).get()).get('status')).toBe('new');
  });

  it('writes nothing for a question or an answer', async () => {
    const before = await figures(db);
    await writeClaim(db, id, { ...reported, status: 'awaiting_buyer' });
    expect(await syncClaimRollup(db, id)).toBe(0);
    await writeClaim(db, id, reported);
    expect(await syncClaimRollup(db, id)).toBe(0);
    expect(await figures(db)).toEqual(before);
  });

  it('adds the settlement on its own Pacific day, once', async () => {
    await writeClaim(db, id, settled);
    // 01:00 UTC on March 8 is the evening of March 7 in Los Angeles.
    expect(await syncClaimRollup(db, id)).toBe(3);
    expect(await syncClaimRollup(db, id)).toBe(0);
    const now = await figures(db);
    expect(now).toEqual(built([settled]));
    expect(now.get('sales_days/2031-03-07')).toMatchObject({ credits_store_credit: 15_000 });
    expect(now.get('sales_days/2031-03-04')?.credits_store_credit).toBeUndefined();
  });

  it('takes a rejected or deleted claim out, and forgets what it counted', async () => {
    const other = 'claim-b';
    const open = claimDoc('co-1', { created_at: ts('2031-03-05T18:00:00Z') });
    await writeClaim(db, other, open);
    await syncClaimRollup(db, other);
    expect(await figures(db)).toEqual(built([settled, open]));
    await writeClaim(db, other, { ...open, status: 'rejected' });
    expect(await syncClaimRollup(db, other)).toBe(3);
    expect(await figures(db)).toEqual(built([settled]));
    await db.doc(paths.claim(other)).delete();
    expect(await syncClaimRollup(db, other)).toBe(0);
    expect((await db.doc(paths.claimRollup(other)).get()).exists).toBe(false);

    const gone = 'claim-c';
    await writeClaim(db, gone, open);
    await syncClaimRollup(db, gone);
    await db.doc(paths.claim(gone)).delete();
    expect(await syncClaimRollup(db, gone)).toBe(3);
    expect((await db.doc(paths.claimRollup(gone)).get()).exists).toBe(false);
    expect(await figures(db)).toEqual(built([settled]));
  });
});

describe('a replacement order', () => {
  it('adds nothing to the sales (no revenue, paid order, units or store)', async () => {
    const replacement: RollupOrder = {
      ...SOLD,
      amount: 0,
      status: 'processing',
      source: 'replacement',
      items: SOLD.items.map((line) => ({ ...line, unit_amount: 0, line_total: 0 })),
    };
    const batch = db.batch();
    expect(applyOrderRollup(batch, db, null, replacement)).toBe(0);
    expect(applyOrderRollup(batch, db, replacement, { ...replacement, status: 'shipped' })).toBe(0);
    expect(applyOrderRollup(batch, db, null, { ...replacement, source: 'cart' })).toBe(3);
  });
});

describe('the Overview with claims', () => {
  const range = { from: '2031-03-01', to: '2031-03-31' };
  const claims: Array<[string, Record<string, unknown>]> = [
    [
      'o-refund',
      claimDoc('co-2', {
        status: 'settled',
        lines: [LINES[0]!],
        settlement: { remedy: 'refund', amount: 3000, at: ts('2031-03-10T18:00:00Z') },
      }),
    ],
    [
      'o-note',
      claimDoc('co-2', {
        status: 'settled',
        lines: [LINES[0]!],
        settlement: { remedy: 'credit_note', amount: 2000, at: ts('2031-03-11T18:00:00Z') },
      }),
    ],
    [
      'o-replace',
      claimDoc('co-2', {
        status: 'settled',
        lines: [LINES[1]!],
        settlement: { remedy: 'replacement', amount: 0, at: ts('2031-03-12T18:00:00Z') },
      }),
    ],
    ['o-rejected', claimDoc('co-2', { status: 'rejected' })],
  ];

  beforeAll(async () => {
    await clearProject(PROJECT);
    const batch = db.batch();
    applyOrderRollup(batch, db, null, SOLD);
    await batch.commit();
    for (const [id, data] of claims) {
      await writeClaim(db, id, data);
      await syncClaimRollup(db, id);
    }
  });

  it('gives the credits, net revenue after credits, replacements and the rate per product', async () => {
    const overview = await getSalesOverview({ range, interval: 'day' }, { db });
    // Credits: the refund and the credit note; net revenue less the note (the refund's
    // order is not in this project: its refund is the claim's alone here).
    expect(overview.totals).toMatchObject({
      revenue: 84_000,
      credits: 3000 + 2000,
      netAfterCredits: 84_000 - 2000,
    });
    expect(overview.claims).toEqual({
      reported: 3,
      unitsClaimed: 2 + 2 + 1,
      refunds: 3000,
      creditNotes: 2000,
      storeCredit: 0,
      replacements: 1,
      replacementsValue: 12_000,
      byProduct: [
        {
          productId: 'machine',
          name: 'Machine',
          claims: 1,
          unitsClaimed: 1,
          unitsSold: 2,
          rate: 0.5,
        },
        {
          productId: 'syrup',
          name: 'Purple Syrup',
          claims: 2,
          unitsClaimed: 4,
          unitsSold: 40,
          rate: 0.1,
        },
      ],
    });
    // The period before: none of it.
    expect(overview.previousTotals).toMatchObject({ credits: 0, netAfterCredits: 0 });
  });

  it('gives the catalog the products claimed in the 90 days to a day, from a dozen documents', async () => {
    // Seen from June 1: March 3 (the sale) and March 4 (the reports) are within 90 days.
    await resetUsage(PROJECT);
    const june = await productClaims(db, new Date('2031-06-01T18:00:00Z'));
    expect(await documentReads(PROJECT)).toBeLessThanOrEqual(20);
    expect(june.range).toEqual({ from: '2031-03-04', to: '2031-06-01' });
    // The sale (March 3) is a day before the window: nothing sold in it, no rate.
    expect(june.products.map((p) => [p.productId, p.unitsClaimed, p.unitsSold, p.rate])).toEqual([
      ['syrup', 4, 0, null],
      ['machine', 1, 0, null],
    ]);
    const march = await productClaims(db, new Date('2031-03-31T18:00:00Z'));
    expect(march.products.map((p) => [p.productId, p.rate])).toEqual([
      ['machine', 0.5],
      ['syrup', 0.1],
    ]);
    // A day after the window, nothing.
    expect((await productClaims(db, new Date('2031-06-02T18:00:00Z'))).products).toEqual([]);
  });

  it('bills one read per run of consecutive rollups when none exists, not one per document', async () => {
    // Two years on, no rollup covers the 90 days: a batch get would bill every document asked for.
    const now = new Date('2033-06-01T18:00:00Z');
    const to = businessDay(now);
    const refs = coverRange({ from: addDays(to, -(PRODUCT_CLAIMS_DAYS - 1)), to });
    const runs = rollupRuns(refs).length;
    expect(runs).toBeLessThan(refs.length);
    await resetUsage(PROJECT);
    expect((await productClaims(db, now)).products).toEqual([]);
    expect(await documentReads(PROJECT)).toBe(runs);
  });

  it('is what the rebuild makes of the orders and claims, which also records what each counts', async () => {
    // The order of this project as a document, for the rebuild to read.
    await db.doc(paths.order('sold')).set({
      ...SOLD,
      paid_at: Timestamp.fromDate(SOLD.paid_at as Date),
      created_at: Timestamp.fromDate(SOLD.paid_at as Date),
    });
    expect((await rebuildSalesRollups(db, { apply: false })).changed).toEqual([]);
    // Lose a claim's figures and what it counted: the rebuild brings both back.
    await db.doc(paths.claimRollup('o-note')).delete();
    await db.doc(`${COLLECTIONS.salesMonths}/2031-03`).set({ revenue: 84_000 });
    const report = await rebuildSalesRollups(db, { apply: true });
    expect(report).toMatchObject({ orders: 1, claims: 4 });
    expect(report.changed).toContain(`${COLLECTIONS.salesMonths}/2031-03`);
    expect((await db.doc(paths.claimRollup('o-note')).get()).get('status')).toBe('settled');
    expect(await syncClaimRollup(db, 'o-note')).toBe(0);
    const overview = await getSalesOverview({ range, interval: 'day' }, { db });
    expect(overview.totals.credits).toBe(5000);
  });
});

describe('the callables (shared stack)', () => {
  let manager: TestAccount;
  let buyer: TestAccount;
  const product = `claims-${RUN}`;
  const todaySale: RollupOrder = {
    ...SOLD,
    user_id: `cf-${RUN}-store`,
    paid_at: new Date(),
    items: [
      {
        product_id: product,
        name: 'Leaky Jug',
        quantity: 60,
        unit_amount: 500,
        line_total: 30_000,
      },
    ],
  };
  const claimIds = ['new', 'asked', 'credit', 'note', 'refund', 'replace', 'rejected'].map(
    (key) => `cf-${RUN}-${key}`,
  );

  beforeAll(async () => {
    [manager, buyer] = await Promise.all([
      createAccount('manager', 'approved'),
      createAccount('retailer', 'approved'),
    ]);
    const shared = firestore();
    const now = Timestamp.now();
    const line = [
      { product_id: product, name: 'Leaky Jug', sku: '', quantity: 3, unit_amount: 500 },
    ];
    const settle = (remedy: ClaimRemedy, amount: number) => ({
      status: 'settled' as const,
      lines: line,
      created_at: now,
      settlement: { remedy, amount, at: now },
    });
    const docs = [
      claimDoc(buyer.uid, { lines: line, created_at: now }),
      claimDoc(buyer.uid, { status: 'awaiting_buyer', lines: line, created_at: now }),
      claimDoc(buyer.uid, settle('store_credit', 1500)),
      claimDoc(buyer.uid, settle('credit_note', 700)),
      claimDoc(buyer.uid, settle('refund', 1200)),
      claimDoc(buyer.uid, settle('replacement', 0)),
      claimDoc(buyer.uid, { status: 'rejected', lines: line, created_at: now }),
    ];
    for (const [index, data] of docs.entries()) {
      await shared.doc(paths.claim(claimIds[index]!)).set(data);
      await claimWrittenForRollupsHandler({ params: { claimId: claimIds[index]! } });
    }
    await shared.doc(paths.storeCredit(buyer.uid)).set({ balance: 900, updated_at: now });
    // 60 units of the product sold today (taken out again after: other files read today).
    const batch = shared.batch();
    applyOrderRollup(batch, shared, null, todaySale);
    await batch.commit();
  });

  afterAll(async () => {
    const batch = firestore().batch();
    applyOrderRollup(batch, firestore(), todaySale, null);
    await batch.commit();
    // Take this run's claims out of the shared figures (the trigger's way).
    for (const id of claimIds) {
      await firestore().doc(paths.claim(id)).delete();
      await syncClaimRollup(firestore(), id);
    }
  });

  it('getCompanyDetails gives the company’s claims, credits and store credit', async () => {
    const details = await getCompanyDetailsHandler(
      await requestAs(manager, { companyId: buyer.uid }),
    );
    expect(details.claims).toEqual({
      open: 2,
      settled: 4,
      rejected: 1,
      refunds: 1200,
      creditNotes: 700,
      storeCredit: 1500,
      replacements: 1,
      storeCreditBalance: 900,
    });
  });

  it('getCompanyDetails gives zeros for a company without claims', async () => {
    const other = await createAccount('wholesaler', 'approved');
    const details = await getCompanyDetailsHandler(
      await requestAs(manager, { companyId: other.uid }),
    );
    expect(details.claims).toEqual({
      open: 0,
      settled: 0,
      rejected: 0,
      refunds: 0,
      creditNotes: 0,
      storeCredit: 0,
      replacements: 0,
      storeCreditBalance: 0,
    });
  });

  it('getProductClaims gives the product’s claims and rate over the last 90 days', async () => {
    const answer = await getProductClaimsHandler(await requestAs(manager, {}));
    const today = businessDay(new Date());
    expect(answer.range).toEqual({ from: addDays(today, -(PRODUCT_CLAIMS_DAYS - 1)), to: today });
    // Six claims not rejected, 3 units each, of 60 sold.
    expect(answer.products.find((p) => p.productId === product)).toEqual({
      productId: product,
      name: 'Leaky Jug',
      claims: 6,
      unitsClaimed: 18,
      unitsSold: 60,
      rate: 0.3,
    });
  });

  it('getSalesOverview gives today’s claims with the credits', async () => {
    const today = businessDay(new Date());
    const overview = await getSalesOverviewHandler(
      await requestAs(manager, { range: { from: today, to: today } }),
    );
    expect(overview.claims?.byProduct.find((p) => p.productId === product)).toMatchObject({
      unitsClaimed: 18,
      unitsSold: 60,
      rate: 0.3,
    });
    expect(overview.totals.credits).toBeGreaterThanOrEqual(1500 + 700 + 1200);
  });

  it('are for managers only', async () => {
    for (const call of [
      async () => getProductClaimsHandler(await requestAs(buyer, {})),
      async () => getCompanyDetailsHandler(await requestAs(buyer, { companyId: buyer.uid })),
    ]) {
      await expect(call()).rejects.toMatchObject({
        code: 'permission-denied',
        message: 'Only managers can do this.',
      });
    }
    await expect(getProductClaimsHandler({ data: {} })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });

  it('getProductClaims refuses unknown fields with invalid-argument', async () => {
    await expect(
      getProductClaimsHandler(await requestAs(manager, { days: 365 })),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});
