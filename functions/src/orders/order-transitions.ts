import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  canManagerMoveOrder,
  COLLECTIONS,
  disputeMoveProblem,
  hasOpenBackorder,
  restockedUnits,
  statusAfterRefund,
  type OrderStatus,
  isFullyRefunded,
} from '@portal/domain';
import { applyOrderRollup } from '../insights/sales-rollups';
import { log } from '../lib/log';
import { orderCancelledMail, orderRefundedMail, type MailDeps } from '../mail/notifications';
import { stageMails } from '../mail/outbox';
import {
  readOrderCreditReturn,
  returnOrderCreditSafely,
  type OrderCreditReturn,
} from '../store-credit/order-credit';
import type { Context } from '../lib/context';
import {
  readOrderState,
  type OrderState,
  type RefundDoc,
  type RefundDocInput,
  type RefundNoteDoc,
  type StatusChange,
} from './order-record';
import { endedClaim } from './refund-claim';
import { holdProducts, readStock, restockStock, type StockHold } from './stock';

/** Who moved an order when Stripe reported it (by the webhook or by verifyPayment). */
export const STRIPE_ACTOR = 'stripe';

export function historyWith(
  history: readonly StatusChange[],
  status: OrderStatus,
  at: Timestamp,
  by: string,
): StatusChange[] {
  return [...history, { status, at, by }];
}

/**
 * Writes internal refund notes (keyed by Stripe refund id) into order_notes/{orderId}, merged
 * with the notes already there, in `tx` (after its reads). The one writer of order_notes: the
 * refunds as they are recorded (recordRefund) and the legacy reasons moved off the orders
 * (migrations/refunds-migration.ts). Nothing is written for no notes.
 */
export function writeRefundNotes(
  tx: Transaction,
  db: Firestore,
  orderId: string,
  notes: Readonly<Record<string, RefundNoteDoc>>,
): void {
  if (Object.keys(notes).length === 0) return;
  tx.set(
    db.collection(COLLECTIONS.orderNotes).doc(orderId),
    { order_id: orderId, refunds: notes },
    { merge: true },
  );
}

/**
 * The units a cancelled order puts back on hand: what it took from stock when it was made, less
 * the units its refunds by line put back already (each line refund restocks its own units as it
 * is recorded), and nothing when it was restocked already. An order from before stock was kept
 * took nothing from the counts a manager set since, so it puts nothing back (its lines would be
 * phantom units).
 */
function unitsToRestock(order: Pick<OrderState, 'restocked_at' | 'stock_taken' | 'refunds'>) {
  if (order.restocked_at) return {};
  const byLines = restockedUnits({ lines: order.refunds.flatMap((r) => r.lines) });
  const units: StockHold = {};
  for (const [productId, taken] of Object.entries(order.stock_taken ?? {})) {
    const left = taken - (byLines[productId] ?? 0);
    if (left > 0) units[productId] = left;
  }
  return units;
}

/**
 * Reads what restocking the order needs (its products), in the transaction, before any write;
 * the returned function writes it: stock_on_hand += q for the products that track stock, and
 * restocked_at on the order when the whole order's units went back. Without `restock`, the whole
 * order is not restocked. `lineUnits` are the units a refund by lines puts back as it is
 * recorded (restocked with the rest, never twice: `order` has that refund in its refunds).
 */
export async function prepareRestock(
  tx: Transaction,
  db: Firestore,
  order: Pick<OrderState, 'restocked_at' | 'stock_taken' | 'refunds'>,
  restock: boolean,
  lineUnits: StockHold = {},
) {
  const whole = restock ? unitsToRestock(order) : {};
  const units: StockHold = { ...whole };
  for (const [productId, n] of Object.entries(lineUnits)) {
    units[productId] = (units[productId] ?? 0) + n;
  }
  const stock = await readStock(tx, db, holdProducts(units));
  return (now: Timestamp): { restocked_at?: Timestamp } => {
    const restocked = restockStock(tx, stock, units);
    const wholeWent = Object.keys(whole).some((productId) => productId in restocked);
    return wholeWent ? { restocked_at: now } : {};
  };
}

export class IllegalTransitionError extends Error {
  override name = 'IllegalTransitionError';
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`An order cannot move from ${from} to ${to}.`);
  }
}

/** A move refused because the order's payment is disputed (and the dispute is still open). */
export class OpenDisputeError extends Error {
  override name = 'OpenDisputeError';
}

/** A shipping move asked of moveOrder: shipments are recorded by lines (shipments.ts). */
export class ShipmentMoveError extends Error {
  override name = 'ShipmentMoveError';
  constructor() {
    super('Record a shipment with its lines, carrier and tracking number to ship an order.');
  }
}

