import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  backorderMark,
  COLLECTIONS,
  disputeMoveProblem,
  hasOpenBackorder,
  isFullyRefunded,
  lineProgress,
  orderShipments,
  REFUNDED_NOT_SHIPPABLE,
  remainingLines,
  shipmentProblem,
  statusAfterShipment,
  type Carrier,
  type LineUnits,
  type OrderStatus,
} from '@portal/domain';
import { applyOrderRollup } from '../insights/sales-rollups';
import type { Context } from '../lib/context';
import { NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { orderShippedMail } from '../mail/notifications';
import { stageMails } from '../mail/outbox';
import type { StillToShip } from '../mail/templates/messages';
import { companyNow } from '../stripe/company-clock';
import { readOrderState, type OrderState, type ShipmentEntryDoc } from './order-record';
import { historyWith } from './order-transitions';
import { restockDatesOf } from './stock';

/**
 * Shipping an order in parts (docs/order-lifecycle.md#shipments): each shipment carries some
 * units of some lines, never more than remain of a line, with its own carrier and tracking, and
 * mails the buyer once. The one writer of an order's shipments: shipOrder, and updateOrderStatus
 * 'shipped' (a shipment of every unit still to ship).
 */

export interface ShipmentRequest {
  orderId: string;
  /**
   * The shipOrder request that asks for this shipment: a retry with the same id answers the
   * shipment it made. '' for updateOrderStatus, whose retry is recognised by its tracking.
   */
  requestId: string;
  /** The units to ship, or 'rest': every unit still to ship (updateOrderStatus 'shipped'). */
  lines: readonly LineUnits[] | 'rest';
  carrier: Carrier;
  trackingNumber: string;
}

export interface ShipmentOutcome {
  orderId: string;
  status: OrderStatus;
  shipmentId: string;
  number: number;
  /** `unchanged`: an order shipped already with this tracking, asked to ship again. */
  outcome: 'recorded' | 'already-recorded' | 'unchanged';
}

type ShipmentContext = Pick<Context, 'db' | 'auth' | 'env' | 'stripe' | 'now'>;

function answerOf(
  order: OrderState,
  shipment: Pick<ShipmentEntryDoc, 'id' | 'number'>,
  outcome: ShipmentOutcome['outcome'],
): ShipmentOutcome {
  return {
    orderId: order.id,
    status: order.status,
    shipmentId: shipment.id,
    number: shipment.number,
    outcome,
  };
}

/** The shipment this request made already, if any (never for a request without an id). */
function madeBy(order: OrderState, requestId: string): ShipmentEntryDoc | undefined {
  if (!requestId) return undefined;
  return order.shipments.find((shipment) => shipment.request_id === requestId);
}

/**
 * The restock day of each backordered product of the order (null: none set), for the mail's
 * "still to ship". Read before the transaction and outside it: the date only words the mail, and
 * a product's stock changing meanwhile should not make the shipment retry.
 */
async function restockDates(db: Firestore, order: OrderState): Promise<Map<string, string | null>> {
  const ids = order.items.filter((item) => item.backordered > 0).map((item) => item.product_id);
  if (ids.length === 0) return new Map();
  const snaps = await db.getAll(...ids.map((id) => db.collection(COLLECTIONS.products).doc(id)));
  return restockDatesOf(new Map(snaps.map((snap) => [snap.id, snap])));
}

/** What the order still has to ship once `order` (with the new shipment in it) is written. */
function stillToShip(order: OrderState, dates: ReadonlyMap<string, string | null>): StillToShip[] {
  return lineProgress(order)
    .filter((line) => line.remaining > 0)
    .map((line) => ({
      name: line.name,
      quantity: line.remaining,
      mark: backorderMark(
        { quantity: line.remaining, backordered: line.waiting },
        dates.has(line.product_id) ? dates.get(line.product_id) : undefined,
      ),
    }));
}

/**
 * Records one shipment of an order, in one transaction: the shipment entry (its number, lines,
 * carrier, tracking, the company's now, who), the latest `shipment`, the status (partially
 * shipped while units remain, shipped once none do) with its history, the backorder queue flag,
 * the rollups, and the buyer's mail. The transaction re-reads the order, so of two shipments of
 * the last units only one is recorded: the other is refused as shipping more than remains.
 * Refusals (PreconditionError) write nothing.
 */
export async function recordShipment(
  managerUid: string,
  request: ShipmentRequest,
  ctx: ShipmentContext,
): Promise<ShipmentOutcome> {
  const { db } = ctx;
  const orderRef = db.collection(COLLECTIONS.orders).doc(request.orderId);
  const before = readOrderState(await orderRef.get());
  if (!before) throw new NotFoundError('Order not found.');
  // A retry whose shipment is recorded answers it before anything is asked of Stripe's clock.
  const earlier = madeBy(before, request.requestId);
  if (earlier) return answerOf(before, earlier, 'already-recorded');
  // The company's now: its test clock locally (tax/company-today.ts), so a journey can ship
  // "a day later"; the real time in production and for an order without a company.
  const shippedAt = Timestamp.fromMillis(await companyNow(ctx, before.company_id));
  const dates = await restockDates(db, before);

  return db.runTransaction(async (tx): Promise<ShipmentOutcome> => {
    const order = readOrderState(await tx.get(orderRef));
    if (!order) throw new NotFoundError('Order not found.');
    const recorded = madeBy(order, request.requestId);
    if (recorded) return answerOf(order, recorded, 'already-recorded');
    const latest = orderShipments(order).at(-1);
    // updateOrderStatus asked twice (a double click, a retry): an order shipped with this very
    // carrier and tracking is the same move, answered as it is.
    if (
      request.lines === 'rest' &&
      order.status === 'shipped' &&
      latest &&
      latest.carrier === request.carrier &&
      latest.tracking_number === request.trackingNumber
    ) {
      return answerOf(order, latest, 'unchanged');
    }

    const lines: LineUnits[] =
      request.lines === 'rest'
        ? remainingLines(order)
        : request.lines.map((line) => ({ product_id: line.product_id, quantity: line.quantity }));
    // Nothing left to ship of a shipped order: refused in updateOrderStatus' own words.
    if (request.lines === 'rest' && (order.status === 'shipped' || order.status === 'delivered')) {
      throw new PreconditionError(`An order that is ${order.status} cannot be marked shipped.`);
    }
    const problem = shipmentProblem(order, lines);
    if (problem) throw new PreconditionError(problem);
    // An order refunded in full before the refunded status existed (still processing) is not
    // shipped either.
    if (isFullyRefunded(order)) throw new PreconditionError(REFUNDED_NOT_SHIPPABLE);
    const status = statusAfterShipment(order, lines);
    // Checked in the transaction: a dispute recorded a moment before the shipment still stops it.
    const disputed = disputeMoveProblem(order.dispute, status);
    if (disputed) throw new PreconditionError(disputed);

    const number = orderShipments(order).length + 1;
    const entry: ShipmentEntryDoc = {
      id: `shipment-${number}`,
      number,
      lines: lines.filter((line) => line.quantity > 0),
      carrier: request.carrier,
      tracking_number: request.trackingNumber,
      shipped_at: shippedAt,
      by: managerUid,
      request_id: request.requestId,
    };
    const shipment = {
      carrier: entry.carrier,
      tracking_number: entry.tracking_number,
      shipped_at: shippedAt,
    };
    const after: OrderState = {
      ...order,
      status,
      shipments: [...order.shipments, entry],
      shipment,
    };
    const writeMails = await stageMails(
      tx,
      db,
      await orderShippedMail(ctx, order, entry, stillToShip(after, dates)),
    );
    const now = Timestamp.now();
    tx.update(orderRef, {
      shipments: after.shipments,
      // The latest shipment, for the displays that read one.
      shipment,
      backorder_open: hasOpenBackorder(after),
      updated_at: now,
      ...(status !== order.status
        ? { status, status_history: historyWith(order.status_history, status, now, managerUid) }
        : {}),
    });
    applyOrderRollup(tx, db, order, after);
    writeMails();
    return answerOf(after, entry, 'recorded');
  });
}

/** shipOrder: one shipment of the lines a manager chose, logged. */
export async function shipOrder(
  managerUid: string,
  request: Omit<ShipmentRequest, 'lines'> & { lines: readonly LineUnits[] },
  ctx: ShipmentContext,
): Promise<ShipmentOutcome> {
  const shipped = await recordShipment(managerUid, request, ctx);
  log.info('order_shipment', {
    orderId: shipped.orderId,
    status: shipped.status,
    shipment: shipped.number,
    outcome: shipped.outcome,
    by: managerUid,
  });
  return shipped;
}
