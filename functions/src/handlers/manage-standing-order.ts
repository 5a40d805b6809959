import { manageStandingOrderRequest, type ManageStandingOrderResponse } from '@portal/domain';
import { callerIp, parseData, requireApprovedBuyerOrManager } from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { manageStandingOrder } from '../standing-orders/manage';
import { callable } from './edge';

/**
 * Callable manageStandingOrder({ standingOrderId, action, quantities? }): approved buyers manage
 * their own standing orders (skip / unskip the next delivery, set_quantities, cancel); managers
 * any (also pause / resume). Rate limited per caller and per IP.
 */
export const manageStandingOrderHandler = callable(
  async (request, ctx): Promise<ManageStandingOrderResponse> => {
    const caller = requireApprovedBuyerOrManager(request);
    const data = parseData(manageStandingOrderRequest, request.data);
    await limitCallable(ctx.db, 'manageStandingOrder', { uid: caller.uid, ip: callerIp(request) });
    return manageStandingOrder(caller, data, ctx);
  },
);
