import type { Order, ShipOrderRequest } from '@portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import { callShipOrder } from '@/lib/callables';
import { parseDocuments } from '../firestore';
import { ordersCollection, parseOrder } from './documents';
import { orderKeys } from './keys';
import { useRefreshOrders } from './book';

/*
 * The managers' part of orders that ship in parts (docs/order-lifecycle.md#shipments): recording a
 * shipment and the backorder queue. A module of its own beside api.ts and queries.ts, which the
 * buyers' pages load: those carry none of it.
 */

/** The most orders the managers' backorder queue reads at once (the oldest ones). */
export const BACKORDERS_LIMIT = 100;

/** Records one shipment of an order (managers); the shipOrder function checks every line. */
export function shipOrder(request: ShipOrderRequest) {
  return callShipOrder(request);
}

/**
 * Orders with a backordered unit still waiting to ship (backorder_open, kept by the functions),
 * oldest first: the managers' backorder queue (composite index backorder_open asc, created_at
 * asc; the rules let managers list every order). A document that does not read is left out.
 */
export async function fetchBackorderedOrders(): Promise<Order[]> {
  const snapshot = await getDocs(
    query(
      ordersCollection(),
      where('backorder_open', '==', true),
      orderBy('created_at', 'asc'),
      limit(BACKORDERS_LIMIT),
    ),
  );
  return parseDocuments(snapshot.docs, parseOrder, 'skip');
}

/** The managers' backorder queue: orders with backordered units waiting to ship, oldest first. */
export function useBackorderedOrders() {
  return useQuery({ queryKey: orderKeys.backorders(), queryFn: fetchBackorderedOrders });
}

/** One shipment of an order by lines; then the order book, the queue, the totals and the order. */
export function useShipOrder() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: shipOrder,
    onSuccess: (result, request) =>
      refresh(request.orderId, (order) =>
        order.shipments.some((shipment) => shipment.id === result.shipmentId),
      ),
  });
}
