import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildRollups,
  planOverview,
  rollupRef,
  type RollupRef,
  type SalesOrder,
} from '@portal/domain';
import { readRollups } from '../../src/insights/read-rollups';
import { getSalesOverview } from '../../src/insights/sales-overview';
import { clearProject, comparable, documentReads, projectDb, resetUsage } from './rollup-support';

/**
 * How getSalesOverview reads the rollups: a range query per run of consecutive documents, so a
 * range whose days mostly sold nothing (no document) is billed for the documents that exist, not
 * for every day asked for. In a project of its own, with a count of the reads as Firestore bills
 * them.
 */

const PROJECT = 'insights-read-rollups';
const db = projectDb(PROJECT);

/** One order paid on 2026-12-03 (Pacific), and one on 2026-10-14, the period before. */
const order = (paidAt: string, amount: number): SalesOrder => ({
  user_id: 'store-1',
  store_name: 'Corner Shop',
  status: 'processing',
  amount,
  refunded_amount: 0,
  paid_at: new Date(paidAt),
  items: [
    {
      product_id: 'syrup',
      name: 'Syrup',
      quantity: 2,
      line_total: amount,
      unit_amount: amount / 2,
    },
  ],
});
const ORDERS = [order('2026-12-03T18:00:00Z', 4000), order('2026-10-14T18:00:00Z', 1000)];
const ROLLUPS = buildRollups(ORDERS, []);

beforeAll(async () => {
  await clearProject(PROJECT);
  const batch = db.batch();
  for (const { ref, rollup } of ROLLUPS) batch.set(db.doc(ref.path), { ...rollup });
  await batch.commit();
});

afterAll(async () => {
  await clearProject(PROJECT);
});

describe('readRollups', () => {
  it('answers the documents asked for that exist, billed for those and an empty run each', async () => {
    const plan = planOverview({ from: '2026-11-04', to: '2026-12-03' });
    await resetUsage(PROJECT);
    const docs = await readRollups(db, plan.reads);
    // 36 documents asked for (32 days, 4 weeks): the one day that sold (its run), and the
    // weeks' run, which finds that of 2026-10-12 (the sale of 2026-10-14).
    expect(plan.reads).toHaveLength(36);
    expect([...docs.keys()].sort()).toEqual(['sales_days/2026-12-03', 'sales_weeks/2026-10-12']);
    expect(await documentReads(PROJECT)).toBe(2);
    const stored = new Map(ROLLUPS.map(({ ref, rollup }) => [ref.path, rollup]));
    for (const [path, rollup] of docs)
      expect(comparable(rollup)).toEqual(comparable(stored.get(path)));
  });

  it('leaves out a document between the bounds of a run that was not asked for', async () => {
    // An id that sorts between two days but is no day (billed, as the query returns it).
    const stray = db.doc('sales_days/2026-11-20-draft');
    await stray.set({ revenue: 999_999 });
    try {
      const days = ['2026-11-20', '2026-11-21'].map((day) => rollupRef('day', day));
      expect((await readRollups(db, days)).size).toBe(0);
    } finally {
      await stray.delete();
    }
  });

  it('bills one read for a run where nothing exists, and reads nothing for no documents', async () => {
    const empty: RollupRef[] = ['2030-01-01', '2030-01-02', '2030-01-03'].map((day) =>
      rollupRef('day', day),
    );
    await resetUsage(PROJECT);
    expect((await readRollups(db, empty)).size).toBe(0);
    expect(await readRollups(db, [])).toEqual(new Map());
    expect(await documentReads(PROJECT)).toBe(1);
  });
});

describe('getSalesOverview on a quiet month', () => {
  it('gives the figures of the documents that exist, reading only those', async () => {
    await resetUsage(PROJECT);
    const overview = await getSalesOverview(
      { range: { from: '2026-11-04', to: '2026-12-03' }, interval: 'day' },
      { db },
    );
    expect(overview.totals).toMatchObject({ revenue: 4000, paidOrders: 1 });
    expect(overview.previousTotals).toMatchObject({ revenue: 1000, paidOrders: 1 });
    expect(overview.series).toHaveLength(30);
    expect(overview.series.filter((point) => point.orders > 0)).toEqual([
      { start: '2026-12-03', revenue: 4000, orders: 1 },
    ]);
    // The two runs (2 documents), and the top store's latest order (no orders here: 1).
    expect(await documentReads(PROJECT)).toBe(3);
  });
});
