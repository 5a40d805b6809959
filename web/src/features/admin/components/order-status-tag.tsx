import type { OrderStatus } from '@portal/domain';
import { Tag } from 'antd';

/**
 * SPEC section 4: the admin badge treats 'completed' as normal and any other status as a
 * warning. Our order states have no 'completed'; the states a paid order moves through
 * normally are the "completed-like" ones: delivered (done, green) and processing / shipped
 * (paid and on its way, blue). pending (not paid yet) and cancelled need a manager's eye, so
 * they are warnings (orange).
 */
const STATUS_TAG: Readonly<Record<OrderStatus, { color: string; label: string }>> = {
  delivered: { color: 'success', label: 'Delivered' },
  processing: { color: 'blue', label: 'Processing' },
  shipped: { color: 'blue', label: 'Shipped' },
  pending: { color: 'warning', label: 'Pending' },
  cancelled: { color: 'warning', label: 'Cancelled' },
};

export function orderStatusLabel(status: OrderStatus): string {
  return STATUS_TAG[status].label;
}

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { color, label } = STATUS_TAG[status];
  return (
    <Tag color={color} data-status-tone={color === 'warning' ? 'warning' : 'normal'}>
      {label}
    </Tag>
  );
}