/**
 * A manager's move along the state machine, with the history of changes on the order: marking
 * it delivered, or cancelling it. Shipping is not a move of its own: each shipment is recorded
 * with its lines (recordShipment, shipments.ts), which moves the status. `expect` guards against
 * a change made in between. The buyer's cancelled mail is queued in the same transaction. An
 * order already in the requested state is left as it is (`unchanged`): asking twice is not an
 * error. Cancelling with `restock` puts the order's units back on hand in the same transaction,
 * once. An order whose payment dispute is open is not marked delivered (OpenDisputeError).
 */
export async function moveOrder(
  deps: CreditDeps,
  orderId: string,
  to: OrderStatus,
  by: string,
  options: { expect?: OrderStatus; restock?: boolean } = {},
): Promise<{ from: OrderStatus; to: OrderStatus; unchanged: boolean } | null> {
  const { db } = deps;
  const orderRef = db.collection(COLLECTIONS.orders).doc(orderId);
  let ended: OrderState | null = null;
  const moved = await db.runTransaction(async (tx) => {
    ended = null;
    const order = readOrderState(await tx.get(orderRef));
    if (!order) return null;
    // Already there (a webhook or another manager got there first): nothing to write or mail.
    if (order.status === to) return { from: to, to, unchanged: true };
    if (to === 'shipped' || to === 'partially_shipped') throw new ShipmentMoveError();
    if (options.expect && order.status !== options.expect) {
      throw new IllegalTransitionError(order.status, to);
    }
    // 'delivered' only from shipped: a partially shipped order has units still to ship.
    if (!canManagerMoveOrder(order.status, to)) throw new IllegalTransitionError(order.status, to);
    // Checked in the transaction: a dispute recorded a moment before the move still stops it.
    const disputed = disputeMoveProblem(order.dispute, to);
    if (disputed) throw new OpenDisputeError(disputed);
    const restock = await prepareRestock(
      tx,
      db,
      order,
      to === 'cancelled' && options.restock === true,
    );
    // A cancelled order gives back the store credit it spent.
    const creditBack = endsWithoutGoods(order.status, to)
      ? await readOrderCreditReturn(tx, db, order)
      : null;
    const mails =
      to === 'cancelled'
        ? await orderCancelledMail(deps, order, order.refunded_amount, creditBack?.amount ?? 0)
        : [];
    const writeMails = await stageMails(tx, db, mails);
    const returned = creditReturned(order, creditBack);
    const now = Timestamp.now();
    tx.update(orderRef, {
      status: to,
      updated_at: now,
      status_history: historyWith(order.status_history, to, now, by),
      // A cancelled order has nothing left to ship: it leaves the backorder queue.
      backorder_open: hasOpenBackorder({ ...order, status: to }),
      ...returned,
      ...restock(now),
    });
    creditBack?.write();
    applyOrderRollup(tx, db, order, { ...order, status: to, ...returned });
    writeMails();
    if (to === 'cancelled') ended = order;
    return { from: order.status, to, unchanged: false };
  });
  await giveCreditBackAtStripe(deps, ended);
  return moved;
}

/** An order that moves to cancelled or refunded: it ends without its goods. */
function endsWithoutGoods(from: OrderStatus, to: OrderStatus): boolean {
  return from !== to && (to === 'cancelled' || to === 'refunded');
}

/** The order's record of a give-back of its store credit (none: nothing to write). */
function creditReturned(
  order: Pick<OrderState, 'store_credit_returned'>,
  back: OrderCreditReturn | null,
): { store_credit_returned?: number } {
  return back && back.amount > 0
    ? { store_credit_returned: order.store_credit_returned + back.amount }
    : {};
}

export type RefundOutcome = 'recorded' | 'already-recorded';

interface RefundRecorded {
  status: OrderStatus;
  refundedAmount: number;
  outcome: RefundOutcome;
}

/**
 * Records one Stripe refund on its order, once (keyed by the refund id): the refunds list and
 * refunded_amount; with `cancel`, a processing order also moves to cancelled. The refundOrder
 * call and the refund webhooks both record the refunds they see; whichever comes second only
 * applies what is still missing. The buyer hears of it in the same transaction: a refund mail, or
 * for a cancellation one cancelled mail with the amount refunded. With `restock`, the
 * cancellation or the refund that completes the full refund also puts the order's units back on
 * hand, in the same transaction (once: restocked_at). A refund by lines (its entry has `lines`)
 * puts back the units restocked per line, moves an order left with nothing to ship
 * (statusAfterRefund) and takes its units off the products' figures.
 */
