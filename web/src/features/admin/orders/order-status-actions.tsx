import {
  formatUsd,
  isPaidStatus,
  managerOrderMoves,
  refundableCents,
  shortOrderId,
  type OrderStatus,
} from '@portal/domain';
import { useState } from 'react';
import { Button } from '@/components/button';
import { errorMessage, useNotify } from '@/lib/notify';
import { useUpdateOrderStatus } from '@/entities/orders';
import { ConfirmPopover } from '@/components/confirm-popover';
import { isOrderPaid, refundableOf, type ManagedOrder } from './managed-order';
import { orderStatusLabel } from '../common/order-status-tag';
import { RefundOrderModal, ShipOrderModal } from './order-dialogs';

const ACTION_LABEL: Readonly<Record<OrderStatus, string>> = {
  pending: 'Mark Pending',
  awaiting_payment: 'Mark Awaiting payment',
  processing: 'Mark Processing',
  partially_shipped: 'Mark Partially shipped',
  shipped: 'Mark Shipped',
  delivered: 'Mark Delivered',
  cancelled: 'Cancel Order',
  refunded: 'Mark Refunded',
};

/**
 * The moves a manager may make from this status (managerOrderMoves: pending orders are Stripe's
 * to move; an order awaiting payment on terms may only be shipped), a refund of what is left on a
 * paid order (on terms: once its invoice is paid), nothing else; the functions check both
 * again. Shipping records a shipment of the lines and units chosen, with its carrier and tracking
 * number (a partially shipped order ships the rest the same way); a refund is by lines.
 * Cancelling a paid order refunds it in full, and asks first (and whether to put the items back
 * in stock: off unless ticked).
 */
export function OrderStatusActions({ order }: { order: ManagedOrder }) {
  const notify = useNotify();
  const update = useUpdateOrderStatus();
  const [dialog, setDialog] = useState<'ship' | 'refund' | null>(null);
  const [restock, setRestock] = useState(false);
  const { status } = order;
  // A shipment moves the order to partially shipped or shipped, as its lines leave it: the one
  // "Mark Shipped" opens the ship dialog for both.
  const next = managerOrderMoves(status).filter((to) => to !== 'partially_shipped');
  const busy = update.isPending;
  const label = shortOrderId(order.id);
  const left = refundableCents(refundableOf(order));
  const canRefund = isOrderPaid(order, isPaidStatus(status)) && left > 0;

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
    <>
      <div className="admin-actions">
        {next.map((to) => {
          if (to === 'cancelled') {
            return (
              <ConfirmPopover
                key={to}
                title={`Cancel order ${label}?`}
                description={
                  <>
                    <div>
                      {left > 0
                        ? `Cancel and refund ${formatUsd(left)} to the buyer?`
                        : "The buyer's order will be marked cancelled."}
                    </div>
                    <label className="confirm-popover__check">
                      <input
                        type="checkbox"
                        checked={restock}
                        onChange={(event) => setRestock(event.target.checked)}
                      />
                      Put the items back in stock
                    </label>
                  </>
                }
                okText="Yes, cancel"
                cancelText="Keep order"
                // Opening the confirmation starts with the box unticked.
                onOpenChange={(open) => {
                  if (open) setRestock(false);
                }}
                onConfirm={() => move(to)}
              >
                {(trigger) => (
                  <Button {...trigger} size="small" danger disabled={busy}>
                    {ACTION_LABEL[to]}
                  </Button>
                )}
              </ConfirmPopover>
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
      </div>
      {/* Outside the row of buttons: the themed dialog's wrapper takes no place in it. */}
      {dialog === 'ship' && <ShipOrderModal order={order} onClose={() => setDialog(null)} />}
      {dialog === 'refund' && <RefundOrderModal order={order} onClose={() => setDialog(null)} />}
    </>
  );
}
