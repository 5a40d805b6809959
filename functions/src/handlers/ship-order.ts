import { shipOrderRequest, type ShipOrderResponse } from '@portal/domain';
import { callerIp, parseData, requireManager } from '../lib/caller';
import { limitCallable } from '../lib/rate-limit';
import { shipOrder } from '../orders/shipments';
import { callable } from './edge';

/**
 * Callable shipOrder({ orderId, requestId, lines, shipment }) (managers): one shipment of an
 * order, the lines and units it carries (never more than remain), its carrier and tracking;
 * the order reads partially shipped until nothing remains, and the buyer gets one mail per
 * shipment. `requestId` makes a retry answer the shipment it made. Rate limited per manager and
 * per IP (each shipment mails the buyer).
 */
export const shipOrderHandler = callable(async (request, ctx): Promise<ShipOrderResponse> => {
  const caller = await requireManager(request, ctx);
  const { orderId, requestId, lines, shipment } = parseData(shipOrderRequest, request.data);
  await limitCallable(ctx.db, 'shipOrder', { uid: caller.uid, ip: callerIp(request) });
  const shipped = await shipOrder(
    caller.uid,
    {
      orderId,
      requestId,
      lines: lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })),
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
    },
    ctx,
  );
  return {
    orderId,
    status: shipped.status,
    shipmentId: shipped.shipmentId,
    number: shipped.number,
  };
});
