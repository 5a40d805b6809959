import { formatUsd, type Cents } from './money';

export const ORDER_STATUSES = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
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

export const PAYMENT_TYPES = ['one_time', 'subscription'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * An order exists once its Checkout Session is complete (docs/order-lifecycle.md):
 * pending (payment processing) -> processing (paid) -> shipped -> delivered; pending -> cancelled
 * when the delayed payment fails; processing -> cancelled with a full refund.
 */
const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
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
 * method); Stripe reports it paid (processing) or failed (cancelled). Cancelling a processing
 * order refunds it.
 */
export function canManagerMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return canTransitionOrder(from, to) && from !== 'pending';
}

export function managerOrderMoves(from: OrderStatus): readonly OrderStatus[] {
  return nextOrderStatuses(from).filter((to) => canManagerMoveOrder(from, to));
}

/** Orders that have been paid for count towards revenue. */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = ['processing', 'shipped', 'delivered'];

export function isPaidStatus(status: OrderStatus): boolean {
  return PAID_ORDER_STATUSES.includes(status);
}

export interface OrderLine {
  product_id: string;
  name: string;
  description: string;
  image_url: string;
  unit_amount: Cents;
  quantity: number;
  line_total: Cents;
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

export function orderTotal(lines: readonly Pick<OrderLine, 'line_total'>[]): Cents {
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

/** '#' plus the first 8 characters of the id (docs/product.md §19). */
export function shortOrderId(id: string): string {
  return `#${id.slice(0, SHORT_ORDER_ID_LENGTH)}`;
}
