import {
  formatUsd,
  isPaidStatus,
  managerOrderMoves,
  refundableCents,
  shortOrderId,
  type OrderStatus,
} from '@portal/domain';
import { Button, Checkbox, Popconfirm, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useConfirmFocus } from '@/lib/focus-return';
import { errorMessage, useNotify } from '@/lib/notify';
import { useUpdateOrderStatus } from '@/entities/orders';
import { refundableOf, type ManagedOrder } from './managed-order';
import { orderStatusLabel } from './order-status-tag';

// The two dialogs (forms, validation) are fetched when a manager first opens one.
const ShipOrderModal = lazy(() =>
  import('./ship-order-modal').then((m) => ({ default: m.ShipOrderModal })),
);
const RefundOrderModal = lazy(() =>
  import('./refund-order-modal').then((m) => ({ default: m.RefundOrderModal })),
);

const ACTION_LABEL: Readonly<Record<OrderStatus, string>> = {
  pending: 'Mark Pending',
  processing: 'Mark Processing',
  shipped: 'Mark Shipped',
  delivered: 'Mark Delivered',
  cancelled: 'Cancel Order',
};

/**
 * The moves a manager may make from this status (managerOrderMoves: pending orders are Stripe's
 * to move), a refund of what is left on a paid order, nothing else; the functions check both
 * again. Shipping asks for the carrier and tracking number; cancelling a paid order refunds it
 * in full, and asks first (and whether to put the items back in stock: off unless ticked).
 */
export function OrderStatusActions({ order }: { order: ManagedOrder }) {
  const notify = useNotify();
  const update = useUpdateOrderStatus();
  const [dialog, setDialog] = useState<'ship' | 'refund' | null>(null);
  const [restock, setRestock] = useState(false);
  // Opening the confirmation starts with the box unticked.
  const confirmFocus = useConfirmFocus((open) => {
    if (open) setRestock(false);
  });
  const { status } = order;
  const next = managerOrderMoves(status);
  const busy = update.isPending;
  const label = shortOrderId(order.id);
  const left = refundableCents(refundableOf(order));
  const canRefund = isPaidStatus(status) && left > 0;

  const move = async (to: OrderStatus) => {
    // Only a cancellation can put the items back in stock, and only when the manager asks.
    const restocking = to === 'cancelled' && restock;
    try {
      await update.mutateAsync({
        orderId: order.id,
        status: to,
        ...(restocking ? { restock: true } : {}),
      });
      notify.success('Success', `Order ${label} is now ${orderStatusLabel(to)}`);
    } catch (error) {
      notify.error('Error', `Failed to update order: ${errorMessage(error)}`);
    }
  };

  if (next.length === 0 && !canRefund) {
    return (
      <span className="admin-muted">
        {status === 'pending' ? 'Waiting for payment' : 'No further steps'}
      </span>
    );
  }

  return (
    <Space wrap size={8}>
      {next.map((to) => {
        if (to === 'cancelled') {
          return (
            <Popconfirm
              key={to}
              title={`Cancel order ${label}?`}
              description={
                <>
                  <div>
                    {left > 0
                      ? `Cancel and refund ${formatUsd(left)} to the buyer?`
                      : "The buyer's order will be marked cancelled."}
                  </div>
                  <Checkbox
                    checked={restock}
                    onChange={(event) => setRestock(event.target.checked)}
                    style={{ marginTop: 8 }}
                  >
                    Put the items back in stock
                  </Checkbox>
                </>
              }
              okText="Yes, cancel"
              cancelText="Keep order"
              {...confirmFocus}
              onConfirm={() => move(to)}
            >
              <Button size="small" danger disabled={busy}>
                {ACTION_LABEL[to]}
              </Button>
            </Popconfirm>
          );
        }
        return (
          <Button
            key={to}
            size="small"
            type="primary"
            ghost
            disabled={busy}
            onClick={() => (to === 'shipped' ? setDialog('ship') : void move(to))}
          >
            {ACTION_LABEL[to]}
          </Button>
        );
      })}
      {canRefund && (
        <Button size="small" onClick={() => setDialog('refund')} aria-label={`Refund ${label}`}>
          Refund
        </Button>
      )}
      <Suspense fallback={null}>
        {dialog === 'ship' && <ShipOrderModal order={order} onClose={() => setDialog(null)} />}
        {dialog === 'refund' && <RefundOrderModal order={order} onClose={() => setDialog(null)} />}
      </Suspense>
    </Space>
  );
}
