import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import {
  canManagerMoveOrder,
  canTransitionOrder,
  COLLECTIONS,
  paths,
  type OrderStatus,
} from '@portal/domain';
import { log } from '../lib/log';
import { orderIdOfSession } from './checkout-session';
import { readOrderState, type OrderState, type StatusChange } from './order-record';

/** Who moved an order when Stripe reported the payment (by the webhook or by verifyPayment). */
export const STRIPE_ACTOR = 'stripe';
/** Who cancelled a pending order that was replaced by a newer checkout. */
export const SYSTEM_ACTOR = 'system';

/** The session is not one of ours (no order id): nothing to do. */
export class ForeignSessionError extends Error {
  override name = 'ForeignSessionError';
}

/** The session names an order that does not exist. */
class OrderMissingError extends Error {
  override name = 'OrderMissingError';
}

/** What Stripe charged is not what the order says; the order is left as it is. */
export class PaymentMismatchError extends Error {
  override name = 'PaymentMismatchError';
}

export type PaidOutcome =
  /** pending -> processing now (cart lines removed) */
  | 'paid'
  /** the order had already moved on (the webhook and verifyPayment both report the payment) */
  | 'already-paid'
  /** this webhook event was handled before */
  | 'duplicate-event'
  /** the session is not paid (yet) */
  | 'not-paid'
  /** the order was cancelled before the payment arrived: recorded for a refund */
  | 'paid-after-cancel';

interface TransitionResult<O extends string> {
  orderId: string;
  status: OrderStatus;
  outcome: O;
}

interface EventRef {
  id: string;
  type: string;
}

function historyWith(
  order: OrderState,
  status: OrderStatus,
  at: Timestamp,
  by: string,
): StatusChange[] {
  return [...order.status_history, { status, at, by }];
}

async function readEventSeen(
  tx: Transaction,
  db: Firestore,
  event: EventRef | undefined,
): Promise<boolean> {
  if (!event) return false;
  return (await tx.get(db.doc(paths.stripeEvent(event.id)))).exists;
}

function recordEvent(
  tx: Transaction,
  db: Firestore,
  event: EventRef | undefined,
  fields: { orderId: string | null; sessionId: string; outcome: string },
) {
  if (!event) return;
  tx.create(db.doc(paths.stripeEvent(event.id)), {
    type: event.type,
    order_id: fields.orderId,
    session_id: fields.sessionId,
    outcome: fields.outcome,
    received_at: FieldValue.serverTimestamp(),
  });
}

function requireOrderId(
  session: Pick<Stripe.Checkout.Session, 'id' | 'client_reference_id' | 'metadata'>,
): string {
  const orderId = orderIdOfSession(session);
  if (!orderId || orderId.includes('/'))
    throw new ForeignSessionError(`Session ${session.id} names no order`);
  return orderId;
}

type SessionRef = Pick<Stripe.Checkout.Session, 'id' | 'client_reference_id' | 'metadata'>;

/** What a transition decided: the order's status afterwards, and whether to record the event. */
interface Applied<O extends string> {
  status: OrderStatus;
  outcome: O;
  /** false leaves the event unrecorded (a later delivery of it is handled again). */
  recordEvent?: boolean;
}

/**
 * The frame of every Stripe-reported transition: one transaction (retried when two deliveries of
 * an event race) that reads whether the event was handled and the session's order, answers
 * 'duplicate-event' for a handled event, lets `apply` decide and write, then records the event.
 */
function transitionOnSession<O extends string>(
  db: Firestore,
  session: SessionRef,
  event: EventRef | undefined,
  apply: (
    tx: Transaction,
    order: OrderState,
    orderRef: DocumentReference,
  ) => Promise<Applied<O>> | Applied<O>,
): Promise<TransitionResult<O | 'duplicate-event'>> {
  const orderId = requireOrderId(session);
  const orderRef = db.collection(COLLECTIONS.orders).doc(orderId);
  // Two deliveries of one event can race: both read "not seen"; Firestore aborts the loser's
  // transaction and the SDK runs it again, when it reads the event and answers 'duplicate-event'.
  return db.runTransaction(async (tx) => {
    const seen = await readEventSeen(tx, db, event);
    const order = readOrderState(await tx.get(orderRef));
    if (!order)
      throw new OrderMissingError(`Order ${orderId} of session ${session.id} does not exist`);
    if (seen) return { orderId, status: order.status, outcome: 'duplicate-event' as const };
    const { status, outcome, recordEvent: record = true } = await apply(tx, order, orderRef);
    if (record) recordEvent(tx, db, event, { orderId, sessionId: session.id, outcome });
    return { orderId, status, outcome };
  });
}

/**
 * Records a paid Checkout Session on its order, once: pending -> processing with paid_at and a
 * history entry by 'stripe', the purchased cart lines removed, and (for a webhook) the event id
 * stored, all in one transaction. The webhook and verifyPayment both call this; whichever comes
 * second finds the order already moved and changes nothing.
 */
