import type { SearchOrdersRequest } from '@portal/domain';
import type { BuyerScope } from './api';

/** The query keys of orders: what a change to an order makes stale is named by them. */
export const orderKeys = {
  /** One buyer's order history. */
  ofCompany: (companyId: string, scope?: BuyerScope) =>
    scope
      ? (['orders', companyId, scope.uid, ...scope.locationIds] as const)
      : (['orders', companyId] as const),
  /** The manager's order book: its search pages and its backorder queue, under one key. */
  recent: () => ['admin', 'orders'] as const,
  /** Every cached page of the order book's search (searchOrders). */
  searches: () => [...orderKeys.recent(), 'search'] as const,
  /** One page of the order book's search. */
  search: (request: SearchOrdersRequest) => [...orderKeys.searches(), request] as const,
  /**
   * Orders with backordered units waiting to ship, oldest first: under the order book's key, so
   * refreshing the order book (after a shipment, a refund) reads the queue again too.
   */
  backorders: () => [...orderKeys.recent(), 'backorders'] as const,
  /** The manager's totals (order count, revenue): any change to an order makes them stale. */
  totals: () => ['admin', 'totals'] as const,
  /** One order (invoice, packing slip). */
  one: (orderId: string) => ['order', orderId] as const,
  /** Its internal refund notes (managers): under the order's key, so refreshing it reads them too. */
  notes: (orderId: string) => ['order', orderId, 'notes'] as const,
  /** Checkouts that never became orders (managers). */
  abandoned: () => ['admin', 'checkouts'] as const,
};
