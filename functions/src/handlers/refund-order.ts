import { refundOrderRequest, type RefundOrderResponse } from '@portal/domain';
import { callerIp, parseData, requireManager } from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { refundOrder } from '../orders/refunds';
import { callable } from './edge';

/**
 * Callable refundOrder({ orderId, requestId, amount?, lines?, shipping?, goodwill?, notes,
 * restock? }) (managers): a refund of a paid order at Stripe, recorded on the order once. By
 * lines (docs/order-lifecycle.md#refunds-by-line), the server prices the units chosen per line
 * with their share of the tax, adds shipping and goodwill, and restocks the units chosen per
 * line; by amount, partial with an amount, else everything left, and `restock` (goods returned)
 * puts the order's units back in stock, once, with a refund of everything left. Rate limited per
 * manager and per IP.
 */
export const refundOrderHandler = callable(async (request, ctx): Promise<RefundOrderResponse> => {
  const caller = await requireManager(request, ctx);
  const refund = parseData(refundOrderRequest, request.data);
  await limitCallable(ctx.db, 'refundOrder', { uid: caller.uid, ip: callerIp(request) });
  return refundOrder(caller.uid, refund, ctx);
});
