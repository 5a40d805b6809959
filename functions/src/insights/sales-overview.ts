import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  comparisonRange,
  planOverview,
  summarizeOverview,
  type DayRange,
  type RangePreset,
  type SalesOverviewResponse,
} from '@portal/domain';
import type { Context } from '../lib/context';
import { readRollups } from './read-rollups';

/**
 * getSalesOverview (managers): the Overview of a range of business days from the sales rollups
 * (insights/sales-rollups.ts), never from the orders. The documents the plan names (at most a few
 * hundred: days for up to 92 days, weeks up to two years, months beyond, and the fewest documents
 * covering the previous period), read with a range query per run of them (read-rollups.ts: only
 * those that exist are billed), then, for each of the top stores, its latest order (one document
 * each, in parallel; index orders user_id asc, created_at desc).
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
  const overview = summarizeOverview(plan, await readRollups(db, plan.reads));
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
