import {
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import {
  membershipOf,
  COLLECTIONS,
  formatInvoiceNumber,
  hasOpenBackorder,
  paths,
  type CheckoutState,
  type OrderStatus,
} from '@portal/domain';
import { applyOrderRollup } from '../insights/sales-rollups';
import { orderPaidMails, type MailDeps } from '../mail/notifications';
import { stageMails } from '../mail/outbox';
import { orderIdOfSession } from './checkout-session';
import { readCheckout, type CheckoutRecord } from './checkout-record';
import { allocateInvoiceNumber, readInvoiceCounter } from '../orders/invoice-numbers';
import {
  chargeOfSession,
  orderFromCheckout,
  paymentIntentOf,
  shipToOfCheckout,
  taxOfCheckout,
} from './order-from-checkout';
import { readOrderState, type OrderState } from '../orders/order-record';
import { historyWith, STRIPE_ACTOR } from '../orders/order-transitions';
import {
  commitNeeds,
  commitStock,
  holdProducts,
  readStock,
  releaseNeeds,
  releaseStock,
  restockDatesOf,
  restockStock,
  type StockHold,
} from '../orders/stock';
import { readEventSeen, recordEvent, type EventRef } from '../stripe/stripe-event-log';
import { buyerAccount } from '../accounts/current-approval';
import { buyerFrom, orderSearchFields } from '../insights/search-fields';
import {
  REFUSED_BUYER_NOT_APPROVED,
  REFUSED_QUOTE_NOT_OPEN,
  refundRefusedOrder,
  refusedActorOf,
  type RefusedReason,
} from './refused-payments';
import {
  orderText,
  quoteOutcomeOf,
  readQuoteIn,
  stageQuoteAccepted,
  stageQuoteCheckoutEnded,
} from '../quotes/quote-payments';
import { log } from '../lib/log';
import { stageStandingOrder, subscriptionFactsOf } from '../standing-orders/first-cycle';
import {
  readCheckoutRelease,
  returnCheckoutCredit,
  returnCheckoutCreditSafely,
} from '../store-credit/checkout-credit';

/** The session is not one of ours (no checkout id): nothing to do. */
export class ForeignSessionError extends Error {
  override name = 'ForeignSessionError';
}

/**
 * The session names a checkout this project does not have (another environment sharing the
 * Stripe account, or data deleted here): nothing to record, and retrying will not change that.
 */
export class CheckoutMissingError extends Error {
  override name = 'CheckoutMissingError';
}

/** What Stripe charged is not what the checkout priced; nothing is recorded. */
export class PaymentMismatchError extends Error {
  override name = 'PaymentMismatchError';
}

export type CompletedOutcome =
  /** the order was created paid (processing), or a pending order is now paid */
  | 'paid'
  /** the order was created pending: a delayed payment is still processing */
  | 'awaiting-payment'
  /** the order already records this (the webhook and verifyPayment both report it) */
  | 'already-recorded'
  /** the session is not complete: nothing to record */
  | 'not-complete'
  /**
   * the buyer is no longer approved (rejected, or their account closed): the order is made
   * cancelled, not for fulfilment, its hold released and nobody mailed; a payment is refunded
   */
  | 'refused';

export type FailedOutcome = 'payment-failed' | 'ignored';
export type ExpiredOutcome = 'expired' | 'ignored';

export interface SessionTransition<O extends string> {
  /** The checkout id, which is also the id of the order it became. */
  orderId: string;
  /** The order's status afterwards; null while the checkout is no order. */
  status: OrderStatus | null;
  outcome: O | 'duplicate-event';
}

type SessionRef = Pick<Stripe.Checkout.Session, 'id' | 'client_reference_id' | 'metadata'>;

interface Read {
  checkout: CheckoutRecord;
  order: OrderState | null;
  checkoutRef: DocumentReference;
  orderRef: DocumentReference;
}

interface Applied<O extends string> {
  status: OrderStatus | null;
  outcome: O;
  /** false leaves the event unrecorded (a later delivery of it is handled again). */
  recordEvent?: boolean;
}

export function requireCheckoutId(session: SessionRef): string {
  const id = orderIdOfSession(session);
  if (!id || id.includes('/'))
    throw new ForeignSessionError(`Session ${session.id} names no checkout`);
  return id;
}

/**
 * The frame of every transition Stripe reports on a Checkout Session: one transaction (retried
 * when two deliveries of an event race) that reads whether the event was handled, the checkout
 * and the order it became, answers 'duplicate-event' for a handled event, lets `apply` decide and
 * write, then records the event. An open checkout has no order: each transition that makes one
 * (below: recordCheckoutCompleted, refuseOrder, recordAsyncPaymentFailed) moves its checkout to
 * completed in the same commit, so the order is read only once the checkout is closed. (Were it
 * there all the same, its create would fail the commit: never a second order.)
 */
function onSession<O extends string>(
  db: Firestore,
  session: SessionRef,
  event: EventRef | undefined,
  apply: (tx: Transaction, read: Read) => Promise<Applied<O>> | Applied<O>,
): Promise<SessionTransition<O>> {
  const id = requireCheckoutId(session);
  const checkoutRef = db.collection(COLLECTIONS.checkouts).doc(id);
  const orderRef = db.collection(COLLECTIONS.orders).doc(id);
  return db.runTransaction(async (tx) => {
    const [seen, checkoutSnap] = await Promise.all([
      readEventSeen(tx, db, event),
      tx.get(checkoutRef),
    ]);
    const checkout = readCheckout(checkoutSnap);
    if (!checkout)
      throw new CheckoutMissingError(`Checkout ${id} of session ${session.id} does not exist`);
    const order = checkout.state === 'open' ? null : readOrderState(await tx.get(orderRef));
    if (seen) return { orderId: id, status: order?.status ?? null, outcome: 'duplicate-event' };
    const applied = await apply(tx, { checkout, order, checkoutRef, orderRef });
    if (applied.recordEvent !== false) {
      recordEvent(tx, db, event, { orderId: id, sessionId: session.id, outcome: applied.outcome });
    }
    return { orderId: id, status: applied.status, outcome: applied.outcome };
  });
}

function checkPayment(checkout: CheckoutRecord, session: Stripe.Checkout.Session) {
  if (checkout.stripe_session_id !== null && checkout.stripe_session_id !== session.id) {
    throw new PaymentMismatchError(
      `Checkout ${checkout.id} belongs to session ${checkout.stripe_session_id}, not ${session.id}`,
    );
  }
  // The goods must be what the checkout priced, less the store credit it spent (its coupon),
  // and the shipping what its quote charges; Stripe Tax adds the tax on top.
  const { goods, discount, shipping, tax, total } = chargeOfSession(session);
  const credit = checkout.store_credit_applied ?? 0;
  const shippingAmount = checkout.shipping_amount ?? 0;
  if (
    goods !== checkout.amount ||
    discount !== credit ||
    shipping !== shippingAmount ||
    total !== goods - discount + shipping + tax ||
    session.currency !== 'usd'
  ) {
    throw new PaymentMismatchError(
      `Session ${session.id} charged ${session.amount_total} ${session.currency} (goods ${goods}, discount ${discount}, shipping ${shipping}, tax ${tax}); checkout ${checkout.id} is ${checkout.amount} usd less ${credit} of store credit, shipping ${shippingAmount}`,
    );
  }
}

/**
 * Reads the buyer's cart lines of an order from the cart, in the transaction that makes the order;
 * the writer it returns removes the ordered units (units added since stay). Also used by orders
 * on terms (terms/terms-order.ts).
 */
export async function readCartLines(
  tx: Transaction,
  db: Firestore,
  checkout: Pick<CheckoutRecord, 'source' | 'items' | 'user_id'>,
) {
  if (checkout.source !== 'cart' || checkout.items.length === 0) return () => undefined;
  const refs = checkout.items.map((item) =>
    db.doc(paths.cartItem(checkout.user_id, item.product_id)),
  );
  const snaps = await tx.getAll(...refs);
  return (now: Timestamp) =>
    snaps.forEach((snap, index) => {
      if (!snap.exists) return;
      const bought = checkout.items[index]?.quantity ?? 0;
      const inCart: unknown = snap.get('quantity');
      const left = typeof inCart === 'number' ? inCart - bought : 0;
      if (left > 0) tx.update(snap.ref, { quantity: left, updated_at: now });
      else tx.delete(snap.ref);
    });
}

/**
 * Records a complete Checkout Session, once: the first report creates the order (same id as the
 * checkout) with the ship-to Stripe collected, removes the ordered lines from the cart, makes the
 * ship-to the buyer's default and closes the checkout. A paid session takes the checkout's
 * reserved units from stock (stock_on_hand and stock_reserved, recorded on the order as
 * stock_taken) and gets the next invoice number. A delayed payment (bank transfer) makes the
 * order pending and leaves its units held (the checkout keeps stock_held): they stay on hand,
 * unavailable to others, until the payment settles. Its later report (async_payment_succeeded)
 * moves the pending order to processing with its invoice number and takes the held units then.
 * The webhook and verifyPayment both call this; whichever comes second changes nothing. The
 * payment's mails (confirmation to the buyer, new order to the managers) are queued in the same
 * transaction as the payment is recorded.
 *
 * A buyer who is no longer approved (rejected, the profile gone or the account disabled since
 * the checkout was made) gets no order for fulfilment: it is made cancelled (outcome 'refused'),
 * the hold released, nobody mailed, and a payment is refunded in full (refused-payments.ts).
 *
 * A quote's checkout (source 'quote', docs/order-lifecycle.md#draft-orders-and-quotes) makes its
 * order with the quote's lines and prices, its shipping charge and `quote` {id, number}, and the
 * same transaction marks the quote accepted by it (quotes/quote-payments.ts), so a quote makes
 * one order: a payment of a quote another order accepted (which the quote's one-checkout lock
 * leaves no way to, but which is defended all the same) is refused like a buyer's who lost
 * access, with refused_reason 'quote_not_open', and refunded.
 */
export async function recordCheckoutCompleted(
  deps: MailDeps & { stripe?: () => Stripe },
  session: Stripe.Checkout.Session,
  event?: EventRef,
): Promise<SessionTransition<CompletedOutcome>> {
  const { db } = deps;
  // A standing order's checkout: its subscription and next cycle, read before the transaction.
  const facts =
    session.status === 'complete' ? await subscriptionFactsOf(deps.stripe, session) : null;
  // The buyer's Auth account (the session names the buyer; checked against the checkout below).
  const buyerUid = session.metadata?.uid;
  const account =
    session.status === 'complete' && buyerUid ? await buyerAccount(deps, buyerUid) : null;
  const accountOpen = account?.open ?? true;
  let refusedCheckout: CheckoutRecord | null = null;
  const result = await onSession<CompletedOutcome>(db, session, event, async (tx, read) => {
    refusedCheckout = null;
    const { checkout, order, checkoutRef, orderRef } = read;
    if (session.status !== 'complete') {
      return { status: order?.status ?? null, outcome: 'not-complete', recordEvent: false };
    }
    checkPayment(checkout, session);
    const paid = session.payment_status === 'paid';
    if (order && !(order.status === 'pending' && paid)) {
      return { status: order.status, outcome: 'already-recorded' };
    }
    // Reads before writes: the profile (is the buyer still approved, still a member of the
    // company the checkout is for?) first, and the quote the checkout pays, if any.
    const profileRef = db.doc(paths.profile(checkout.user_id));
    const [profile, quote] = await Promise.all([
      tx.get(profileRef),
      checkout.quote ? readQuoteIn(tx, db, checkout.quote.id) : Promise.resolve(null),
    ]);
    const approved =
      profile.get('status') === 'approved' &&
      membershipOf(profile.data())?.companyId === checkout.company_id &&
      (buyerUid !== checkout.user_id || accountOpen);
    const firstPayment = facts?.paymentIntentId ?? null;
    if (!approved) {
      const refused = await refuseOrder(
        tx,
        db,
        read,
        session,
        firstPayment,
        REFUSED_BUYER_NOT_APPROVED,
      );
      refusedCheckout = checkout;
      // (Written after refuseOrder's reads: a transaction reads everything first.)
      stageQuoteCheckoutEnded(tx, db, quote, checkout.id, 'closed');
      return refused;
    }
    // A quote makes one order: a payment for a quote another order accepted (which the quote's
    // one-checkout lock and the expiry of a replaced session leave no way to, but Stripe could
    // still report) is made cancelled and refunded, never a second order.
    const quoteOutcome = checkout.quote && !order ? quoteOutcomeOf(quote, checkout.id) : null;
    if (quoteOutcome === 'refuse') {
      log.error('quote_paid_twice', {
        orderId: checkout.id,
        quoteId: checkout.quote?.id ?? null,
        quoteState: quote?.state ?? null,
        acceptedOrder: quote?.order_id ?? null,
        sessionId: session.id,
      });
      refusedCheckout = checkout;
      return refuseOrder(tx, db, read, session, firstPayment, REFUSED_QUOTE_NOT_OPEN);
    }

    // Then the invoice counter, the cart lines.
    const counter = paid ? await readInvoiceCounter(tx, db) : null;
    const removeCartLines = order ? () => undefined : await readCartLines(tx, db, checkout);
    // A paid order takes the units its checkout held (read here, written below); a delayed
    // payment leaves them held until it settles. An order takes its units even when its hold
    // was released already (closed on our side, then paid at Stripe all the same: the buyer
    // paid). A pending order made before holds were kept took them when it was made (its
    // stock_taken is not empty), one made before stock takes none (no stock_taken).
    const takes = paid && (!order || checkout.stock_held === true || tookNothingYet(order));
    // It takes every unit of its lines, held or not: the backordered ones take stock on hand
    // below 0 (units owed).
    const held = checkout.stock_held === true;
    const stock = await readStock(
      tx,
      db,
      takes
        ? [...holdProducts(checkout.stock_hold), ...checkout.items.map((i) => i.product_id)]
        : [],
      commitNeeds(checkout.id, checkout.stock_hold ?? {}, held, checkout.items),
    );
    // The mails mark backordered lines with the restock date the product has now.
    const restockDates = restockDatesOf(stock);
    // A standing order's first checkout starts the standing order, with the same id.
    const writeStandingOrder = order
      ? () => undefined
      : await stageStandingOrder(tx, db, {
          checkout,
          facts,
          shipTo: shipToOfCheckout(checkout, session),
        });
    const writeMails = paid
      ? await stageMails(
          tx,
          db,
          await orderPaidMails(deps, {
            id: checkout.id,
            user_id: checkout.user_id,
            store_name: checkout.store_name,
            items: checkout.items.map((item) => ({
              ...item,
              restock_date: restockDates.get(item.product_id),
            })),
            amount: chargeOfSession(session).total,
            shipping_charge: chargeOfSession(session).shipping,
            store_credit_applied: chargeOfSession(session).discount,
            tax: taxOfCheckout(checkout, session, shipToOfCheckout(checkout, session)),
            ship_to: shipToOfCheckout(checkout, session),
            invoice_number: counter ? formatInvoiceNumber(counter.next) : null,
            po_number: checkout.po_number ?? '',
            standing:
              checkout.interval_weeks !== undefined
                ? {
                    interval_weeks: checkout.interval_weeks,
                    cycle_amount: checkout.amount,
                    next_charge_at: facts?.nextDeliveryAt?.toDate() ?? null,
                  }
                : undefined,
          }),
          // Made with the order (its keys name it): none can exist yet. A pending order's mails
          // are looked for as before.
          { fresh: !order },
        )
      : () => undefined;
    const now = Timestamp.now();
    const invoiceNumber = counter ? allocateInvoiceNumber(tx, counter) : null;
    writeMails();
    const takeUnits = () =>
      commitStock(tx, stock, checkout.stock_hold ?? {}, held, checkout.id, checkout.items);

    if (order) {
      // Its units were held while the payment settled (orders made pending before they were
      // held took them then: stock_taken, and the checkout holds nothing).
      const taken = takes ? takeUnits() : null;
      if (held) tx.update(checkoutRef, { stock_held: false, updated_at: now });
      tx.update(orderRef, {
        status: 'processing',
        paid_at: now,
        updated_at: now,
        invoice_number: invoiceNumber,
        stripe_payment_intent_id: paymentIntentOf(session) ?? order.stripe_payment_intent_id,
        status_history: historyWith(order.status_history, 'processing', now, STRIPE_ACTOR),
        // Paid, its backordered lines join the managers' queue (a pending order is in none).
        backorder_open: hasOpenBackorder({ ...order, status: 'processing' }),
        ...(taken ? { stock_taken: taken } : {}),
      });
      // The sales figures count the payment in the same commit (insights/sales-rollups.ts).
      applyOrderRollup(tx, db, order, { ...order, status: 'processing', paid_at: now });
      return { status: 'processing', outcome: 'paid' };
    }
    const status: OrderStatus = paid ? 'processing' : 'pending';
    const created = orderFromCheckout(checkout, session, {
      status,
      invoiceNumber,
      now,
      by: STRIPE_ACTOR,
      paymentIntentId: facts?.paymentIntentId ?? null,
    });
    const taken = takes ? takeUnits() : {};
    // The managers' search fields (insights/search-fields.ts) from the buyer read here, so the
    // order is searchable as it is made (its trigger then has nothing to do).
    const searchFields =
      account && buyerUid === checkout.user_id
        ? orderSearchFields(checkout.id, created, buyerFrom(profile.get('role'), account.email))
        : {};
    tx.create(orderRef, { ...created, stock_taken: taken, ...searchFields });
    // The quote is accepted by this order, in the same commit (one order per quote).
    if (quote && quoteOutcome === 'accept') {
      const name: unknown = profile.get('full_name');
      stageQuoteAccepted(tx, db, quote, {
        orderId: checkout.id,
        by: { uid: checkout.user_id, name: typeof name === 'string' ? name : '' },
        now,
        text: orderText('card', checkout.id),
      });
    }
    applyOrderRollup(tx, db, null, created);
    tx.update(checkoutRef, {
      state: 'completed' satisfies CheckoutState,
      updated_at: now,
      // A delayed payment keeps the hold until it settles (recordAsyncPaymentFailed releases it).
      stock_held: !paid && held,
    });
    removeCartLines(now);
    writeStandingOrder(now);
    return { status, outcome: paid ? 'paid' : 'awaiting-payment' };
  });
  // The money of a refused order goes back (also on a replay, until the refund is recorded),
  // and the store credit its checkout spent, at Stripe too.
  if (result.status === 'cancelled' && session.payment_status === 'paid') {
    await refundRefusedOrder(deps, result.orderId, session);
  }
  const refused = refusedCheckout as CheckoutRecord | null;
  const spent = refused && (refused.store_credit_applied ?? 0) > 0 ? refused : null;
  if (result.outcome === 'refused' && spent && deps.stripe) {
    await returnCheckoutCreditSafely({ db, stripe: deps.stripe }, spent);
  }
  return result;
}

/** A pending order that took no units when it was made (they were held, or released). */
const tookNothingYet = (order: OrderState) =>
  order.stock_taken !== null && Object.keys(order.stock_taken).length === 0;

/**
 * The order of a buyer who is no longer approved (or the payment of a quote another order
 * accepted): made (or moved to) cancelled, marked with the refused_reason so that its payment is
 * refunded, its units released (held by the checkout) or put back (taken by a pending order made
 * before holds were kept). No mail, no invoice number, the cart and the default ship-to left
 * alone.
 */
async function refuseOrder(
  tx: Transaction,
  db: Firestore,
  read: Read,
  session: Stripe.Checkout.Session,
  firstInvoicePayment: string | null,
  reason: RefusedReason,
): Promise<Applied<CompletedOutcome>> {
  const { checkout, order, checkoutRef, orderRef } = read;
  const held = checkout.stock_held === true;
  const taken: StockHold = !held && order && !order.restocked_at ? (order.stock_taken ?? {}) : {};
  const stock = await readStock(
    tx,
    db,
    held ? holdProducts(checkout.stock_hold) : holdProducts(taken),
    held ? releaseNeeds(checkout.id, checkout.stock_hold ?? {}) : undefined,
  );
  // Refused and refunded: the store credit its checkout spent goes back.
  const releaseCredit = await readCheckoutRelease(tx, db, checkout);
  const now = Timestamp.now();
  if (held) releaseStock(tx, stock, checkout.stock_hold ?? {});
  const restocked = restockStock(tx, stock, taken);
  releaseCredit();
  const refused = { refused_reason: reason };
  const actor = refusedActorOf(reason);
  if (order) {
    tx.update(orderRef, {
      ...refused,
      status: 'cancelled',
      updated_at: now,
      stripe_payment_intent_id: paymentIntentOf(session) ?? order.stripe_payment_intent_id,
      status_history: historyWith(order.status_history, 'cancelled', now, actor),
      ...(Object.keys(restocked).length > 0 ? { restocked_at: now } : {}),
    });
    applyOrderRollup(tx, db, order, { ...order, status: 'cancelled' });
  } else {
    const created = orderFromCheckout(checkout, session, {
      status: 'pending',
      invoiceNumber: null,
      now,
      by: STRIPE_ACTOR,
      paymentIntentId: firstInvoicePayment,
    });
    tx.create(orderRef, {
      ...created,
      ...refused,
      status: 'cancelled',
      status_history: historyWith(created.status_history, 'cancelled', now, actor),
      stock_taken: {},
    });
    // Never paid for good: counts nowhere (written for the rule that every order change goes
    // through it).
    applyOrderRollup(tx, db, null, { ...created, status: 'cancelled' });
  }
  if (held || !order) {
    tx.update(checkoutRef, {
      state: 'completed' satisfies CheckoutState,
      updated_at: now,
      stock_held: false,
    });
  }
  log.warn(`checkout_refused_${reason}`, {
    orderId: checkout.id,
    uid: checkout.user_id,
    sessionId: session.id,
    paymentStatus: session.payment_status,
  });
  return { status: 'cancelled', outcome: 'refused' };
}

/**
 * A delayed payment failed (checkout.session.async_payment_failed): the pending order is
 * cancelled by Stripe and the units its checkout held are released (never taken from on hand).
 * If the completion was never recorded, the order is created cancelled, so the attempt still
 * shows what happened, and the checkout's hold is released.
 */
export async function recordAsyncPaymentFailed(
  db: Firestore,
  session: Stripe.Checkout.Session,
  event?: EventRef,
  stripe?: () => Stripe,
): Promise<SessionTransition<FailedOutcome>> {
  let credited: CheckoutRecord | null = null;
  const result = await onSession<FailedOutcome>(db, session, event, async (tx, read) => {
    credited = null;
    const { checkout, order, checkoutRef, orderRef } = read;
    if (!order) {
      checkPayment(checkout, session);
      // The checkout's units were never taken: its hold is released.
      const held = checkout.stock_held === true;
      const stock = await readStock(
        tx,
        db,
        held ? holdProducts(checkout.stock_hold) : [],
        releaseNeeds(checkout.id, checkout.stock_hold ?? {}),
      );
      // Never paid: the store credit its checkout spent goes back.
      const releaseCredit = await readCheckoutRelease(tx, db, checkout);
      if (releaseCredit() > 0) credited = checkout;
      const now = Timestamp.now();
      const created = orderFromCheckout(checkout, session, {
        status: 'pending',
        invoiceNumber: null,
        now,
        by: STRIPE_ACTOR,
      });
      if (held) releaseStock(tx, stock, checkout.stock_hold ?? {});
      tx.create(orderRef, {
        ...created,
        status: 'cancelled',
        status_history: historyWith(created.status_history, 'cancelled', now, STRIPE_ACTOR),
        stock_taken: {},
      });
      // Never paid: counts nowhere (written for the rule that every order change goes through it).
      applyOrderRollup(tx, db, null, { ...created, status: 'cancelled' });
      tx.update(checkoutRef, {
        state: 'completed' satisfies CheckoutState,
        updated_at: now,
        stock_held: false,
      });
      return { status: 'cancelled', outcome: 'payment-failed' };
    }
    if (order.status !== 'pending') return { status: order.status, outcome: 'ignored' };
    // The pending order's units are still held by its checkout: the hold is released. (A pending
    // order made before holds were kept took its units then: they go back on the shelf.)
    const held = checkout.stock_held === true;
    const units: StockHold = held || order.restocked_at ? {} : (order.stock_taken ?? {});
    const stock = await readStock(
      tx,
      db,
      held ? holdProducts(checkout.stock_hold) : holdProducts(units),
      held ? releaseNeeds(checkout.id, checkout.stock_hold ?? {}) : undefined,
    );
    // Never paid: the store credit its checkout spent goes back.
    const releaseCredit = await readCheckoutRelease(tx, db, checkout);
    const now = Timestamp.now();
    if (held) {
      releaseStock(tx, stock, checkout.stock_hold ?? {});
      tx.update(checkoutRef, { stock_held: false, updated_at: now });
    }
    const restocked = restockStock(tx, stock, units);
    tx.update(orderRef, {
      status: 'cancelled',
      updated_at: now,
      status_history: historyWith(order.status_history, 'cancelled', now, STRIPE_ACTOR),
      ...(Object.keys(restocked).length > 0 ? { restocked_at: now } : {}),
    });
    if (releaseCredit() > 0) credited = checkout;
    applyOrderRollup(tx, db, order, { ...order, status: 'cancelled' });
    return { status: 'cancelled', outcome: 'payment-failed' };
  });
  if (credited && stripe) await returnCheckoutCreditSafely({ db, stripe }, credited);
  return result;
}

/**
 * Stripe closed an unpaid session (checkout.session.expired): its open checkout is expired and the
 * stock it held released, and the store credit it spent given back (at Stripe too when `stripe`
 * is given; a later delivery of the event finishes a give-back that failed there).
 */
export async function recordCheckoutExpired(
  db: Firestore,
  session: SessionRef,
  event?: EventRef,
  stripe?: () => Stripe,
): Promise<SessionTransition<ExpiredOutcome>> {
  let credited: CheckoutRecord | null = null;
  const result = await onSession<ExpiredOutcome>(db, session, event, async (tx, read) => {
    const { checkout, order, checkoutRef } = read;
    if ((checkout.store_credit_applied ?? 0) > 0 && !order) credited = checkout;
    if (order || checkout.state !== 'open' || checkout.stripe_session_id !== session.id) {
      return { status: order?.status ?? null, outcome: 'ignored' };
    }
    await closeOpenCheckout(tx, db, checkoutRef, checkout, 'expired');
    return { status: null, outcome: 'expired' };
  });
  if (credited && stripe) await returnCheckoutCredit({ db, stripe }, credited);
  return result;
}

/**
 * Closes an open checkout that will never be paid, releasing the stock it holds: 'replaced' by a
 * newer checkout of the buyer, or 'failed' when its session could not be created. `withSession`
 * false only closes a checkout that never got a session (one with a session is closed when Stripe
 * reports its session expired).
 */
export async function closeCheckout(
  db: Firestore,
  checkoutId: string,
  state: Extract<CheckoutState, 'replaced' | 'failed' | 'expired'>,
  options: {
    withSession: boolean;
    /** Gives the store credit it spent back at Stripe too (the mirror's is in the close). */
    stripe?: () => Stripe;
  },
): Promise<boolean> {
  const ref = db.collection(COLLECTIONS.checkouts).doc(checkoutId);
  let released: CheckoutRecord | null = null;
  const closed = await db.runTransaction(async (tx) => {
    released = null;
    const checkout = readCheckout(await tx.get(ref));
    if (!checkout || checkout.state !== 'open') return false;
    if (!options.withSession && checkout.stripe_session_id !== null) return false;
    if ((await closeOpenCheckout(tx, db, ref, checkout, state)) > 0) released = checkout;
    return true;
  });
  if (released && options.stripe) {
    await returnCheckoutCredit({ db, stripe: options.stripe }, released);
  }
  return closed;
}

/**
 * Moves an open checkout to a closed state in the transaction that read it, releasing the stock
 * it holds (once: stock_held is cleared in the same write) and giving back the store credit it
 * spent on the mirror (once: its release entry). Reads the products and the credit, then writes.
 * Returns the cents of credit given back (the Stripe side follows: returnCheckoutCredit).
 */
async function closeOpenCheckout(
  tx: Transaction,
  db: Firestore,
  ref: DocumentReference,
  checkout: CheckoutRecord,
  state: Extract<CheckoutState, 'replaced' | 'failed' | 'expired'>,
): Promise<number> {
  const held = checkout.stock_held === true;
  const [stock, quote] = await Promise.all([
    readStock(
      tx,
      db,
      held ? holdProducts(checkout.stock_hold) : [],
      releaseNeeds(checkout.id, checkout.stock_hold ?? {}),
    ),
    checkout.quote ? readQuoteIn(tx, db, checkout.quote.id) : Promise.resolve(null),
  ]);
  const releaseCredit = await readCheckoutRelease(tx, db, checkout);
  if (held) releaseStock(tx, stock, checkout.stock_hold ?? {});
  const now = Timestamp.now();
  tx.update(ref, { state, updated_at: now, stock_held: false });
  // The quote it was paying no longer records it (a payment link's expiry expires the quote).
  stageQuoteCheckoutEnded(
    tx,
    db,
    quote,
    checkout.id,
    state === 'expired' ? 'expired' : 'closed',
    now,
  );
  return releaseCredit();
}
