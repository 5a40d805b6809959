/**
 * Refunds of paid orders: how much is left to refund, what a refund request may ask, and revenue
 * net of refunds. Amounts are cents (docs/data-model.md).
 */
import { formatUsd, isCents, type Cents } from './money';
import { isPaidStatus, type OrderStatus } from './orders';

export interface RefundableOrder {
  status: OrderStatus;
  amount: Cents;
  /** One entry per Stripe refund (refundEntrySchema in schemas.ts). */
  refunds?: readonly { amount: Cents }[];
  /** An order on payment terms: its invoice's state (only a paid invoice has money to refund). */
  terms?: { state: string } | null;
}

/** What refundOrder says of an order on terms whose invoice is not paid (void it instead). */
export const TERMS_NOT_PAID_REFUND =
  'This order is on terms and its invoice is not paid, so there is nothing to refund. Void the invoice instead.';

/**
 * A refund carries two optional notes: an internal one for the managers and the books (never
 * shown to the buyer: kept apart from the order, in order_notes), and one to the customer
 * (printed on the invoice and in the refund mail). Plain text (plain-text.ts), up to these many
 * characters each. Stripe keeps both in the refund's metadata (500 characters a value at most).
 */
export const REFUND_INTERNAL_NOTE_MAX = 500;
export const REFUND_CUSTOMER_NOTE_MAX = 200;

export function refundedCents(order: Pick<RefundableOrder, 'refunds'>): Cents {
  return (order.refunds ?? []).reduce((sum, r) => sum + r.amount, 0);
}

export function refundableCents(order: RefundableOrder): Cents {
  return Math.max(0, order.amount - refundedCents(order));
}

/** Why this refund cannot be made, or null when it can. */
export function refundProblem(order: RefundableOrder, amount: Cents): string | null {
  if (order.terms && order.terms.state !== 'paid') return TERMS_NOT_PAID_REFUND;
  if (!isPaidStatus(order.status)) return 'Only a paid order can be refunded.';
  if (order.status === 'refunded') return 'This order has already been refunded in full.';
  if (!isCents(amount) || amount === 0) return 'Enter a refund amount above $0.00.';
  const left = refundableCents(order);
  if (left === 0) return 'This order has already been refunded in full.';
  if (amount > left) {
    return `The refund is more than the ${formatUsd(left)} left to refund on this order.`;
  }
  return null;
}

/** What an order brings in: its amount less its refunds, for paid orders and refunded cancels. */
export function netRevenueCents(order: RefundableOrder): Cents {
  const refunded = refundedCents(order);
  if (isPaidStatus(order.status)) return order.amount - refunded;
  // A cancelled order that had been paid was refunded; whatever was not refunded still counts.
  if (order.status === 'cancelled' && refunded > 0) return order.amount - refunded;
  return 0;
}
