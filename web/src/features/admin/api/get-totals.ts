import { queryOptions, useQuery } from '@tanstack/react-query';
import { COLLECTIONS, PAID_ORDER_STATUSES } from '@portal/domain';
import { collection, getAggregate, getCount, query, sum, where } from 'firebase/firestore/lite';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';

export interface AdminTotals {
  totalOrders: number;
  totalUsers: number;
  /** cents: sum of `amount` over paid orders (processing, shipped, delivered) */
  revenue: number;
}

/**
 * Totals with server-side aggregation queries (Firestore Lite's getCount / getAggregate, the
 * Lite names of getCountFromServer / getAggregateFromServer): three small answers, no documents
 * downloaded.
 */
export async function fetchTotals(): Promise<AdminTotals> {
  const orders = collection(db, COLLECTIONS.orders);
  const [orderCount, userCount, revenue] = await Promise.all([
    getCount(orders),
    getCount(collection(db, COLLECTIONS.profiles)),
    getAggregate(query(orders, where('status', 'in', [...PAID_ORDER_STATUSES])), {
      revenue: sum('amount'),
    }),
  ]);
  return {
    totalOrders: orderCount.data().count,
    totalUsers: userCount.data().count,
    revenue: revenue.data().revenue ?? 0,
  };
}

export const totalsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.totals(), queryFn: fetchTotals });

export function useTotals() {
  return useQuery(totalsQueryOptions());
}
