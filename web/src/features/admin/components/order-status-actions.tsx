import { managerOrderMoves, shortOrderId, type OrderStatus } from '@portal/domain';
import { Button, Popconfirm, Space } from 'antd';
import { errorMessage, useNotify } from '@/lib/notify';
import { useUpdateOrderStatus } from '@/entities/orders';
import { orderStatusLabel } from './order-status-tag';

const ACTION_LABEL: Readonly<Record<OrderStatus, string>> = {
  pending: 'Mark Pending',
  processing: 'Mark Processing',
  shipped: 'Mark Shipped',
  delivered: 'Mark Delivered',
  cancelled: 'Cancel Order',
};

/**
 * The moves a manager may make from this status (managerOrderMoves: the state machine without
 * pending -> processing, which only a payment makes), nothing else;
 * the updateOrderStatus function checks the transition again. Cancelling asks first.
 */
export function OrderStatusActions({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const notify = useNotify();
  const update = useUpdateOrderStatus();
  const next = managerOrderMoves(status);
  const busy = update.isPending;

  const move = async (to: OrderStatus) => {
    try {
      await update.mutateAsync({ orderId, status: to });
      notify.success('Success', `Order ${shortOrderId(orderId)} is now ${orderStatusLabel(to)}`);
    } catch (error) {
      notify.error('Error', `Failed to update order: ${errorMessage(error)}`);
    }
  };

  if (next.length === 0) return <span className="admin-muted">No further steps</span>;

  return (
    <Space wrap size={8}>
      {next.map((to) =>
        to === 'cancelled' ? (
          <Popconfirm
            key={to}
            title={`Cancel order ${shortOrderId(orderId)}?`}
            description="The buyer's order will be marked cancelled."
            okText="Yes, cancel"
            cancelText="Keep order"
            onConfirm={() => move(to)}
          >
            <Button size="small" danger disabled={busy}>
              {ACTION_LABEL[to]}
            </Button>
          </Popconfirm>
        ) : (
          <Button
            key={to}
            size="small"
            type="primary"
            ghost
            disabled={busy}
            onClick={() => move(to)}
          >
            {ACTION_LABEL[to]}
          </Button>
        ),
      )}
    </Space>
  );
}
