import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import {
  ORDER_STATUSES,
  type Carrier,
  type OrderLine,
  type OrderStatus,
  type PaymentType,
  type ShipTo,
} from '@portal/domain';
import type { CheckoutSource } from '@portal/domain';
import { readHold, type StockHold } from './stock';

export interface StatusChange {
  status: OrderStatus;
  at: Timestamp;
  by: string;
}

/**
 * One refund on the order, as the buyer may read it: the amount, when, who, and the note to the
 * customer (printed on the invoice). The manager's internal note is never here: it is kept in
 * order_notes/{orderId}, which only managers read (RefundNoteDoc). `reason` is the single field of
 * refunds recorded before the notes were split; readers treat it as internal and never show it to
 * the buyer (`npm run migrate:refunds` moves it to order_notes).
 */
export interface RefundDoc {
  refund_id: string;
  amount: number;
  customer_note: string;
  /** Only on refunds recorded before the notes were split. */
  reason?: string;
  at: Timestamp;
  by: string;
  /** The refundOrder request that made it; absent for dashboard refunds and older entries. */
  request_id?: string;
}

/**
 * One refund's internal note, as order_notes/{orderId} keeps it under `refunds.{refund_id}`: the
 * manager's note for the books, who wrote it and when. Managers read it, buyers never
 * (firestore.rules); only the functions write it (writeRefundNotes).
 */
export interface RefundNoteDoc {
  internal_note: string;
  by: string;
  at: Timestamp;
}

/**
 * The payment dispute Stripe last reported on the order (charge.dispute.*). `event_created` is
 * the time of the event that wrote it (Stripe's seconds), so an older event delivered late does
 * not undo a newer one.
 */
export interface DisputeDoc {
  dispute_id: string;
  /** Stripe's status: needs_response, under_review, won, lost, ... (open: isOpenDisputeStatus). */
  status: string;
  reason: string;
  /** Cents disputed. */
  amount: number;
  opened_at: Timestamp;
  closed_at: Timestamp | null;
  event_created: number;
}

export interface ShipmentDoc {
  carrier: Carrier;
  tracking_number: string;
  shipped_at: Timestamp;
}

/**
 * orders/{orderId} as the functions write it (timestamps are Firestore Timestamps). The id is the
 * id of the checkout it came from; it exists from the moment Stripe reports the session complete.
 */
export interface OrderDoc {
  user_id: string;
  store_name: string;
  items: OrderLine[];
  amount: number;
  currency: 'usd';
  /** 'subscription': a cycle of a standing order (its first checkout, or a paid renewal). */
  payment_type: PaymentType;
  status: OrderStatus;
  stripe_session_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
  status_history: StatusChange[];
  /** What was priced, to recognise a repeated checkout of the same cart. */
  cart_fingerprint: string;
  /**
   * 'cart' orders remove the purchased lines from the cart once paid; Buy Now leaves it alone;
   * 'standing_order' is a renewal of a standing order (no checkout of its own).
   */
  source: CheckoutSource | 'standing_order';
  /** The standing order this order is a cycle of; absent on one-time orders. */
  standing_order_id?: string;
  /** The Stripe invoice a standing order's cycle was paid with (one order per invoice). */
  stripe_invoice_id?: string | null;
  stripe_payment_intent_id: string | null;
  /** The buyer's seller permit number at checkout (on the invoice). */
  seller_permit_id: string;
  ship_to: ShipTo | null;
  /** INV-000123, allocated when the order is paid. */
  invoice_number: string | null;
  shipment: ShipmentDoc | null;
  refunds: RefundDoc[];
  /** Cents: the sum of `refunds` (revenue is summed net of it on the server). */
  refunded_amount: number;
  /** The units taken from stock_on_hand when the order was made (stock-tracked products only). */
  stock_taken?: StockHold;
  /** When the order's units were put back on hand (a cancellation that restocked): once. */
  restocked_at?: Timestamp;
  /**
   * Set when the order was made cancelled instead of going to fulfilment: 'buyer_not_approved'
   * (the buyer lost access before paying; the payment is refunded, payments/refused-payments.ts).
   */
  refused_reason?: 'buyer_not_approved';
  /** The payment dispute Stripe reported, if any. */
  dispute?: DisputeDoc;
}

