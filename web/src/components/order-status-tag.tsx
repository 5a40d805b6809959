import { ORDER_STATUS_LABELS, type OrderStatus } from '@portal/domain';
import { Tag, type TagColor } from './tag';

/** Status colours of the buyer's views (docs/product.md#154-order-status): account orders and the payment result. */
const STATUS_COLORS: Readonly<Record<OrderStatus, TagColor>> = {
  pending: 'gold',
  awaiting_payment: 'gold',
  processing: 'blue',
  partially_shipped: 'purple',
  shipped: 'purple',
  delivered: 'green',
  cancelled: 'red',
  refunded: 'red',
};

export function OrderStatusTag({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <Tag color={STATUS_COLORS[status]} className={className}>
      {ORDER_STATUS_LABELS[status]}
    </Tag>
  );
}
