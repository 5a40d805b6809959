import { formatUsd, type Cents } from './money';

export const ORDER_STATUSES = [
  'pending',
  'awaiting_payment',
  'processing',
  'partially_shipped',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending',
  awaiting_payment: 'Awaiting payment',
  processing: 'Processing',
  partially_shipped: 'Partially shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/**
 * A Checkout attempt (checkouts/{id}): open while its session can be paid; completed when it became
 * an order (same id); expired when Stripe closed it unpaid; replaced by a newer checkout of the
 * buyer; failed when no session could be created. Only completed attempts are orders.
 */
export const CHECKOUT_STATES = ['open', 'completed', 'expired', 'replaced', 'failed'] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

export const CHECKOUT_STATE_LABELS: Readonly<Record<CheckoutState, string>> = {
  open: 'Open',
  completed: 'Completed',
  expired: 'Expired',
  replaced: 'Replaced',
  failed: 'Failed',
};

/**
 * Where the lines of a checkout come from: the whole server-side cart, or Buy Now of one product
 * (the least of it that may be ordered: its minimum, in whole cases). The checkout and its order
 * keep it; a standing order's renewal has none (its order's source is 'standing_order').
 */
export type CheckoutSource = Exclude<OrderSource, 'standing_order' | 'replacement'>;

/**
 * Where an order came from: the cart, Buy Now, a standing order's renewal, a claim settled with a
 * replacement (an order at no charge, replacement_for names the claim), or a manager's quote
 * (accepted, paid from its payment link, or placed on terms: `quote` names it).
 */
export const ORDER_SOURCES = ['cart', 'buy_now', 'standing_order', 'replacement', 'quote'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const PAYMENT_TYPES = ['one_time', 'subscription'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * An order exists once its Checkout Session is complete (docs/order-lifecycle.md):
 * pending (payment processing) -> processing (paid) -> shipped -> delivered; pending -> cancelled
 * when the delayed payment fails; processing -> cancelled with a full refund; processing ->
 * refunded when refunds (refundOrder, or the Stripe dashboard) leave nothing to refund: the goods
 * are not owed any more, so it leaves the fulfilment flow. Shipped and delivered orders keep
 * their status when refunded (the goods went out). delivered, cancelled and refunded are final.
 * An order on payment terms (docs/payment-terms.md) starts awaiting_payment: it is shipped as it
 * is, moves to processing when its invoice is paid before it ships, and to cancelled when its
 * invoice is voided.
 * An order ships in one or more shipments (shipments.ts): partially_shipped while some of its
 * units are still to ship (backordered, say), shipped once nothing remains (the last shipment, or
 * a refund of the units still to ship). A partially shipped order is not cancelled: the goods
 * that went out stay sold; its remaining lines are refunded instead.
 */
const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'cancelled'],
  awaiting_payment: ['processing', 'partially_shipped', 'shipped', 'cancelled'],
  processing: ['partially_shipped', 'shipped', 'cancelled', 'refunded'],
  partially_shipped: ['shipped'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  refunded: [],
};

export function canTransitionOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export function nextOrderStatuses(from: OrderStatus): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[from];
}

/**
 * The moves a manager may make: the state machine, except the moves out of pending, which only
 * Stripe makes: pending means "checkout complete, payment still processing" (a delayed payment
 * method); Stripe reports it paid (processing) or failed (cancelled). An order awaiting payment
 * on terms may only be shipped by hand: its invoice being paid moves it to processing, and
 * voiding the invoice (closeTermsInvoice, with a reason) cancels it. Cancelling a processing
 * order refunds it. A partially shipped order may be marked shipped (a shipment of the rest). Nobody moves an order to refunded by hand: refunding everything left does.
 */
export function canManagerMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  // Partially shipped is where a shipment leaves an order (shipOrder decides it from what
  // remains), never a move of its own: "Mark Shipped" opens the shipment dialog.
  if (to === 'partially_shipped') return false;
  if (from === 'awaiting_payment') return to === 'shipped';
  return canTransitionOrder(from, to) && from !== 'pending' && to !== 'refunded';
}

export function managerOrderMoves(from: OrderStatus): readonly OrderStatus[] {
  return nextOrderStatuses(from).filter((to) => canManagerMoveOrder(from, to));
}

/**
 * Orders that have been paid for count towards revenue (net of refunds: a refunded order nets
 * nothing, and still counts as a paid order, as it did while it was processing).
 */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = [
  'processing',
  'partially_shipped',
  'shipped',
  'delivered',
  'refunded',
];

export function isPaidStatus(status: OrderStatus): boolean {
  return PAID_ORDER_STATUSES.includes(status);
}

/** Whether refunds took back everything the order was paid (a paid order with an amount). */
export function isFullyRefunded(order: { amount: Cents; refunded_amount: Cents }): boolean {
  return order.amount > 0 && order.refunded_amount >= order.amount;
}

/**
 * The status an order is shown and handled as. An order refunded in full before the refunded
 * status existed is still stored as processing until `npm run migrate:refunds` moves it; it reads
 * as refunded everywhere all the same (no Ship button, a Refunded badge).
 */
export function effectiveOrderStatus(order: {
  status: OrderStatus;
  amount: Cents;
  refunded_amount: Cents;
}): OrderStatus {
  return order.status === 'processing' && isFullyRefunded(order) ? 'refunded' : order.status;
}

export interface LineRequest {
  product_id: string;
  quantity: number;
}

export class OrderPricingError extends Error {
  constructor(
    message: string,
    readonly productId: string,
  ) {
    super(message);
    this.name = 'OrderPricingError';
  }
}

export function orderTotal(lines: readonly { line_total: Cents }[]): Cents {
  return lines.reduce((sum, line) => sum + line.line_total, 0);
}

/**
 * What one card payment may total, in cents: Stripe's minimum charge in USD ($0.50) and the
 * largest amount Checkout accepts ($999,999.99). A cart outside them cannot be paid.
 */
export const ORDER_TOTAL_LIMITS = { minCents: 50, maxCents: 99_999_999 } as const;

/** Why an order of this total cannot be paid, or null when it can. */
export function orderTotalProblem(total: Cents): string | null {
  if (total < ORDER_TOTAL_LIMITS.minCents) {
    return `Orders must total at least ${formatUsd(ORDER_TOTAL_LIMITS.minCents)}`;
  }
  if (total > ORDER_TOTAL_LIMITS.maxCents) {
    return `Orders can total at most ${formatUsd(ORDER_TOTAL_LIMITS.maxCents)}; split this one`;
  }
  return null;
}

/** Cart and order line quantities are whole numbers from 1 to this cap. */
export const MAX_LINE_QUANTITY = 999;

/**
 * The most lines one order (or one standing order's quantities) can have: Stripe Checkout takes
 * at most 100 line items in payment mode.
 */
export const MAX_ORDER_LINES = 100;

/** How many characters of an order's id its short number shows. */
export const SHORT_ORDER_ID_LENGTH = 8;

/** '#' plus the first 8 characters of the id (docs/product.md#19-constants-and-limits). */
export function shortOrderId(id: string): string {
  return `#${id.slice(0, SHORT_ORDER_ID_LENGTH)}`;
}
