import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  fetchAbandonedCheckoutsPage,
  fetchOrder,
  fetchOrderNotes,
  fetchOrders,
  type BuyerScope,
  refundOrder,
  updateOrderStatus,
  type OrdersCursor,
} from './api';

export const orderKeys = {
  /** One buyer's order history. */
  ofCompany: (companyId: string, scope?: BuyerScope) =>
    scope
      ? (['orders', companyId, scope.uid, ...scope.locationIds] as const)
      : (['orders', companyId] as const),
  /** Every order, page by page (the manager's Recent Orders). */
  recent: () => ['admin', 'orders'] as const,
  /** The manager's totals (order count, revenue): any change to an order makes them stale. */
  totals: () => ['admin', 'totals'] as const,
  /** One order (invoice, packing slip). */
  one: (orderId: string) => ['order', orderId] as const,
  /** Its internal refund notes (managers): under the order's key, so refreshing it reads them too. */
  notes: (orderId: string) => ['order', orderId, 'notes'] as const,
  /** Checkouts that never became orders (managers). */
  abandoned: () => ['admin', 'checkouts'] as const,
};

export const orderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: orderKeys.one(orderId), queryFn: () => fetchOrder(orderId) });

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}

/** The managers' internal notes of an order's refunds, read only when `enabled`. */
export function useOrderNotes(orderId: string, enabled = true) {
  return useQuery({
    queryKey: orderKeys.notes(orderId),
    queryFn: () => fetchOrderNotes(orderId),
    enabled,
  });
}

export function useAbandonedCheckouts() {
  return useInfiniteQuery({
    queryKey: orderKeys.abandoned(),
    queryFn: ({ pageParam }) => fetchAbandonedCheckoutsPage(pageParam),
    initialPageParam: null as OrdersCursor | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The company's orders (My Account): all of them, or a buyer's share (`scope`). */
export const ordersQueryOptions = (companyId: string, scope?: BuyerScope) =>
  queryOptions({
    queryKey: orderKeys.ofCompany(companyId, scope),
    queryFn: () => fetchOrders(companyId, scope),
  });

export function useOrders(companyId: string, scope?: BuyerScope) {
  return useQuery({ ...ordersQueryOptions(companyId, scope), enabled: companyId !== '' });
}

/**
 * Only the company's `count` newest orders (or a buyer's share of them): the store's usual order.
 * Under the company's key, so whatever refreshes its orders refreshes these too.
 */
export function useRecentOrders(
  companyId: string,
  scope: BuyerScope | undefined,
  count: number,
  enabled = true,
) {
  return useQuery({
    queryKey: [...orderKeys.ofCompany(companyId, scope), { newest: count }] as const,
    queryFn: () => fetchOrders(companyId, scope, count),
    enabled: enabled && companyId !== '',
  });
}

/** After a manager changes an order: the table, the totals (revenue is net of refunds), the order. */
export function useRefreshOrders() {
  const queryClient = useQueryClient();
  return (orderId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.recent() }),
      queryClient.invalidateQueries({ queryKey: orderKeys.totals() }),
      queryClient.invalidateQueries({ queryKey: orderKeys.one(orderId) }),
    ]);
}

export function useUpdateOrderStatus() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: (_, request) => refresh(request.orderId),
  });
}

export function useRefundOrder() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (_, request) => refresh(request.orderId),
  });
}
