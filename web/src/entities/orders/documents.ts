import {
  checkoutAttemptSchema,
  COLLECTIONS,
  effectiveOrderStatus,
  orderNotesSchema,
  orderSchema,
  type CheckoutAttempt,
  type Order,
  type OrderNotes,
} from '@portal/domain';
import { collection, type DocumentData } from 'firebase/firestore/lite';
import { db, toDate, type Parsed } from '../firestore';

/**
 * orders/{id}: written by the functions when a checkout completes, read by the buyer (their own)
 * and by managers.
 */
export const ordersCollection = () => collection(db, COLLECTIONS.orders);

/**
 * order_notes/{orderId}: the managers' internal notes of an order's refunds, written by the
 * functions; only managers may read them (firestore.rules).
 */
export const orderNotesCollection = () => collection(db, COLLECTIONS.orderNotes);

/** checkouts/{id}: checkout attempts, read by managers (the ones that never became orders). */
export const checkoutsCollection = () => collection(db, COLLECTIONS.checkouts);

/**
 * The one reading of an order document, in full: the domain schema checks the whole order and
 * reads its timestamps (also in the history, the shipment and the refunds) as Dates. Orders from
 * before the order book lack ship-to, invoice, shipment and refunds: the schema defaults them.
 * An order refunded in full while it was processing, before the refunded status existed, reads
 * as refunded (effectiveOrderStatus).
 */
export function parseOrder(id: string, data: DocumentData): Parsed<Order> {
  const parsed = orderSchema.safeParse(data);
  return parsed.success
    ? { success: true, data: { ...parsed.data, status: effectiveOrderStatus(parsed.data), id } }
    : parsed;
}

/** An order's internal refund notes, keyed by Stripe refund id, their times as Dates. */
export function parseOrderNotes(data: DocumentData): Parsed<OrderNotes> {
  return orderNotesSchema.safeParse(data);
}

/** A checkout attempt, for the manager's Abandoned checkouts view. */
export function parseCheckoutAttempt(id: string, data: DocumentData): Parsed<CheckoutAttempt> {
  const parsed = checkoutAttemptSchema.safeParse({
    ...data,
    created_at: toDate(data.created_at),
    updated_at: toDate(data.updated_at ?? data.created_at),
  });
  return parsed.success ? { success: true, data: { ...parsed.data, id } } : parsed;
}
