import { useMutation } from '@tanstack/react-query';
import { refundOrder, updateOrderStatus } from './api';
import { useRefreshOrders } from './book';

/*
 * A manager's changes to an order (a new status, a refund; a shipment is in shipments.ts), each
 * followed by the refresh of what it changed (book.ts). A module of its own: the buyers' pages,
 * which load queries.ts, carry none of it.
 */

export function useUpdateOrderStatus() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: (result, request) =>
      refresh(request.orderId, (order) => order.status === result.status),
  });
}

export function useRefundOrder() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (result, request) =>
      refresh(request.orderId, (order) =>
        order.refunds.some((refund) => refund.refund_id === result.refundId),
      ),
  });
}
