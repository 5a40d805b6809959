import { queryOptions, useQuery } from '@tanstack/react-query';
import { countOrders, orderKeys, sumPaidRevenue } from '@/entities/orders';
import { countProfiles } from '@/entities/profile';

export interface AdminTotals {
  totalOrders: number;
  totalUsers: number;
  /** cents: sum of `amount` net of refunds over paid orders (processing, shipped, delivered, refunded) */
  revenue: number;
}

/**
 * The dashboard's totals, from server-side aggregation queries (Firestore Lite's getCount /
 * getAggregate, the Lite names of getCountFromServer / getAggregateFromServer): three small
 * answers, no documents downloaded.
 */
export async function fetchTotals(): Promise<AdminTotals> {
  const [totalOrders, totalUsers, revenue] = await Promise.all([
    countOrders(),
    countProfiles(),
    sumPaidRevenue(),
  ]);
  return { totalOrders, totalUsers, revenue };
}

export const totalsQueryOptions = () =>
  queryOptions({ queryKey: orderKeys.totals(), queryFn: fetchTotals });

export function useTotals() {
  return useQuery(totalsQueryOptions());
}
