import type { CallableRequest } from 'firebase-functions/v2/https';
import { updateOrderStatusRequest, type UpdateOrderStatusResponse } from '@portal/domain';
import { firestore } from '../lib/admin';
import { parseData, requireManager } from '../lib/caller';
import { updateOrderStatus } from '../payments/update-status';

/**
 * Callable updateOrderStatus({ orderId, status }) (managers): one step along the order state
 * machine (pending -> processing -> shipped -> delivered; pending or processing -> cancelled),
 * appended to the order's status_history with the manager's uid.
 */
export async function updateOrderStatusHandler(
  request: Pick<CallableRequest, 'auth' | 'data'>,
): Promise<UpdateOrderStatusResponse> {
  const caller = requireManager(request);
  const { orderId, status } = parseData(updateOrderStatusRequest, request.data);
  return updateOrderStatus(caller.uid, orderId, status, { db: firestore() });
}
