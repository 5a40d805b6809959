/**
 * Payment disputes (chargebacks): a buyer's bank disputes an order's card payment at Stripe.
 * Stripe reports each change (charge.dispute.*); the order records the latest, and a disputed
 * order is not shipped or marked delivered while the dispute is open (docs/order-lifecycle.md).
 */
import type { OrderStatus } from './orders';

/**
 * The statuses of a Stripe dispute that end it: decided for one side (`won`, `lost`), resolved
 * before it became one (`prevented`), or an inquiry closed without one (`warning_closed`). Every
 * other status (needs_response, under_review, warning_*, appeal_*, and any status Stripe adds
 * later) is open: an order waits rather than ships while the money may still be taken back.
 */
export const CLOSED_DISPUTE_STATUSES = ['won', 'lost', 'prevented', 'warning_closed'] as const;

export function isOpenDisputeStatus(status: string): boolean {
  return !(CLOSED_DISPUTE_STATUSES as readonly string[]).includes(status);
}

/** Stripe's words for a status, as the manager reads them ("needs_response": "needs response"). */
export function disputeStatusLabel(status: string): string {
  return status.replace(/_/g, ' ');
}

/** Why a manager cannot make this move while the order's dispute is open, or null. */
export function disputeMoveProblem(
  dispute: { status: string } | null | undefined,
  to: OrderStatus,
): string | null {
  if (!dispute || !isOpenDisputeStatus(dispute.status)) return null;
  // A shipment of part of the order is shipping all the same.
  if (to === 'shipped' || to === 'partially_shipped') {
    return 'This order has an open payment dispute. Resolve it in Stripe before shipping.';
  }
  if (to === 'delivered') {
    return 'This order has an open payment dispute. Resolve it in Stripe before marking it delivered.';
  }
  return null;
}
