import { verifyPaymentRequest, type VerifyPaymentResponse } from '@portal/domain';
import {
  callerIp,
  parseData,
  requireApprovedBuyerOrManager,
  requireCurrentManager,
} from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { verifyPayment } from '../checkout/verify-payment';
import { callable } from './edge';

/**
 * Callable verifyPayment({ sessionId }) (the order's owner, an approved buyer, or a manager):
 * checks whose checkout the session is, then reads the Checkout Session from Stripe and records
 * the payment if the webhook has not yet. Returns amount (cents), the order's status and its id.
 * Rate limited per caller and per IP before the checkout is read or Stripe is asked.
 */
export const verifyPaymentHandler = callable(
  async (request, ctx): Promise<VerifyPaymentResponse> => {
    const caller = requireApprovedBuyerOrManager(request);
    await requireCurrentManager(caller, ctx);
    const { sessionId } = parseData(verifyPaymentRequest, request.data);
    await limitCallable(ctx.db, 'verifyPayment', { uid: caller.uid, ip: callerIp(request) });
    return verifyPayment(caller, sessionId, ctx);
  },
);
