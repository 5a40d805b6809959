import {
  deleteOrderListRequest,
  saveOrderListRequest,
  type DeleteOrderListResponse,
  type SaveOrderListResponse,
} from '@portal/domain';
import { callerIp, parseData, requireApprovedBuyer } from '../lib/caller';
import { ORDER_LIST_PAYLOAD_LIMITS } from '../lib/payload-limits';
import { limitCallable } from '../lib/rate-limit';
import { deleteOrderList, saveOrderList } from '../order-lists/order-lists';
import { callable } from './edge';

/**
 * Saved order lists (docs/data-model.md#order_lists): an approved owner or buyer of a company
 * saves and deletes its lists (viewers, other companies and managers are refused). Each is rate
 * limited per caller and per IP.
 */

/**
 * Callable saveOrderList({ listId, name, lines: [{ productId, quantity }] }): a new list
 * (listId null) or a list's new name and lines; the server fills each line's SKU and name.
 */
export const saveOrderListHandler = callable(
  async (request, ctx): Promise<SaveOrderListResponse> => {
    const caller = requireApprovedBuyer(request);
    const input = parseData(saveOrderListRequest, request.data);
    await limitCallable(ctx.db, 'saveOrderList', { uid: caller.uid, ip: callerIp(request) });
    return saveOrderList(ctx, caller.uid, input);
  },
  ORDER_LIST_PAYLOAD_LIMITS,
);

/** Callable deleteOrderList({ listId }): the list goes for everyone at the company. */
export const deleteOrderListHandler = callable(
  async (request, ctx): Promise<DeleteOrderListResponse> => {
    const caller = requireApprovedBuyer(request);
    const input = parseData(deleteOrderListRequest, request.data);
    await limitCallable(ctx.db, 'deleteOrderList', { uid: caller.uid, ip: callerIp(request) });
    return deleteOrderList(ctx, caller.uid, input);
  },
);
