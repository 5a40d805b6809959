import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  fetchOrders,
  fetchOrdersForExport,
  fetchRecentOrdersPage,
  updateOrderStatus,
  type OrdersCursor,
} from './api';

export const orderKeys = {
  /** One buyer's order history. */
  ofBuyer: (uid: string) => ['orders', uid] as const,
  /** Every order, page by page (the manager's Recent Orders). */
  recent: () => ['admin', 'orders'] as const,
  /** The manager's totals (order count, revenue): any change to an order makes them stale. */
  totals: () => ['admin', 'totals'] as const,
};

const ordersQueryOptions = (uid: string) =>
  queryOptions({ queryKey: orderKeys.ofBuyer(uid), queryFn: () => fetchOrders(uid) });

export function useOrders(uid: string) {
  return useQuery({ ...ordersQueryOptions(uid), enabled: uid !== '' });
}

const recentOrdersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: orderKeys.recent(),
    queryFn: ({ pageParam }) => fetchRecentOrdersPage(pageParam),
    initialPageParam: null as OrdersCursor | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useRecentOrders() {
  return useInfiniteQuery(recentOrdersQueryOptions());
}

/** A mutation rather than a query: the export runs when the manager asks, and is not cached. */
export function useExportOrders() {
  return useMutation({ mutationFn: fetchOrdersForExport });
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.recent() }),
        // Revenue counts paid orders, so a cancellation changes it.
        queryClient.invalidateQueries({ queryKey: orderKeys.totals() }),
      ]);
    },
  });
}
