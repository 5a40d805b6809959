import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@portal/domain';
import { ConcurrentChangeError, NotFoundError } from '../lib/errors';
import { readOrderState, type OrderState } from './order-record';

/** What a refund by lines hears while another one of the same order is on its way to Stripe. */
export const REFUND_IN_PROGRESS =
  'Another refund of this order is being made. Reload and try again in a moment.';

/** How long a claim holds when its refund never comes back to end it (a crashed call). */
const CLAIM_MS = 2 * 60_000;

/**
 * Claims an order's units for one refund by lines (refund_claim), after `check` has priced the
 * request again against the order as it is now, in the same transaction. Stripe caps a refund's
 * money, not its units: without the claim, two managers refunding the last units at once would
 * both be priced against the same order and both refunded. Another request's live claim refuses
 * this one (ConcurrentChangeError); the same request (a retry) may claim again.
 */
export async function claimRefund(
  db: Firestore,
  orderId: string,
  requestId: string,
  check: (order: OrderState) => void,
): Promise<void> {
  const ref = db.collection(COLLECTIONS.orders).doc(orderId);
  await db.runTransaction(async (tx) => {
    const order = readOrderState(await tx.get(ref));
    if (!order) throw new NotFoundError('Order not found.');
    const claim = order.refund_claim;
    if (claim && claim.request_id !== requestId && claim.until.toMillis() > Date.now()) {
      throw new ConcurrentChangeError(REFUND_IN_PROGRESS);
    }
    check(order);
    tx.update(ref, {
      refund_claim: {
        request_id: requestId,
        until: Timestamp.fromMillis(Date.now() + CLAIM_MS),
      },
    });
  });
}

/** Ends a claim that did not become a refund (Stripe refused it, or the call failed). */
export async function releaseRefundClaim(
  db: Firestore,
  orderId: string,
  requestId: string,
): Promise<void> {
  const ref = db.collection(COLLECTIONS.orders).doc(orderId);
  await db.runTransaction(async (tx) => {
    const order = readOrderState(await tx.get(ref));
    if (order?.refund_claim?.request_id === requestId) {
      tx.update(ref, { refund_claim: FieldValue.delete() });
    }
  });
}

/** The write that ends the claim of the refund being recorded (nothing for another request's). */
export function endedClaim(
  order: Pick<OrderState, 'refund_claim'>,
  requestId: string | undefined,
): { refund_claim?: FieldValue } {
  return requestId && order.refund_claim?.request_id === requestId
    ? { refund_claim: FieldValue.delete() }
    : {};
}
