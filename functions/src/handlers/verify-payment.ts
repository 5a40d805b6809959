import type { CallableRequest } from 'firebase-functions/v2/https';
import { verifyPaymentRequest, type VerifyPaymentResponse } from '@portal/domain';
import { firestore } from '../lib/admin';
import { parseData, requireAuth } from '../lib/caller';
import { verifyPayment } from '../payments/verify-payment';

/**
 * Callable verifyPayment({ sessionId }) (the order's owner or a manager): reads the Checkout
 * Session from Stripe and records the payment if the webhook has not yet. Returns amount (cents),
 * the order's status and its id.
 */
export async function verifyPaymentHandler(
  request: Pick<CallableRequest, 'auth' | 'data'>,
): Promise<VerifyPaymentResponse> {
  const caller = requireAuth(request);
  const { sessionId } = parseData(verifyPaymentRequest, request.data);
  return verifyPayment(caller, sessionId, { db: firestore() });
}
