import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  comparisonRange,
  planOverview,
  readRollup,
  summarizeOverview,
  type DayRange,
  type RangePreset,
  type SalesOverviewResponse,
  type SalesRollup,
} from '@portal/domain';
import type { Context } from '../lib/context';

/**
 * getSalesOverview (managers): the Overview of a range of business days from the sales rollups
 * (insights/sales-rollups.ts), never from the orders. One batch get of the documents the plan
 * names (at most a few hundred: days for up to 92 days, weeks up to two years, months beyond,
 * and the fewest documents covering the previous period), then, for each of the top stores, its
 * latest order (one document each, in parallel; index orders user_id asc, created_at desc).
 */
export async function getSalesOverview(
  request: { range: DayRange; interval: 'day' | 'week'; preset?: RangePreset | undefined },
  ctx: Pick<Context, 'db'>,
): Promise<SalesOverviewResponse> {
  const { db } = ctx;
  const plan = planOverview(
    request.range,
    request.interval,
    comparisonRange(request.range, request.preset),
  );
  const snaps =
    plan.reads.length > 0 ? await db.getAll(...plan.reads.map((r) => db.doc(r.path))) : [];
  const docs = new Map<string, SalesRollup>(
    snaps.filter((snap) => snap.exists).map((snap) => [snap.ref.path, readRollup(snap.data())]),
  );
  const overview = summarizeOverview(plan, docs);
  const lastOrders = await Promise.all(
    overview.topStores.map((store) => lastOrderAt(db, store.uid)),
  );
  return {
    ...overview,
    topStores: overview.topStores.map((store, i) => ({
      ...store,
      lastOrderAt: lastOrders[i] ?? null,
    })),
  };
}

/** When the buyer last ordered (any time, any status), as an ISO instant, or null. */
async function lastOrderAt(db: Firestore, uid: string): Promise<string | null> {
  const latest = await db
    .collection(COLLECTIONS.orders)
    .where('user_id', '==', uid)
    .orderBy('created_at', 'desc')
    .limit(1)
    .get();
  const createdAt: unknown = latest.docs[0]?.get('created_at');
  return createdAt instanceof Timestamp ? createdAt.toDate().toISOString() : null;
}
