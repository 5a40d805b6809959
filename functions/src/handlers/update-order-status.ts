import { updateOrderStatusRequest, type UpdateOrderStatusResponse } from '@portal/domain';
import { parseData, requireManager } from '../lib/caller';
import { updateOrderStatus } from '../payments/update-status';
import { callable } from './edge';

/**
 * Callable updateOrderStatus({ orderId, status }) (managers): one step along the order state
 * machine (pending -> processing -> shipped -> delivered; pending or processing -> cancelled),
 * appended to the order's status_history with the manager's uid.
 */
export const updateOrderStatusHandler = callable(
  async (request, ctx): Promise<UpdateOrderStatusResponse> => {
    const caller = requireManager(request);
    const { orderId, status } = parseData(updateOrderStatusRequest, request.data);
    return updateOrderStatus(caller.uid, orderId, status, ctx);
  },
);
