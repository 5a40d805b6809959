import { COLLECTIONS, type Order } from '@portal/domain';
import type { QueryConstraint, QuerySnapshot } from 'firebase/firestore';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { parseDocuments } from '../firestore';
import { useLiveListener } from '../live-listener';
import type { LiveFirestore } from '../live-firestore';
import type { BuyerScope } from './api';
import { parseOrder } from './documents';
import { orderKeys } from './keys';

/**
 * Orders that update live (docs/live-updates.md): realtime listeners of the full SDK on the
 * views where people wait for an order to come or to move. What they read is put in the same
 * cached queries the views already show, so a view changes in place, without a reload. The
 * manager's order book listens in live-book.ts (a module of its own, which the buyers' pages do
 * not load).
 */

/** How many of its most recently changed orders a company's listener watches (per query). */
export const LIVE_COMPANY_SIZE = 20;
/** Firestore takes at most 30 values in one `in` filter (as fetchOrders). */
const IN_LIMIT = 30;

/** The orders a snapshot added or changed since the one before (every one, in the first). */
export function changedOrders(snapshot: QuerySnapshot): Order[] {
  const docs = snapshot
    .docChanges()
    .filter((change) => change.type !== 'removed')
    .map((change) => change.doc);
  return parseDocuments(docs, parseOrder, 'skip');
}

/**
 * Puts newer versions of orders into every cached view of them: the order itself and the lists
 * under `listKey`. With `readNew`, an order none of those lists holds (a new one) has them read
 * again: their filters and order decide where it goes.
 */
export function putOrders(
  client: QueryClient,
  orders: readonly Order[],
  listKey: readonly unknown[],
  readNew: boolean,
) {
  if (orders.length === 0) return;
  const byId = new Map(orders.map((order) => [order.id, order] as const));
  for (const order of orders) {
    if (client.getQueryData(orderKeys.one(order.id))) {
      client.setQueryData(orderKeys.one(order.id), order);
    }
  }
  const known = new Set<string>();
  // Only the lists (arrays of orders): other caches under the key are left as they are.
  for (const [key, list] of client.getQueriesData<unknown>({ queryKey: listKey })) {
    if (!Array.isArray(list)) continue;
    const orders = list as Order[];
    orders.forEach((order) => known.add(order.id));
    if (orders.some((order) => byId.has(order.id))) {
      client.setQueryData(
        key,
        orders.map((order) => byId.get(order.id) ?? order),
      );
    }
  }
  if (readNew && [...byId.keys()].some((id) => !known.has(id))) {
    void client.invalidateQueries({ queryKey: listKey });
  }
}

/**
 * When the cached queries under `key` were read (the oldest of them; now when none is cached):
 * a listener's first snapshot catches up on what changed after that.
 */
export function readAt(client: QueryClient, key: readonly unknown[]): Date {
  const times = client
    .getQueryCache()
    .findAll({ queryKey: key })
    .map((query) => query.state.dataUpdatedAt)
    .filter((time) => time > 0);
  return new Date(times.length > 0 ? Math.min(...times) : Date.now());
}

/**
 * A company's orders, live, for its members' order list (an order's details open in it): the
 * LIVE_COMPANY_SIZE most recently changed of each query its scope reads (the filters of
 * fetchOrders, so the rules allow them; indexes on company_id, the filter and updated_at), put
 * in place as they change.
 */
export function useLiveCompanyOrders(companyId: string, scope?: BuyerScope) {
  const client = useQueryClient();
  const key =
    companyId === ''
      ? null
      : JSON.stringify(['company-orders', companyId, scope?.uid, scope?.locationIds]);
  useLiveListener(key, ({ sdk, db }: LiveFirestore) => {
    const orders = sdk.collection(db, COLLECTIONS.orders);
    const company = sdk.where('company_id', '==', companyId);
    const newest = [sdk.orderBy('updated_at', 'desc'), sdk.limit(LIVE_COMPANY_SIZE)] as const;
    const filters: QueryConstraint[][] = scope ? [[sdk.where('user_id', '==', scope.uid)]] : [[]];
    if (scope) {
      for (let i = 0; i < scope.locationIds.length; i += IN_LIMIT) {
        filters.push([sdk.where('location_id', 'in', scope.locationIds.slice(i, i + IN_LIMIT))]);
      }
    }
    const stops = filters.map((filter) =>
      sdk.onSnapshot(
        sdk.query(orders, company, ...filter, ...newest),
        (snapshot) => {
          if (snapshot.metadata.fromCache) return;
          // Every change is put in place; an order none of the lists holds (placed by a
          // colleague, also while the listener was starting) has them read again.
          putOrders(client, changedOrders(snapshot), ['orders', companyId], true);
        },
        () => undefined,
      ),
    );
    return () => stops.forEach((stop) => stop());
  });
}
