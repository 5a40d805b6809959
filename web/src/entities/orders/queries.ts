import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  fetchAbandonedCheckoutsPage,
  fetchOrder,
  fetchOrderNotes,
  fetchOrders,
  type BuyerScope,
  type OrdersCursor,
} from './api';
import { orderKeys } from './keys';

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
export const recentOrdersQueryOptions = (
  companyId: string,
  scope: BuyerScope | undefined,
  count: number,
) =>
  queryOptions({
    queryKey: [...orderKeys.ofCompany(companyId, scope), { newest: count }] as const,
    queryFn: () => fetchOrders(companyId, scope, count),
  });

export function useRecentOrders(
  companyId: string,
  scope: BuyerScope | undefined,
  count: number,
  enabled = true,
) {
  return useQuery({
    ...recentOrdersQueryOptions(companyId, scope, count),
    enabled: enabled && companyId !== '',
  });
}
