import * as z from 'zod/mini';
import type { Order } from './order-schema';
import { isPaidStatus, type OrderStatus } from './orders';

/**
 * verifyPayment's request and answer (contracts.ts re-exports them): apart from the other
 * contracts, so the payment result page loads this schema and not every callable's.
 */

export const verifyPaymentRequest = z.strictObject({
  sessionId: z
    .string()
    .check(
      z.trim(),
      z.minLength(1),
      z.maxLength(255),
      z.regex(/^cs_[A-Za-z0-9_]+$/, 'Not a checkout session id'),
    ),
});
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequest>;
/**
 * verifyPayment's refusal of a session that another account paid for (permission-denied): the
 * success page tells the buyer so instead of "Payment Successful!" (docs/payments.md).
 */
export const PAYMENT_OF_ANOTHER_ACCOUNT = 'This payment belongs to another account.';
export interface VerifyPaymentResponse {
  /** cents */
  amount: number;
  status: OrderStatus;
  orderId: string;
  /** Cents of store credit the order spent (already off `amount`); absent or 0: none. */
  storeCreditApplied?: number;
  /**
   * The checkout started a standing order: its cadence, what each delivery is charged, and the
   * next charge (ISO, null until Stripe has told us), for the page to state with how to cancel.
   */
  standingOrder?: { intervalWeeks: number; cycleAmount: number; nextChargeAt: string | null };
}

/** What the payment result page reads of an order to answer without verifyPayment. */
export type RecordedOrder = Pick<
  Order,
  | 'id'
  | 'user_id'
  | 'stripe_session_id'
  | 'status'
  | 'amount'
  | 'store_credit_applied'
  | 'payment_type'
>;

/**
 * verifyPayment's answer, from the order the webhook recorded, when that is all verifyPayment
 * would do: the order of this session, placed by `uid`, paid (its status settled, so there is
 * nothing left to record), and a one-time purchase (a standing order's terms are verifyPayment's
 * to read). null otherwise: the page asks verifyPayment (it records a payment the webhook has
 * not, and refuses what is not the caller's).
 */
export function paymentOfRecordedOrder(
  order: RecordedOrder,
  sessionId: string,
  uid: string,
): VerifyPaymentResponse | null {
  if (order.stripe_session_id !== sessionId || order.user_id !== uid) return null;
  if (order.payment_type !== 'one_time') return null;
  // Refunded: possibly an order refunded in full before that status existed, which reads as
  // refunded here and as processing to verifyPayment (effectiveOrderStatus); it answers.
  if (!isPaidStatus(order.status) || order.status === 'refunded') return null;
  return {
    amount: order.amount,
    status: order.status,
    orderId: order.id,
    ...(order.store_credit_applied > 0 ? { storeCreditApplied: order.store_credit_applied } : {}),
  };
}
