import { updateOrderStatusRequest, type UpdateOrderStatusResponse } from '@portal/domain';
import { callerIp, parseData, requireManager } from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { updateOrderStatus } from '../orders/update-status';
import { callable } from './edge';

/**
 * Callable updateOrderStatus({ orderId, status, shipment?, restock? }) (managers): one step along
 * the order state machine (processing -> shipped with carrier and tracking -> delivered;
 * processing -> cancelled with a full refund, and with `restock` its units back in stock),
 * appended to the order's status_history with the manager's uid. 'shipped' records a shipment
 * of every unit still to ship, as shipOrder would (a partially shipped order's rest).
 * Rate limited per manager and per IP (shipping or cancelling mails the buyer; cancelling refunds).
 */
export const updateOrderStatusHandler = callable(
  async (request, ctx): Promise<UpdateOrderStatusResponse> => {
    const caller = await requireManager(request, ctx);
    const change = parseData(updateOrderStatusRequest, request.data);
    await limitCallable(ctx.db, 'updateOrderStatus', { uid: caller.uid, ip: callerIp(request) });
    return updateOrderStatus(caller.uid, change, ctx);
  },
);
