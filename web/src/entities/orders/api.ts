import {
  CHECKOUT_STATES,
  PAID_ORDER_STATUSES,
  type CheckoutAttempt,
  type Order,
  type OrderNotes,
  type RefundOrderRequest,
  type UpdateOrderStatusRequest,
} from '@portal/domain';
import {
  doc,
  getAggregate,
  getCount,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  sum,
  where,
  type QueryDocumentSnapshot,
} from 'firebase/firestore/lite';
import { callRefundOrder, callUpdateOrderStatus } from '@/lib/callables';
import { parseDocuments, parsedOrThrow } from '../firestore';
import {
  checkoutsCollection,
  orderNotesCollection,
  ordersCollection,
  parseCheckoutAttempt,
  parseOrder,
  parseOrderNotes,
} from './documents';

/**
 * A buyer member's share of their company's orders (docs/companies.md): those of the locations
 * the owner assigned them, and those they placed themselves. Owners and viewers see them all.
 */
export interface BuyerScope {
  uid: string;
  locationIds: readonly string[];
}

/** Firestore takes at most 30 values in one `in` filter. */
const IN_LIMIT = 30;

/**
 * The company's orders, newest first. The `company_id == companyId` filter is required: the rules
 * only let a member list their company's orders (composite index company_id asc, created_at
 * desc); a buyer (`scope`) lists theirs with `location_id in` their locations and with
 * `user_id ==` themselves, as the rules prove it (indexes with company_id and each). A document
 * that does not match the order schema is left out rather than hiding the whole history.
 * `newestOnly` reads only that many of the newest (the store's usual order): for a buyer, the
 * newest of their orders and of their locations' together.
 */
export async function fetchOrders(
  companyId: string,
  scope?: BuyerScope,
  newestOnly?: number,
): Promise<Order[]> {
  const company = where('company_id', '==', companyId);
  // `newestOnly`: only that many of the newest (each query reads at most that many documents).
  const newest = newestOnly
    ? ([orderBy('created_at', 'desc'), limit(newestOnly)] as const)
    : ([orderBy('created_at', 'desc')] as const);
  if (!scope) {
    const snapshot = await getDocs(query(ordersCollection(), company, ...newest));
    return parseDocuments(snapshot.docs, parseOrder, 'skip');
  }
  const reads = [query(ordersCollection(), company, where('user_id', '==', scope.uid), ...newest)];
  for (let i = 0; i < scope.locationIds.length; i += IN_LIMIT) {
    const chunk = scope.locationIds.slice(i, i + IN_LIMIT);
    reads.push(query(ordersCollection(), company, where('location_id', 'in', chunk), ...newest));
  }
  const snapshots = await Promise.all(reads.map((read) => getDocs(read)));
  const byId = new Map(
    snapshots.flatMap((snapshot) =>
      parseDocuments(snapshot.docs, parseOrder, 'skip').map((order) => [order.id, order] as const),
    ),
  );
  const sorted = [...byId.values()].sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  return newestOnly ? sorted.slice(0, newestOnly) : sorted;
}

/** Where the next page starts: the last document of the previous page (opaque to callers). */
export type OrdersCursor = QueryDocumentSnapshot;

/** How many orders exist, counted on the server (no documents downloaded). */
export async function countOrders(): Promise<number> {
  return (await getCount(ordersCollection())).data().count;
}

/**
 * Cents: revenue net of refunds, summed on the server: `amount` less `refunded_amount` over paid
 * orders (processing, shipped, delivered). A cancelled order was refunded in full, or never paid.
 */
export async function sumPaidRevenue(): Promise<number> {
  const paid = query(ordersCollection(), where('status', 'in', [...PAID_ORDER_STATUSES]));
  const result = await getAggregate(paid, {
    revenue: sum('amount'),
    refunded: sum('refunded_amount'),
  });
  const { revenue, refunded } = result.data();
  return (revenue ?? 0) - (refunded ?? 0);
}

/**
 * Cents one stored order (its fields as stored, the status not made effective) adds to
 * sumPaidRevenue: a change that leaves it alike leaves that sum alike, and countOrders too.
 */
export function paidRevenueOf(stored: Readonly<Record<string, unknown>>): number {
  if (!(PAID_ORDER_STATUSES as readonly unknown[]).includes(stored.status)) return 0;
  return Number(stored.amount ?? 0) - Number(stored.refunded_amount ?? 0);
}

/** One order (the invoice and packing slip); null when it does not exist or may not be read. */
export async function fetchOrder(orderId: string): Promise<Order | null> {
  try {
    const snapshot = await getDoc(doc(ordersCollection(), orderId));
    if (!snapshot.exists()) return null;
    return parsedOrThrow(parseOrder(snapshot.id, snapshot.data()));
  } catch (error) {
    // The rules answer another buyer's order with permission-denied: to the buyer, it is not there.
    if ((error as { code?: string }).code === 'permission-denied') return null;
    throw error;
  }
}

/**
 * The managers' internal notes of one order's refunds (managers only: the rules refuse anyone
 * else). An order without any has no document: no notes.
 */
export async function fetchOrderNotes(orderId: string): Promise<OrderNotes> {
  const snapshot = await getDoc(doc(orderNotesCollection(), orderId));
  if (!snapshot.exists()) return { refunds: {} };
  return parsedOrThrow(parseOrderNotes(snapshot.data()));
}

/** Moves an order along its state machine; the updateOrderStatus function checks the transition. */
export function updateOrderStatus(request: UpdateOrderStatusRequest) {
  return callUpdateOrderStatus(request);
}

/** Refunds part or all of a paid order (managers); the refundOrder function checks everything. */
export function refundOrder(request: RefundOrderRequest) {
  return callRefundOrder(request);
}

export interface CheckoutsPage {
  checkouts: CheckoutAttempt[];
  nextCursor: OrdersCursor | null;
}

/** Checkouts that never became orders (open, expired, replaced, failed), newest first. */
const ABANDONED_STATES = CHECKOUT_STATES.filter((state) => state !== 'completed');

/** Abandoned checkouts per page. */
export const CHECKOUTS_PAGE_SIZE = 20;

/**
 * One page of abandoned checkouts (managers), cursor-based: startAfter the last document of the
 * previous page, one extra document asked for to know whether a next page exists.
 */
export async function fetchAbandonedCheckoutsPage(
  cursor: OrdersCursor | null,
): Promise<CheckoutsPage> {
  const base = [
    where('state', 'in', [...ABANDONED_STATES]),
    orderBy('created_at', 'desc'),
  ] as const;
  const checkouts = checkoutsCollection();
  const q = cursor
    ? query(checkouts, ...base, startAfter(cursor), limit(CHECKOUTS_PAGE_SIZE + 1))
    : query(checkouts, ...base, limit(CHECKOUTS_PAGE_SIZE + 1));
  const snapshot = await getDocs(q);
  const docs = snapshot.docs.slice(0, CHECKOUTS_PAGE_SIZE);
  return {
    checkouts: parseDocuments(docs, parseCheckoutAttempt, 'skip'),
    nextCursor: snapshot.docs.length > CHECKOUTS_PAGE_SIZE ? (docs[docs.length - 1] ?? null) : null,
  };
}