/** The fields the transitions rely on, checked when read (older or hand-made orders included). */
export interface OrderState {
  id: string;
  user_id: string;
  store_name: string;
  refunded_amount: number;
  amount: number;
  status: OrderStatus;
  stripe_session_id: string | null;
  /** The lines as ordered (name and line_total read as '' and 0 where missing). */
  items: Array<Pick<OrderLine, 'product_id' | 'quantity' | 'name' | 'line_total'>>;
  status_history: StatusChange[];
  source: CheckoutSource;
  /** When the payment was recorded (null while pending, or never paid). */
  paid_at: Timestamp | null;
  stripe_payment_intent_id: string | null;
  invoice_number: string | null;
  refunds: RefundDoc[];
  /** The carrier and tracking number once shipped (null before, or when not readable). */
  shipment: Pick<ShipmentDoc, 'carrier' | 'tracking_number'> | null;
  /** The units the order took from stock; null for orders made before stock was kept. */
  stock_taken: StockHold | null;
  /** Set once the order's units went back on hand. */
  restocked_at: Timestamp | null;
  /** The payment dispute Stripe last reported; null when there is none (or not readable). */
  dispute: DisputeDoc | null;
}

class CorruptOrderError extends Error {
  override name = 'CorruptOrderError';
}

function isStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function readOrderState(snap: DocumentSnapshot): OrderState | null {
  if (!snap.exists) return null;
  const data = snap.data() ?? {};
  const status: unknown = data.status;
  if (!isStatus(status) || typeof data.user_id !== 'string' || typeof data.amount !== 'number') {
    throw new CorruptOrderError(`Order ${snap.id} is missing its status, owner or amount`);
  }
  const items = Array.isArray(data.items)
    ? data.items.flatMap((item: unknown) => {
        if (typeof item !== 'object' || item === null) return [];
        const { product_id, quantity, name, line_total } = item as Record<string, unknown>;
        return typeof product_id === 'string' && typeof quantity === 'number'
          ? [
              {
                product_id,
                quantity,
                name: typeof name === 'string' ? name : '',
                line_total: typeof line_total === 'number' ? line_total : 0,
              },
            ]
          : [];
      })
    : [];
  return {
    id: snap.id,
    user_id: data.user_id,
    store_name: typeof data.store_name === 'string' ? data.store_name : '',
    refunded_amount: typeof data.refunded_amount === 'number' ? data.refunded_amount : 0,
    amount: data.amount,
    status,
    stripe_session_id: typeof data.stripe_session_id === 'string' ? data.stripe_session_id : null,
    items,
    status_history: Array.isArray(data.status_history)
      ? (data.status_history as StatusChange[])
      : [],
    source: data.source === 'buy_now' ? 'buy_now' : 'cart',
    paid_at: data.paid_at instanceof Timestamp ? data.paid_at : null,
    stripe_payment_intent_id:
      typeof data.stripe_payment_intent_id === 'string' ? data.stripe_payment_intent_id : null,
    invoice_number: typeof data.invoice_number === 'string' ? data.invoice_number : null,
    // Orders from before refunds were recorded have none.
    refunds: Array.isArray(data.refunds) ? (data.refunds as RefundDoc[]) : [],
    shipment: readShipment(data.shipment),
    stock_taken: readHold(data.stock_taken),
    restocked_at: data.restocked_at instanceof Timestamp ? data.restocked_at : null,
    dispute: readDispute(data.dispute),
  };
}

function readDispute(value: unknown): DisputeDoc | null {
  if (typeof value !== 'object' || value === null) return null;
  const d = value as Record<string, unknown>;
  if (typeof d.dispute_id !== 'string' || typeof d.status !== 'string') return null;
  return {
    dispute_id: d.dispute_id,
    status: d.status,
    reason: typeof d.reason === 'string' ? d.reason : '',
    amount: typeof d.amount === 'number' ? d.amount : 0,
    opened_at: d.opened_at instanceof Timestamp ? d.opened_at : Timestamp.fromMillis(0),
    closed_at: d.closed_at instanceof Timestamp ? d.closed_at : null,
    event_created: typeof d.event_created === 'number' ? d.event_created : 0,
  };
}

function readShipment(value: unknown): OrderState['shipment'] {
  if (typeof value !== 'object' || value === null) return null;
  const { carrier, tracking_number } = value as Record<string, unknown>;
  return typeof carrier === 'string' && typeof tracking_number === 'string'
    ? { carrier: carrier as ShipmentDoc['carrier'], tracking_number }
    : null;
}
