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
import * as z from 'zod/mini';
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

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
}

/**
 * The one reading of an order document, in full: timestamps (also in the history, the shipment
 * and the refunds) become Dates, then the domain schema checks the whole order. Orders from
 * before the order book lack ship-to, invoice, shipment and refunds: the schema defaults them.
 * An order refunded in full while it was processing, before the refunded status existed, reads
 * as refunded (effectiveOrderStatus).
 */
export function parseOrder(id: string, data: DocumentData): Parsed<Order> {
  const parsed = orderSchema.safeParse(withDates(data));
  return parsed.success
    ? { success: true, data: { ...parsed.data, status: effectiveOrderStatus(parsed.data), id } }
    : parsed;
}

/**
 * The order's timestamps as Dates (a missing refunds list or dispute stays missing: the schema
 * defaults it).
 */
function withDates(data: DocumentData): DocumentData {
  const shipment = data.shipment as Record<string, unknown> | null | undefined;
  const dispute = data.dispute as Record<string, unknown> | null | undefined;
  return {
    ...data,
    created_at: toDate(data.created_at),
    paid_at: toDate(data.paid_at),
    status_history: records(data.status_history).map((change) => ({
      ...change,
      at: toDate(change.at),
    })),
    ...(shipment ? { shipment: { ...shipment, shipped_at: toDate(shipment.shipped_at) } } : {}),
    ...(dispute
      ? {
          dispute: {
            ...dispute,
            opened_at: toDate(dispute.opened_at),
            closed_at: toDate(dispute.closed_at),
          },
        }
      : {}),
    ...(Array.isArray(data.refunds)
      ? { refunds: records(data.refunds).map((refund) => ({ ...refund, at: toDate(refund.at) })) }
      : {}),
  };
}

/** An order's internal refund notes, keyed by Stripe refund id, their times as Dates. */
export function parseOrderNotes(data: DocumentData): Parsed<OrderNotes> {
  const refunds = (data.refunds ?? {}) as Record<string, Record<string, unknown>>;
  return orderNotesSchema.safeParse({
    refunds: Object.fromEntries(
      Object.entries(refunds).map(([id, note]) => [id, { ...note, at: toDate(note.at) }]),
    ),
  });
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

/** What the manager's dashboard and export show of an order (the rest is not needed there). */
const orderSummarySchema = z.pick(orderSchema, {
  user_id: true,
  store_name: true,
  items: true,
  amount: true,
  payment_type: true,
  status: true,
  created_at: true,
  ship_to: true,
  invoice_number: true,
  shipment: true,
  refunds: true,
  refunded_amount: true,
  dispute: true,
});
export type OrderSummary = ReturnType<typeof orderSummarySchema.parse> & { id: string };

/** The same document read for the dashboard: only its summary is checked. */
export function parseOrderSummary(id: string, data: DocumentData): Parsed<OrderSummary> {
  const dated = withDates(data);
  const parsed = orderSummarySchema.safeParse({
    ...dated,
    created_at: dated.created_at ?? new Date(0),
  });
  return parsed.success
    ? { success: true, data: { id, ...parsed.data, status: effectiveOrderStatus(parsed.data) } }
    : parsed;
}
