import { FieldValue, Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { COLLECTIONS, isReceivable, lineProgress, paths, type OrderStatus } from '@portal/domain';
import { applyOrderRollup } from '../insights/sales-rollups';
import type { Context } from '../lib/context';
import type { MailDeps } from '../mail/notifications';
import { stageMails, type QueuedMail } from '../mail/outbox';
import {
  invoiceOverdueMail,
  invoicePaidMail,
  invoicePaymentFailedMail,
  invoiceReminderMail,
  invoiceVoidedMail,
} from '../mail/terms-mails';
import { readOrderState, type OrderState } from '../orders/order-record';
import { historyWith, prepareRestock, STRIPE_ACTOR } from '../orders/order-transitions';
import { readEventSeen, recordEvent, type EventRef } from '../stripe/stripe-event-log';
import { creditWithout, readCredit } from './credit-account';

/**
 * How an order on terms follows its invoice (docs/payment-terms.md, "States"). Each change is one
 * transaction over the order and its company's credit account (and, for a Stripe event, the
 * event log: a replayed event changes nothing), with the buyer's mail staged in it:
 *
 * | Event (or manager call)         | Invoice        | Order                           | Credit                              |
 * | ------------------------------- | -------------- | ------------------------------- | ----------------------------------- |
 * | invoice.paid                    | paid           | awaiting_payment -> processing  | balance - amount, off hold          |
 * | invoice.payment_failed          | (open)         | failure recorded, buyer mailed  | -                                   |
 * | invoice.will_be_due             | (open)         | reminder mailed                 | -                                   |
 * | invoice.overdue                 | overdue        | overdue mailed                  | on hold                             |
 * | invoice.voided / void           | void           | cancelled, stock back           | balance - amount, off hold          |
 * | invoice.marked_uncollectible    | uncollectible  | (as it is)                      | balance - amount, the hold stays    |
 */

export type TermsOutcome =
  | 'paid'
  | 'payment-failed'
  | 'reminded'
  | 'overdue'
  | 'void'
  | 'uncollectible'
  | 'already-recorded'
  | 'duplicate-event';

export interface TermsTransition {
  orderId: string;
  status: OrderStatus | null;
  outcome: TermsOutcome;
}

/** The invoice names an order this project does not have: acknowledged, nothing to do. */
export class TermsOrderMissingError extends Error {
  override name = 'TermsOrderMissingError';
}

type Deps = MailDeps;

interface Change {
  outcome: TermsOutcome;
  /** Everything the order document changes. */
  order?: Record<string, unknown>;
  /** The order as the rollups see it afterwards (null: no figure moves). */
  after?: OrderState | null;
  credit?: Record<string, unknown>;
  mails?: QueuedMail[];
  restock?: boolean;
  /** Units put back on hand by product (the unshipped rest of a partially shipped order). */
  restockUnits?: Record<string, number>;
}

/**
 * The frame of every change: reads the event log, the order and the credit account, lets
 * `decide` choose (it may read more before returning), then writes it all.
 */
async function onTermsOrder(
  deps: Deps,
  orderId: string,
  event: EventRef | undefined,
  decide: (
    order: OrderState,
    credit: Awaited<ReturnType<typeof readCredit>>,
    tx: Transaction,
  ) => Promise<Change> | Change,
): Promise<TermsTransition> {
  const { db } = deps;
  const orderRef = db.doc(paths.order(orderId));
  return db.runTransaction(async (tx) => {
    const seen = await readEventSeen(tx, db, event);
    const order = readOrderState(await tx.get(orderRef));
    if (!order?.terms) throw new TermsOrderMissingError(`No order on terms ${orderId}`);
    if (seen) return { orderId, status: order.status, outcome: 'duplicate-event' };
    const credit = await readCredit(tx, db, order.company_id);
    const change = await decide(order, credit, tx);
    const restock = await prepareRestock(
      tx,
      db,
      order,
      change.restock === true,
      change.restockUnits,
    );
    const writeMails = await stageMails(tx, db, change.mails ?? []);
    const now = Timestamp.now();
    if (change.order) {
      tx.update(orderRef, { ...change.order, ...restock(now), updated_at: now });
    }
    if (change.credit) tx.set(credit.ref, change.credit, { merge: true });
    if (change.after) applyOrderRollup(tx, db, order, change.after);
    writeMails();
    recordEvent(tx, db, event, { orderId, sessionId: null, outcome: change.outcome });
    return {
      orderId,
      status: (change.order?.status as OrderStatus | undefined) ?? order.status,
      outcome: change.outcome,
    };
  });
}

const withTerms = (order: OrderState, terms: Partial<NonNullable<OrderState['terms']>>) => ({
  ...order.terms!,
  ...terms,
});

/** invoice.paid: the order is paid (collected), once; its amount leaves the open balance. */
export function recordTermsInvoicePaid(
  deps: Deps,
  orderId: string,
  facts: { paymentIntentId: string | null; paidAt: number | null },
  event?: EventRef,
): Promise<TermsTransition> {
  return onTermsOrder(deps, orderId, event, async (order, { credit }) => {
    const terms = order.terms!;
    if (terms.state === 'paid' || terms.state === 'void') return { outcome: 'already-recorded' };
    const now = Timestamp.now();
    const paidAt = facts.paidAt ? Timestamp.fromMillis(facts.paidAt * 1000) : now;
    const status: OrderStatus = order.status === 'awaiting_payment' ? 'processing' : order.status;
    const nextTerms = withTerms(order, { state: 'paid', paid_at: paidAt, overdue: false });
    const after = { ...order, status, paid_at: paidAt, terms: nextTerms };
    return {
      outcome: 'paid',
      order: {
        terms: nextTerms,
        receivable: false,
        paid_at: paidAt,
        ...(facts.paymentIntentId ? { stripe_payment_intent_id: facts.paymentIntentId } : {}),
        ...(status !== order.status
          ? { status, status_history: historyWith(order.status_history, status, now, STRIPE_ACTOR) }
          : {}),
      },
      after,
      credit: creditWithout(credit, orderId, order.amount, {
        wasReceivable: isReceivable(terms.state),
        liftHold: true,
      }),
      mails: await invoicePaidMail(deps, { ...order, terms: nextTerms }),
    };
  });
}

/** invoice.payment_failed: recorded on the order and mailed to the buyer (once per attempt). */
export function recordTermsPaymentFailed(
  deps: Deps,
  orderId: string,
  facts: { attempt: string; message: string },
  event?: EventRef,
): Promise<TermsTransition> {
  return onTermsOrder(deps, orderId, event, async (order) => {
    if (order.terms!.state !== 'open') return { outcome: 'already-recorded' };
    const nextTerms = withTerms(order, {
      failed_at: Timestamp.now(),
      failure_message: facts.message,
    });
    return {
      outcome: 'payment-failed',
      order: { terms: nextTerms },
      mails: await invoicePaymentFailedMail(deps, order, facts.attempt, facts.message),
    };
  });
}

/**
 * A reminder: Stripe's invoice.will_be_due (round 'due-soon', once per invoice) or a manager's
 * "send reminder now" (a round of its own each time).
 */
export function recordTermsReminder(
  deps: Deps,
  orderId: string,
  round: string,
  event?: EventRef,
): Promise<TermsTransition> {
  return onTermsOrder(deps, orderId, event, async (order) => {
    if (order.terms!.state !== 'open') return { outcome: 'already-recorded' };
    const nextTerms = withTerms(order, {
      reminders: order.terms!.reminders + 1,
      last_reminded_at: Timestamp.now(),
    });
    return {
      outcome: 'reminded',
      order: { terms: nextTerms },
      mails: await invoiceReminderMail(deps, order, round),
    };
  });
}

/** invoice.overdue: the invoice is past due and unpaid, so the company goes on credit hold. */
export function recordTermsOverdue(
  deps: Deps,
  orderId: string,
  event?: EventRef,
): Promise<TermsTransition> {
  return onTermsOrder(deps, orderId, event, async (order, { credit }) => {
    if (order.terms!.state !== 'open' || order.terms!.overdue) {
      return { outcome: 'already-recorded' };
    }
    return {
      outcome: 'overdue',
      order: { terms: withTerms(order, { overdue: true }) },
      credit: { overdue_orders: [...new Set([...credit.overdue_orders, orderId])] },
      mails: await invoiceOverdueMail(deps, order),
    };
  });
}

/**
 * An invoice voided (a manager's closeTermsInvoice, Stripe's invoice.voided, or an invoice that
 * could not be issued) cancels its order and returns its stock; written off (uncollectible), the
 * order stands and the invoice leaves the open balance while the credit hold stays.
 */
export function closeTermsOrder(
  deps: Deps,
  orderId: string,
  close: { to: 'void' | 'uncollectible'; by: string; reason: string; mail: boolean },
  event?: EventRef,
): Promise<TermsTransition> {
  return onTermsOrder(deps, orderId, event, async (order, { credit }) => {
    const terms = order.terms!;
    if (terms.state === close.to || terms.state === 'paid' || terms.state === 'void') {
      return { outcome: 'already-recorded' };
    }
    const nextTerms = withTerms(order, {
      state: close.to,
      closed_reason: close.reason,
      closed_by: close.by,
    });
    const credited = creditWithout(credit, orderId, order.amount, {
      wasReceivable: isReceivable(terms.state),
      liftHold: close.to === 'void',
    });
    if (close.to === 'uncollectible') {
      return {
        outcome: 'uncollectible',
        order: { terms: nextTerms, receivable: false },
        after: { ...order, terms: nextTerms },
        credit: credited,
      };
    }
    const now = Timestamp.now();
    const cancelled = order.status !== 'cancelled';
    return {
      outcome: 'void',
      order: {
        terms: nextTerms,
        receivable: false,
        ...(cancelled
          ? {
              status: 'cancelled',
              status_history: historyWith(order.status_history, 'cancelled', now, close.by),
              // Nothing of a cancelled order is still to ship: it leaves the backorder queue.
              backorder_open: false,
            }
          : {}),
      },
      after: { ...order, status: 'cancelled', terms: nextTerms },
      credit: credited,
      // A shipped order's goods are out: only an order not shipped yet goes back on the shelf,
      // and of a partially shipped one the units that had not shipped (backordered units too:
      // they are owed to nobody now).
      restock: order.status === 'awaiting_payment',
      ...(order.status === 'partially_shipped' ? { restockUnits: unshippedUnits(order) } : {}),
      mails: close.mail ? await invoiceVoidedMail(deps, order, close.reason) : [],
    };
  });
}

/** The units of each product an order has not shipped yet. */
function unshippedUnits(order: OrderState): Record<string, number> {
  const units: Record<string, number> = {};
  for (const line of lineProgress(order)) {
    if (line.remaining > 0) units[line.product_id] = (units[line.product_id] ?? 0) + line.remaining;
  }
  return units;
}

/** The manager's audit entry of a closed invoice (with who and why), in its own write. */
export async function auditInvoiceClosed(
  db: Firestore,
  entry: { actor: string; orderId: string; action: 'void' | 'uncollectible'; reason: string },
): Promise<void> {
  await db.collection(COLLECTIONS.auditLog).add({
    action: `invoice.${entry.action === 'void' ? 'voided' : 'marked_uncollectible'}`,
    actor: entry.actor,
    target: entry.orderId,
    reason: entry.reason,
    at: FieldValue.serverTimestamp(),
  });
}

/** Stripe's message of the last failed attempt, in the buyer's words when it has none. */
export function failureMessageOf(invoice: Stripe.Invoice): string {
  return invoice.last_finalization_error?.message ?? 'the payment was declined';
}

export type TermsContext = Pick<Context, 'db' | 'stripe' | 'auth' | 'env'>;
