import {
  ORDER_EXPORT_MAX,
  PAID_ORDER_STATUSES,
  type Order,
  type UpdateOrderStatusRequest,
} from '@portal/domain';
import {
  getAggregate,
  getCount,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  sum,
  where,
  type QueryDocumentSnapshot,
} from 'firebase/firestore/lite';
import { callUpdateOrderStatus } from '@/lib/callables';
import { parseDocuments } from '../firestore';
import { ordersCollection, parseOrder, parseOrderSummary, type OrderSummary } from './documents';

/**
 * The buyer's orders, newest first. The `user_id == uid` filter is required: the rules only let
 * a buyer list their own orders (composite index user_id asc, created_at desc). A document that
 * does not match the order schema is left out rather than hiding the whole history.
 */
export async function fetchOrders(uid: string): Promise<Order[]> {
  const snapshot = await getDocs(
    query(ordersCollection(), where('user_id', '==', uid), orderBy('created_at', 'desc')),
  );
  return parseDocuments(snapshot.docs, parseOrder, 'skip');
}

/** Orders per page of the Recent Orders table. */
export const ORDERS_PAGE_SIZE = 20;

/** Where the next page starts: the last document of the previous page (opaque to callers). */
export type OrdersCursor = QueryDocumentSnapshot;

export interface OrdersPage {
  orders: OrderSummary[];
  /** Present when at least one more order exists after this page. */
  nextCursor: OrdersCursor | null;
}

/**
 * One page of all orders, newest first (managers only). Cursor-based (startAfter the last
 * document of the previous page + limit), so each page costs one small query however many
 * orders exist. One extra document is asked for to know whether a next page exists. A malformed
 * order fails the page loudly instead of rendering junk.
 */
export async function fetchRecentOrdersPage(cursor: OrdersCursor | null): Promise<OrdersPage> {
  const base = [orderBy('created_at', 'desc')] as const;
  const orders = ordersCollection();
  const q = cursor
    ? query(orders, ...base, startAfter(cursor), limit(ORDERS_PAGE_SIZE + 1))
    : query(orders, ...base, limit(ORDERS_PAGE_SIZE + 1));
  const snapshot = await getDocs(q);
  const docs = snapshot.docs.slice(0, ORDERS_PAGE_SIZE);
  return {
    orders: parseDocuments(docs, parseOrderSummary, 'throw'),
    nextCursor: snapshot.docs.length > ORDERS_PAGE_SIZE ? (docs[docs.length - 1] ?? null) : null,
  };
}

/** A safety bound on one export; a wider range is cut and the manager is told to narrow it. */
export const EXPORT_MAX_ORDERS = ORDER_EXPORT_MAX;

/** Creation times from `start` up to, not including, `endExclusive`. */
export interface CreatedRange {
  start: Date;
  endExclusive: Date;
}

export interface ExportedOrders {
  orders: OrderSummary[];
  truncated: boolean;
}

/** Orders created in [start, endExclusive), oldest first (managers only). */
export async function fetchOrdersForExport(range: CreatedRange): Promise<ExportedOrders> {
  const snapshot = await getDocs(
    query(
      ordersCollection(),
      where('created_at', '>=', range.start),
      where('created_at', '<', range.endExclusive),
      orderBy('created_at', 'asc'),
      limit(EXPORT_MAX_ORDERS + 1),
    ),
  );
  const docs = snapshot.docs.slice(0, EXPORT_MAX_ORDERS);
  return {
    orders: parseDocuments(docs, parseOrderSummary, 'throw'),
    truncated: snapshot.docs.length > EXPORT_MAX_ORDERS,
  };
}

/** How many orders exist, counted on the server (no documents downloaded). */
export async function countOrders(): Promise<number> {
  return (await getCount(ordersCollection())).data().count;
}

/** Cents: the sum of `amount` over paid orders (processing, shipped, delivered), on the server. */
export async function sumPaidRevenue(): Promise<number> {
  const paid = query(ordersCollection(), where('status', 'in', [...PAID_ORDER_STATUSES]));
  const result = await getAggregate(paid, { revenue: sum('amount') });
  return result.data().revenue ?? 0;
}

/** Moves an order along its state machine; the updateOrderStatus function checks the transition. */
export function updateOrderStatus(request: UpdateOrderStatusRequest) {
  return callUpdateOrderStatus(request);
}
