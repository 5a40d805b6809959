import {
  COLLECTIONS,
  refundableCents,
  type OrderStatus,
  type ShipmentInput,
  type UpdateOrderStatusResponse,
} from '@portal/domain';
import type { Context } from '../lib/context';
import { NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { readOrderState } from './order-record';
import {
  IllegalTransitionError,
  moveOrder,
  OpenDisputeError,
  ShipmentMoveError,
} from './order-transitions';
import { cancellationRequestId, refundOrder } from './refunds';
import { recordShipment } from './shipments';

/**
 * updateOrderStatus: a manager moves an order along the state machine; the move is recorded.
 * Shipping records a shipment of every unit still to ship (shipments.ts), with the carrier and
 * tracking number; cancelling a processing (paid) order refunds
 * it in full first, and with `restock` puts its units back on hand. A processing order with
 * nothing to refund (a claim's $0 replacement, or an order whose money went back already) is
 * cancelled without a refund. The order lifecycle: docs/order-lifecycle.md.
 */
export async function updateOrderStatus(
  managerUid: string,
  request: {
    orderId: string;
    status: OrderStatus;
    shipment?: Required<ShipmentInput> | undefined;
    /** Cancelling: put the order's units back on hand. */
    restock?: boolean | undefined;
  },
  ctx: Pick<Context, 'db' | 'stripe' | 'auth' | 'env' | 'now'>,
): Promise<UpdateOrderStatusResponse> {
  const { db } = ctx;
  const { orderId, status: to, shipment } = request;
  const restock = request.restock === true;
  const before = readOrderState(await db.collection(COLLECTIONS.orders).doc(orderId).get());
  if (!before) throw new NotFoundError('Order not found.');
  if (to === 'cancelled' && before.status === 'processing' && refundableCents(before) > 0) {
    const refunded = await refundOrder(
      managerUid,
      {
        orderId,
        requestId: cancellationRequestId(before),
        internalNote: '',
        customerNote: 'Order cancelled',
        cancel: true,
        restock,
      },
      ctx,
    );
    return { orderId, status: refunded.status };
  }
  if (to === 'shipped' && shipment) {
    // Marking an order shipped is a shipment of every unit still to ship: recorded like any
    // other (shipments.ts), so the order lists it and the buyer's mail says what it carried.
    const shipped = await recordShipment(
      managerUid,
      {
        orderId,
        requestId: '',
        lines: 'rest',
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
      },
      ctx,
    );
    log.info(shipped.outcome === 'unchanged' ? 'order_status_unchanged' : 'order_status_updated', {
      orderId,
      from: before.status,
      to: shipped.status,
      by: managerUid,
      shipment: shipped.number,
    });
    return { orderId, status: shipped.status };
  }
  try {
    const moved = await moveOrder(ctx, orderId, to, managerUid, {
      expect: before.status,
      restock,
    });
    if (!moved) throw new NotFoundError('Order not found.');
    log.info(moved.unchanged ? 'order_status_unchanged' : 'order_status_updated', {
      orderId,
      from: moved.from,
      to: moved.to,
      by: managerUid,
    });
    return { orderId, status: moved.to };
  } catch (error) {
    if (error instanceof OpenDisputeError || error instanceof ShipmentMoveError) {
      throw new PreconditionError(error.message);
    }
    if (error instanceof IllegalTransitionError) {
      const message =
        error.from !== before.status
          ? `The order changed to ${error.from} meanwhile. Reload and try again.`
          : error.from === 'pending'
            ? 'This order is waiting for its payment to clear; Stripe moves it when it does.'
            : `An order that is ${error.from} cannot be marked ${error.to}.`;
      throw new PreconditionError(message, { from: error.from, to: error.to });
    }
    throw error;
  }
}
