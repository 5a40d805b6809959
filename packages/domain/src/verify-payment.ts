import * as z from 'zod/mini';
import type { OrderStatus } from './orders';

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
