import { refundOrderRequest, type RefundOrderResponse } from '@portal/domain';
import { callerIp, parseData, requireManager } from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { refundOrder } from '../orders/refunds';
import { callable } from './edge';

/**
 * Callable refundOrder({ orderId, amount?, reason?, restock? }) (managers): a refund of a paid
 * order at Stripe (partial with an amount, else everything left), recorded on the order once.
 * `restock` (goods returned) puts the order's units back in stock, once, with a refund of
 * everything left; a partial refund that asks for it is refused. Rate limited per manager and
 * per IP.
 */
export const refundOrderHandler = callable(async (request, ctx): Promise<RefundOrderResponse> => {
  const caller = requireManager(request);
  const refund = parseData(refundOrderRequest, request.data);
  await limitCallable(ctx.db, 'refundOrder', { uid: caller.uid, ip: callerIp(request) });
  return refundOrder(caller.uid, refund, ctx);
});