export async function recordCheckoutPaid(
  db: Firestore,
  session: Stripe.Checkout.Session,
  event?: EventRef,
): Promise<TransitionResult<PaidOutcome>> {
  return transitionOnSession<PaidOutcome>(db, session, event, async (tx, order, orderRef) => {
    const orderId = order.id;
    if (session.payment_status !== 'paid') {
      // Nothing to record yet (a delayed payment method); a later event reports the payment.
      return { status: order.status, outcome: 'not-paid', recordEvent: false };
    }
    if (order.stripe_session_id !== null && order.stripe_session_id !== session.id) {
      throw new PaymentMismatchError(
        `Order ${orderId} belongs to session ${order.stripe_session_id}, not ${session.id}`,
      );
    }
    if (session.amount_total !== order.amount || session.currency !== 'usd') {
      throw new PaymentMismatchError(
        `Session ${session.id} charged ${session.amount_total} ${session.currency}; order ${orderId} is ${order.amount} usd`,
      );
    }

    const now = Timestamp.now();
    const paymentIntent =
      typeof session.payment_intent === 'string'
        ? session.payment_intent
        : (session.payment_intent?.id ?? null);
    let outcome: PaidOutcome;
    let status = order.status;
    if (order.status === 'pending' && canTransitionOrder('pending', 'processing')) {
      // Reads first (a transaction reads everything before it writes): the purchased cart lines.
      const cartRefs =
        order.source === 'cart'
          ? order.items.map((item) => db.doc(paths.cartItem(order.user_id, item.product_id)))
          : [];
      const cartSnaps = cartRefs.length > 0 ? await tx.getAll(...cartRefs) : [];
      status = 'processing';
      outcome = 'paid';
      tx.update(orderRef, {
        status,
        paid_at: now,
        updated_at: now,
        stripe_session_id: session.id,
        stripe_payment_intent_id: paymentIntent,
        status_history: historyWith(order, 'processing', now, STRIPE_ACTOR),
      });
      cartSnaps.forEach((snap, index) => {
        if (!snap.exists) return;
        const bought = order.items[index]?.quantity ?? 0;
        const inCart: unknown = snap.get('quantity');
        const left = typeof inCart === 'number' ? inCart - bought : 0;
        // Lines added to after checkout keep the extra units; everything bought leaves the cart.
        if (left > 0) tx.update(snap.ref, { quantity: left, updated_at: now });
        else tx.delete(snap.ref);
      });
    } else if (order.status === 'cancelled') {
      outcome = 'paid-after-cancel';
      tx.update(orderRef, {
        updated_at: now,
        stripe_payment_intent_id: paymentIntent,
        payment_after_cancel: { session_id: session.id, at: now },
      });
    } else {
      outcome = 'already-paid';
    }
    return { status, outcome };
  });
}

export type ExpiredOutcome = 'cancelled' | 'ignored' | 'duplicate-event';

/** A pending order whose Checkout Session expired (or was replaced) is cancelled. */
export async function recordCheckoutExpired(
  db: Firestore,
  session: SessionRef,
  event?: EventRef,
  by: string = STRIPE_ACTOR,
): Promise<TransitionResult<ExpiredOutcome>> {
  return transitionOnSession<ExpiredOutcome>(db, session, event, (tx, order, orderRef) => {
    if (order.status !== 'pending' || order.stripe_session_id !== session.id) {
      return { status: order.status, outcome: 'ignored' };
    }
    const now = Timestamp.now();
    tx.update(orderRef, {
      status: 'cancelled',
      updated_at: now,
      status_history: historyWith(order, 'cancelled', now, by),
    });
    return { status: 'cancelled', outcome: 'cancelled' };
  });
}

/** Cancels a pending order that never got a Checkout Session (the session could not be created). */
export async function cancelPendingOrder(
  db: Firestore,
  orderId: string,
  by: string,
): Promise<boolean> {
  const orderRef = db.collection(COLLECTIONS.orders).doc(orderId);
  return db.runTransaction(async (tx) => {
    const order = readOrderState(await tx.get(orderRef));
    if (!order || order.status !== 'pending' || order.stripe_session_id !== null) return false;
    const now = Timestamp.now();
    tx.update(orderRef, {
      status: 'cancelled',
      updated_at: now,
      status_history: historyWith(order, 'cancelled', now, by),
    });
    return true;
  });
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

/**
 * A manager's move along the state machine, with the history of changes on the order.
 * `expect` guards against a change made in between (e.g. the payment arriving).
 */
export async function moveOrder(
  db: Firestore,
  orderId: string,
  to: OrderStatus,
  by: string,
  expect?: { status: OrderStatus },
): Promise<{ from: OrderStatus; to: OrderStatus } | null> {
  const orderRef = db.collection(COLLECTIONS.orders).doc(orderId);
  return db.runTransaction(async (tx) => {
    const order = readOrderState(await tx.get(orderRef));
    if (!order) return null;
    if (expect && order.status !== expect.status)
      throw new IllegalTransitionError(order.status, to);
    if (!canManagerMoveOrder(order.status, to)) throw new IllegalTransitionError(order.status, to);
    const now = Timestamp.now();
    tx.update(orderRef, {
      status: to,
      updated_at: now,
      status_history: historyWith(order, to, now, by),
    });
    return { from: order.status, to };
  });
}

export function logTransition(
  kind: string,
  result: TransitionResult<string>,
  fields: Record<string, unknown> = {},
) {
  log.info(kind, {
    orderId: result.orderId,
    status: result.status,
    outcome: result.outcome,
    ...fields,
  });
}
