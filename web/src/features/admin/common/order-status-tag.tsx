import { ORDER_STATUS_LABELS, type OrderStatus } from '@portal/domain';
import { Tag, type TagColor } from '@/components/tag';

/**
 * The admin badge (docs/product.md#123-orders-tab, docs/product.md#154-order-status): the states a paid order moves through
 * normally are delivered (done, green) and processing / shipped (paid and on its way, blue). pending (not paid yet) and cancelled need a manager's eye, so
 * they are warnings (orange).
 */
const STATUS_TONE: Readonly<Record<OrderStatus, TagColor>> = {
  delivered: 'success',
  processing: 'blue',
  // Some of it went out; the rest (a backorder, say) is still to ship.
  partially_shipped: 'blue',
  shipped: 'blue',
  pending: 'warning',
  // On terms: shippable, its invoice not paid yet (the Receivables tab follows it up).
  awaiting_payment: 'blue',
  cancelled: 'warning',
  refunded: 'warning',
};

export function orderStatusLabel(status: OrderStatus): string {
  return ORDER_STATUS_LABELS[status];
}

export function AdminOrderStatusTag({ status }: { status: OrderStatus }) {
  const color = STATUS_TONE[status];
  return (
    <Tag color={color} data-status-tone={color === 'warning' ? 'warning' : 'normal'}>
      {ORDER_STATUS_LABELS[status]}
    </Tag>
  );
}
