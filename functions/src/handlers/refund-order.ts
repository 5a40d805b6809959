import { refundOrderRequest, type RefundOrderResponse } from '@portal/domain';
import { parseData, requireManager } from '../lib/caller';
import { refundOrder } from '../payments/refunds';
import { callable } from './edge';

/**
 * Callable refundOrder({ orderId, amount?, reason? }) (managers): a refund of a paid order at
 * Stripe (partial with an amount, else everything left), recorded on the order once.
 */
export const refundOrderHandler = callable(async (request, ctx): Promise<RefundOrderResponse> => {
  const caller = requireManager(request);
  return refundOrder(caller.uid, parseData(refundOrderRequest, request.data), ctx);
});
