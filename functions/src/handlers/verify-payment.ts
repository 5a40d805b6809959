import { verifyPaymentRequest, type VerifyPaymentResponse } from '@portal/domain';
import { parseData, requireApprovedBuyerOrManager } from '../lib/caller';
import { verifyPayment } from '../payments/verify-payment';
import { callable } from './edge';

/**
 * Callable verifyPayment({ sessionId }) (the order's owner, an approved buyer, or a manager):
 * checks whose checkout the session is, then reads the Checkout Session from Stripe and records
 * the payment if the webhook has not yet. Returns amount (cents), the order's status and its id.
 */
export const verifyPaymentHandler = callable(
  async (request, ctx): Promise<VerifyPaymentResponse> => {
    const caller = requireApprovedBuyerOrManager(request);
    const { sessionId } = parseData(verifyPaymentRequest, request.data);
    return verifyPayment(caller, sessionId, ctx);
  },
);
