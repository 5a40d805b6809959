import { manageStandingOrderRequest, type ManageStandingOrderResponse } from '@portal/domain';
import { requireCurrentlyApproved } from '../accounts/current-approval';
import {
  callerIp,
  parseData,
  requireApprovedBuyerOrManager,
  requireCurrentManager,
} from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { manageStandingOrder } from '../standing-orders/manage';
import { callable } from './edge';

/**
 * Callable manageStandingOrder({ standingOrderId, action, quantities? }): approved buyers manage
 * their own standing orders (skip / unskip the next delivery, set_quantities, cancel); managers
 * any (also pause / resume). A buyer must still be approved now (profile and account, not only
 * the token), and order for the standing order's location. Rate limited per caller and per IP.
 */
export const manageStandingOrderHandler = callable(
  async (request, ctx): Promise<ManageStandingOrderResponse> => {
    const caller = requireApprovedBuyerOrManager(request);
    await requireCurrentManager(caller, ctx);
    const data = parseData(manageStandingOrderRequest, request.data);
    await limitCallable(ctx.db, 'manageStandingOrder', { uid: caller.uid, ip: callerIp(request) });
    // A buyer's place in their company, as the profile records it now: one rejected, disabled or
    // removed since the token was minted (it keeps its claims for up to an hour) is refused.
    const member =
      caller.access.kind === 'buyer' ? await requireCurrentlyApproved(ctx, caller.uid) : null;
    return manageStandingOrder(caller, member, data, ctx);
  },
);
