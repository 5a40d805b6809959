import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { COLLECTIONS } from '@portal/domain';
import {
  collection,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  type QueryDocumentSnapshot,
} from 'firebase/firestore/lite';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';
import { toAdminOrder, type AdminOrder } from './converters';

/** Orders per page of the Recent Orders table. */
export const ORDERS_PAGE_SIZE = 20;

/** Where the next page starts: the last document of the previous page (opaque to callers). */
export type OrdersCursor = QueryDocumentSnapshot;

export interface OrdersPage {
  orders: AdminOrder[];
  /** Present when at least one more order exists after this page. */
  nextCursor: OrdersCursor | null;
}

/**
 * One page of all orders, newest first. Cursor-based (startAfter the last document of the
 * previous page + limit), so each page costs one small query however many orders exist. One
 * extra document is asked for to know whether a next page exists.
 */
export async function fetchRecentOrdersPage(cursor: OrdersCursor | null): Promise<OrdersPage> {
  const base = [orderBy('created_at', 'desc')] as const;
  const orders = collection(db, COLLECTIONS.orders);
  const q = cursor
    ? query(orders, ...base, startAfter(cursor), limit(ORDERS_PAGE_SIZE + 1))
    : query(orders, ...base, limit(ORDERS_PAGE_SIZE + 1));
  const snapshot = await getDocs(q);
  const docs = snapshot.docs.slice(0, ORDERS_PAGE_SIZE);
  return {
    orders: docs.map((d) => toAdminOrder(d.id, d.data())),
    nextCursor: snapshot.docs.length > ORDERS_PAGE_SIZE ? docs[docs.length - 1] : null,
  };
}

export const recentOrdersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.orders(),
    queryFn: ({ pageParam }) => fetchRecentOrdersPage(pageParam),
    initialPageParam: null as OrdersCursor | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useRecentOrders() {
  return useInfiniteQuery(recentOrdersQueryOptions());
}
