import { cancelBackorderedLineRequest, type RefundOrderResponse } from '@portal/domain';
import { requireCurrentlyApproved } from '../accounts/current-approval';
import { callerIp, parseData, requireApprovedBuyer } from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { cancelBackorderedLine } from '../orders/backorder-cancel';
import { callable } from './edge';

/**
 * Callable cancelBackorderedLine({ orderId, productId, requestId }) (an owner or buyer of the
 * order's company, approved now and not only in the token; viewers and managers are refused):
 * cancels the unshipped units of a backordered line for a refund of them, restocked
 * (orders/backorder-cancel.ts). Rate limited per buyer and per IP.
 */
export const cancelBackorderedLineHandler = callable(
  async (request, ctx): Promise<RefundOrderResponse> => {
    const caller = requireApprovedBuyer(request);
    const data = parseData(cancelBackorderedLineRequest, request.data);
    await limitCallable(ctx.db, 'cancelBackorderedLine', {
      uid: caller.uid,
      ip: callerIp(request),
    });
    // Who may cancel is decided from the profile's membership, never from the token's claims:
    // a buyer rejected, disabled or removed since the token was minted gets no refund.
    const member = await requireCurrentlyApproved(ctx, caller.uid);
    return cancelBackorderedLine(caller.uid, member, data, ctx);
  },
);
