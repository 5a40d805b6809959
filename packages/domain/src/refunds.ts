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
}

/** A refund's reason is optional text for the books, up to this many characters. */
export const REFUND_REASON_MAX = 200;

export function refundedCents(order: Pick<RefundableOrder, 'refunds'>): Cents {
  return (order.refunds ?? []).reduce((sum, r) => sum + r.amount, 0);
}

export function refundableCents(order: RefundableOrder): Cents {
  return Math.max(0, order.amount - refundedCents(order));
}

/** Why this refund cannot be made, or null when it can. */
export function refundProblem(order: RefundableOrder, amount: Cents): string | null {
  if (!isPaidStatus(order.status)) return 'Only a paid order can be refunded.';
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