export async function recordRefund(
  deps: CreditDeps,
  orderId: string,
  refund: RefundDocInput & { internal_note?: string },
  options: { cancel?: boolean; restock?: boolean } = {},
): Promise<RefundRecorded | null> {
  const { db } = deps;
  const orderRef = db.collection(COLLECTIONS.orders).doc(orderId);
  let ended: OrderState | null = null;
  const recorded = await db.runTransaction(async (tx): Promise<RefundRecorded | null> => {
    ended = null;
    const order = readOrderState(await tx.get(orderRef));
    if (!order) return null;
    const { internal_note: internalNote, ...entry } = refund;
    const known = order.refunds.some((r) => r.refund_id === refund.refund_id);
    const added: RefundDoc | null = known
      ? null
      : {
          lines: [],
          tax: 0,
          shipping: 0,
          goodwill: 0,
          customer_note: '',
          ...entry,
          at: Timestamp.now(),
        };
    const refunds: RefundDoc[] = added ? [...order.refunds, added] : order.refunds;
    const refundedAmount = refunds.reduce((sum, r) => sum + r.amount, 0);
    const cancel = options.cancel === true && order.status === 'processing';
    // The internal note goes where the buyer cannot read it (order_notes, managers only), never
    // on the order. Written with each recording (after the transaction's reads), so the call and
    // its webhook, whichever comes first, keep it.
    const writeNote = () => {
      if (!internalNote) return;
      writeRefundNotes(tx, db, orderId, {
        [refund.refund_id]: { internal_note: internalNote, by: refund.by, at: Timestamp.now() },
      });
    };
    if (known && !cancel) {
      writeNote();
      // Recorded already (by the call or the webhook): the Stripe side of a credit given back
      // is asked again, in case it failed then.
      if (order.status === 'cancelled' || order.status === 'refunded' || isFullyRefunded(order)) {
        ended = order;
      }
      return { status: order.status, refundedAmount, outcome: 'already-recorded' as const };
    }
    const refunded = { ...order, refunds, refunded_amount: refundedAmount };
    // A processing order refunded in full leaves the fulfilment flow: refunded, never shipped.
    // Refunded by lines, an order with nothing left to ship is shipped (some went out) or
    // refunded (none did): statusAfterRefund.
    const status: OrderStatus = cancel
      ? 'cancelled'
      : known
        ? order.status
        : statusAfterRefund(refunded);
    // Cancelled, or refunded in full (all it charged back on the card, whatever its status),
    // the order gives back the store credit it spent.
    const inFull = isFullyRefunded(refunded);
    const creditBack =
      endsWithoutGoods(order.status, status) || inFull
        ? await readOrderCreditReturn(tx, db, order)
        : null;
    // Restocked with the cancellation, or with the refund that leaves nothing to refund; a refund
    // by lines puts back the units it chose per line, once (with its recording).
    const restock = await prepareRestock(
      tx,
      db,
      refunded,
      options.restock === true && (cancel || (!known && refundedAmount >= order.amount)),
      added ? restockedUnits(added) : {},
    );
    const writeMails = await stageMails(
      tx,
      db,
      cancel
        ? await orderCancelledMail(deps, order, refundedAmount, creditBack?.amount ?? 0)
        : added
          ? await orderRefundedMail(deps, order, added, refundedAmount, creditBack?.amount ?? 0)
          : [],
    );
    const now = Timestamp.now();
    const returned = creditReturned(order, creditBack);
    const after = { ...refunded, status, ...returned };
    tx.update(orderRef, {
      refunds,
      refunded_amount: refundedAmount,
      updated_at: now,
      // Units refunded before they shipped will not ship: their backorder no longer waits.
      backorder_open: hasOpenBackorder(after),
      // The refund by lines that claimed the order's units is recorded: the claim ends.
      ...endedClaim(order, refund.request_id),
      ...(status !== order.status
        ? { status, status_history: historyWith(order.status_history, status, now, refund.by) }
        : {}),
      ...returned,
      ...restock(now),
    });
    creditBack?.write();
    writeNote();
    // The refund's lines leave the products' units and revenue (salesOrder reads the refunds).
    applyOrderRollup(tx, db, order, after);
    writeMails();
    if (status === 'cancelled' || status === 'refunded' || inFull) ended = order;
    return { status, refundedAmount, outcome: known ? 'already-recorded' : 'recorded' };
  });
  await giveCreditBackAtStripe(deps, ended);
  return recorded;
}

/** What the moves that may give an order's store credit back need: Stripe, when it is asked. */
type CreditDeps = MailDeps & { stripe?: Context['stripe'] };

/**
 * The Stripe side of an order's store credit given back (order-credit.ts), after the commit that
 * ended the order, or again on a later recording of it (a refund's webhook after the call).
 */
async function giveCreditBackAtStripe(deps: CreditDeps, order: OrderState | null) {
  if (!order || !deps.stripe) return;
  await returnOrderCreditSafely({ db: deps.db, stripe: deps.stripe }, order);
}

export function logTransition(
  kind: string,
  result: { orderId: string; status: OrderStatus | null; outcome: string },
  fields: Record<string, unknown> = {},
) {
  log.info(kind, {
    orderId: result.orderId,
    status: result.status,
    outcome: result.outcome,
    ...fields,
  });
}
