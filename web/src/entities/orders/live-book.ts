import {
  COLLECTIONS,
  orderArrivals,
  placedSince,
  type LiveOrder,
  type Order,
  type OrderStatus,
} from '@portal/domain';
import type { DocumentData } from 'firebase/firestore';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { parseDocuments } from '../firestore';
import { useLiveListener } from '../live-listener';
import type { LiveFirestore } from '../live-firestore';
import { orderBookOf } from './book';
import { parseOrder } from './documents';
import { orderKeys } from './keys';
import { changedOrders, putOrders, readAt } from './live';

/** How many of the most recently changed orders the manager's listener watches. */
export const LIVE_BOOK_SIZE = 25;

export interface OrderBookChange {
  /** Orders added or changed, newest change first. */
  changed: Order[];
  /** Those that are new orders, to be announced (orderArrivals). */
  arrivals: LiveOrder[];
}

/**
 * The manager's order book, live: the LIVE_BOOK_SIZE most recently changed orders are watched;
 * a change is put in the book's pages where it cannot move its order, what it can move (and the
 * totals) is read again once per burst (book.ts), and the change reaches `onChange` with the
 * orders that are new (announced once each).
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
    const book = orderBookOf(client);
    const since = new Date();
    // When the book on screen was read: the first snapshot catches up on what changed after.
    const opened = readAt(client, orderKeys.recent());
    let first = true;
    // The stored fields of the orders of the latest snapshot, by id: what a change changed.
    let stored = new Map<string, DocumentData>();
    let live: (() => void) | null = null;
    const stopLive = () => {
      live?.();
      live = null;
    };
    const newest = sdk.query(
      sdk.collection(db, COLLECTIONS.orders),
      sdk.orderBy('updated_at', 'desc'),
      sdk.limit(LIVE_BOOK_SIZE),
    );
    const unsubscribe = sdk.onSnapshot(
      newest,
      // The server's answer even when it only confirms what the SDK's cache showed first.
      { includeMetadataChanges: true },
      (snapshot) => {
        // Only what the server says: a snapshot from the SDK's cache (offline) is not the book.
        if (snapshot.metadata.fromCache) return;
        live ??= book.listening();
        const { seen, announced } = state.current;
        const orders = parseDocuments(snapshot.docs, parseOrder, 'skip');
        // The first of the server's snapshots catches up on every order it holds: the SDK may
        // have shown the same orders from its cache before (listening again), and a snapshot's
        // changes are counted from the one it showed before.
        const changed = first
          ? orders.filter((order) => (order.updated_at ?? opened) > opened)
          : changedOrders(snapshot);
        const arrivals = first
          ? placedSince(changed, opened, announced)
          : orderArrivals(changed, seen, announced, since);
        for (const order of orders) seen.set(order.id, order.status);
        arrivals.forEach((order) => announced.add(order.id));
        // The first snapshot's changes happened before it: what they changed is not known.
        const before = first ? new Map<string, DocumentData>() : stored;
        stored = new Map(snapshot.docs.map((doc) => [doc.id, doc.data()]));
        first = false;
        // An order open in its details (and in the backorder queue) is put in place; the book's
        // pages where the change cannot move it too, and the rest is read again (book.ts).
        putOrders(client, changed, orderKeys.recent(), false);
        book.saw(
          changed.map((order) => ({
            id: order.id,
            before: before.get(order.id),
            after: stored.get(order.id) ?? {},
          })),
          orders,
        );
        if (changed.length === 0) return;
        latest.current({ changed, arrivals });
      },
      stopLive,
    );
    return () => {
      unsubscribe();
      stopLive();
    };
  });
}
