import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { firstIssueText, orderSchemasOf, type CheckoutSource } from '@portal/domain';
import * as z from 'zod/mini';
import type { StockHold } from './stock';

/** A stored moment, as the Admin SDK reads and writes it. */
const timestamp = z.custom<Timestamp>(
  (value) => value instanceof Timestamp,
  'Expected a Firestore Timestamp',
);

/**
 * orders/{orderId} and order_notes/{orderId} as the functions read and write them: the domain's
 * one definition of an order (orderSchemasOf) with its instants as Firestore Timestamps. The
 * types below are derived from it: `*Doc` is what may be written (fields with a default may be
 * left out), `OrderRecord` what a read gives back. The id of an order is the id of the checkout
 * it came from; it exists from the moment Stripe reports the session complete.
 */
export const orderDocSchemas = orderSchemasOf(timestamp);

export type OrderDoc = z.input<typeof orderDocSchemas.order>;
export type OrderRecord = z.output<typeof orderDocSchemas.order>;
export type StatusChange = z.output<typeof orderDocSchemas.statusChange>;
export type RefundDoc = z.output<typeof orderDocSchemas.refund>;
/** A refund as recorded: its by-line parts (lines, tax, shipping, goodwill) may be left out. */
type RefundByLineParts = 'lines' | 'tax' | 'shipping' | 'goodwill' | 'customer_note';
export type RefundDocInput = Omit<RefundDoc, 'at' | RefundByLineParts> &
  Partial<Pick<RefundDoc, RefundByLineParts>>;
export type ShipmentEntryDoc = z.output<typeof orderDocSchemas.shipmentEntry>;
/** One refund's internal note, under `refunds.{refund_id}` of order_notes/{orderId}. */
export type RefundNoteDoc = z.output<typeof orderDocSchemas.refundNote>;
export type DisputeDoc = z.output<typeof orderDocSchemas.dispute>;
export type ShipmentDoc = z.output<typeof orderDocSchemas.shipment>;

/**
 * An order as the transitions read it: the parsed record, its id, the checkout source it settles
 * like, and null where the order has no stock taken or was never restocked.
 */
export type OrderState = Omit<OrderRecord, 'source' | 'stock_taken' | 'restocked_at'> & {
  id: string;
  source: CheckoutSource;
  /** The units the order took from stock; null for orders made before stock was kept. */
  stock_taken: StockHold | null;
  /** Set once the order's units went back on hand. */
  restocked_at: Timestamp | null;
};

class CorruptOrderError extends Error {
  override name = 'CorruptOrderError';
}

/**
 * Reads an order through the one schema (the edge of every transition): a document that does
 * not parse is refused as corrupt rather than half-read.
 */
export function readOrder(snap: DocumentSnapshot): OrderRecord | null {
  if (!snap.exists) return null;
  const parsed = orderDocSchemas.order.safeParse(snap.data());
  if (!parsed.success) {
    throw new CorruptOrderError(
      `Order ${snap.id} does not read as an order (${firstIssueText(parsed.error)})`,
    );
  }
  return parsed.data;
}

export function readOrderState(snap: DocumentSnapshot): OrderState | null {
  const order = readOrder(snap);
  if (!order) return null;
  return {
    ...order,
    id: snap.id,
    // A standing order's renewal settles like a cart order: there is no cart line to remove.
    source: order.source === 'buy_now' ? 'buy_now' : 'cart',
    stock_taken: order.stock_taken ?? null,
    restocked_at: order.restocked_at ?? null,
  };
}
