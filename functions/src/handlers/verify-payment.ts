import { verifyPaymentRequest, type VerifyPaymentResponse } from '@portal/domain';
import { parseData, requireAuth } from '../lib/caller';
import { verifyPayment } from '../payments/verify-payment';
import { callable } from './edge';

/**
 * Callable verifyPayment({ sessionId }) (the order's owner or a manager): reads the Checkout
 * Session from Stripe and records the payment if the webhook has not yet. Returns amount (cents),
 * the order's status and its id.
 */
export const verifyPaymentHandler = callable(
  async (request, ctx): Promise<VerifyPaymentResponse> => {
    const caller = requireAuth(request);
    const { sessionId } = parseData(verifyPaymentRequest, request.data);
    return verifyPayment(caller, sessionId, ctx);
  },
);
