import { queryOptions, useQuery } from '@tanstack/react-query';
import { collection, getDocs, orderBy, query, where } from 'firebase/firestore/lite';
import { COLLECTIONS, orderSchema, type Order } from '@portal/domain';
import { db } from '@/lib/firebase';
import { toDate } from '@/lib/firestore-values';
import { queryKeys } from '@/lib/query-keys';

function toOrder(id: string, data: Record<string, unknown>): Order | null {
  const history = Array.isArray(data.status_history)
    ? (data.status_history as Record<string, unknown>[])
    : [];
  const parsed = orderSchema.safeParse({
    ...data,
    created_at: toDate(data.created_at),
    paid_at: toDate(data.paid_at),
    status_history: history.map((change) => ({ ...change, at: toDate(change.at) })),
  });
  return parsed.success ? { ...parsed.data, id } : null;
}

/**
 * The buyer's orders, newest first. The `user_id == uid` filter is required: the rules only let
 * a buyer list their own orders (composite index user_id asc, created_at desc). A document that
 * does not match the order schema is left out rather than hiding the whole history.
 */
export async function fetchOrders(uid: string): Promise<Order[]> {
  const snapshot = await getDocs(
    query(
      collection(db, COLLECTIONS.orders),
      where('user_id', '==', uid),
      orderBy('created_at', 'desc'),
    ),
  );
  return snapshot.docs.flatMap((document) => {
    const order = toOrder(document.id, document.data());
    return order ? [order] : [];
  });
}

export const ordersQueryOptions = (uid: string) =>
  queryOptions({ queryKey: queryKeys.orders(uid), queryFn: () => fetchOrders(uid) });

export function useOrders(uid: string) {
  return useQuery({ ...ordersQueryOptions(uid), enabled: uid !== '' });
}
