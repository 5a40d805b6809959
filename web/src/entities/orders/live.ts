import {
  COLLECTIONS,
  orderArrivals,
  placedSince,
  type LiveOrder,
  type Order,
  type OrderStatus,
} from '@portal/domain';
import type { QueryConstraint, QuerySnapshot } from 'firebase/firestore';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { parseDocuments } from '../firestore';
import { useLiveListener } from '../live-listener';
import type { LiveFirestore } from '../live-firestore';
import type { BuyerScope } from './api';
import { parseOrder } from './documents';
import { orderKeys } from './queries';

/**
 * Orders that update live (docs/live-updates.md): realtime listeners of the full SDK on the
 * views where people wait for an order to come or to move. What they read is put in the same
 * cached queries the views already show, so a view changes in place, without a reload.
 */

/** How many of the most recently changed orders the manager's listener watches. */
export const LIVE_BOOK_SIZE = 25;
/** How many of its most recently changed orders a company's listener watches (per query). */
export const LIVE_COMPANY_SIZE = 20;
/** Firestore takes at most 30 values in one `in` filter (as fetchOrders). */
const IN_LIMIT = 30;

/** The orders a snapshot added or changed since the one before (every one, in the first). */
function changedOrders(snapshot: QuerySnapshot): Order[] {
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
function putOrders(
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
function readAt(client: QueryClient, key: readonly unknown[]): Date {
  const times = client
    .getQueryCache()
    .findAll({ queryKey: key })
    .map((query) => query.state.dataUpdatedAt)
    .filter((time) => time > 0);
  return new Date(times.length > 0 ? Math.min(...times) : Date.now());
}

export interface OrderBookChange {
  /** Orders added or changed, newest change first. */
  changed: Order[];
  /** Those that are new orders, to be announced (orderArrivals). */
  arrivals: LiveOrder[];
}

/**
 * The manager's order book, live: the LIVE_BOOK_SIZE most recently changed orders are watched;
 * a change reads the book's pages and the totals again and reaches `onChange` with the orders
 * that are new (announced once each).
 */
export function useLiveOrderBook(onChange: (change: OrderBookChange) => void) {
  const client = useQueryClient();
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const state = useRef({
    seen: new Map<string, OrderStatus>(),
    announced: new Set<string>(),
  });
  useLiveListener('order-book', ({ sdk, db }: LiveFirestore) => {
    const since = new Date();
    // When the book on screen was read: the first snapshot catches up on what changed after.
    const opened = readAt(client, orderKeys.recent());
    let first = true;
    const book = sdk.query(
      sdk.collection(db, COLLECTIONS.orders),
      sdk.orderBy('updated_at', 'desc'),
      sdk.limit(LIVE_BOOK_SIZE),
    );
    return sdk.onSnapshot(
      book,
      (snapshot) => {
        // Only what the server says: a snapshot from the SDK's cache (offline) is not the book.
        if (snapshot.metadata.fromCache) return;
        const { seen, announced } = state.current;
        const changed = first
          ? changedOrders(snapshot).filter((order) => (order.updated_at ?? opened) > opened)
          : changedOrders(snapshot);
        const arrivals = first
          ? placedSince(changed, opened, announced)
          : orderArrivals(changed, seen, announced, since);
        for (const order of parseDocuments(snapshot.docs, parseOrder, 'skip')) {
          seen.set(order.id, order.status);
        }
        arrivals.forEach((order) => announced.add(order.id));
        first = false;
        if (changed.length === 0) return;
        // The book is searched on the server: its pages (only those on screen) and the totals
        // are read again; an order open in its details is put in place.
        putOrders(client, changed, orderKeys.recent(), false);
        void client.invalidateQueries({ queryKey: orderKeys.recent() });
        void client.invalidateQueries({ queryKey: orderKeys.totals() });
        latest.current({ changed, arrivals });
      },
      () => undefined,
    );
  });
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
