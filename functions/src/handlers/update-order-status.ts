import { updateOrderStatusRequest, type UpdateOrderStatusResponse } from '@portal/domain';
import { parseData, requireManager } from '../lib/caller';
import { updateOrderStatus } from '../payments/update-status';
import { callable } from './edge';

/**
 * Callable updateOrderStatus({ orderId, status, shipment? }) (managers): one step along the order
 * state machine (processing -> shipped with carrier and tracking -> delivered; processing ->
 * cancelled with a full refund), appended to the order's status_history with the manager's uid.
 */
export const updateOrderStatusHandler = callable(
  async (request, ctx): Promise<UpdateOrderStatusResponse> => {
    const caller = requireManager(request);
    return updateOrderStatus(caller.uid, parseData(updateOrderStatusRequest, request.data), ctx);
  },
);
