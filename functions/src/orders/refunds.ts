import type { Firestore } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import {
  COLLECTIONS,
  planLineRefund,
  refundableCents,
  refundProblem,
  type LineRefundPlan,
  type OrderStatus,
  type RefundOrderResponse,
} from '@portal/domain';
import type { Context } from '../lib/context';
import { ConcurrentChangeError, NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { idOf, orderOfPayment } from './order-of-payment';
import { readOrderState, type OrderState, type RefundDoc } from './order-record';
import { planMetadata, planOfMetadata } from './refund-metadata';
import { recordRefund, STRIPE_ACTOR } from './order-transitions';
import { claimRefund, releaseRefundClaim } from './refund-claim';
import { stripeFailure } from '../stripe/stripe-errors';

interface RefundInput {
  orderId: string;
  /**
   * The refund the manager asked for, named once by the client (a UUID) and sent again on a
   * retry; a cancellation names its refund after the refunds already made (cancellationRequestId).
   */
  requestId: string;
  /** Cents; without it (and without lines, shipping or goodwill), everything left to refund. */
  amount?: number | undefined;
  /**
   * A refund by lines (docs/order-lifecycle.md#refunds-by-line): units of each line and how many
   * go back on hand, priced here with their share of the tax, plus shipping and goodwill cents.
   */
  lines?:
    | ReadonlyArray<{ productId: string; quantity: number; restock: number; shipped?: boolean }>
    | undefined;
  shipping?: number | undefined;
  goodwill?: number | undefined;
  /** For the managers and the books: kept in order_notes/{orderId}, never on the order. */
  internalNote: string;
  /** Printed on the buyer's invoice and in the refund mail. */
  customerNote: string;
  /** Cancel a processing order with the refund (a full refund). */
  cancel?: boolean;
  /** Put the order's units back on hand (a full refund only: everything left, or `cancel`). */
  restock?: boolean;
  /** The claim this refund settles (claims/settle-claim.ts): recorded on the refund entry. */
  claimId?: string;
}

/**
 * The Idempotency-Key of one refund request: a retried, doubled or raced call with the same
 * request id makes one Stripe refund (Stripe answers the same refund again for 24 hours), which is
 * then recorded once by its id. The same request id with another amount, reason or manager is
 * refused by Stripe (idempotency_error). A count of the refunds made so far would not do: a retry
 * after a success sees one more refund and so makes another.
 */
export function refundIdempotencyKey(orderId: string, requestId: string): string {
  return `refund:${orderId}:${requestId}`;
}

/**
 * The request id of a cancellation's refund. An order is cancelled once (a second cancel finds
 * it cancelled and refunds nothing), so the refunds made before it name it: two managers
 * cancelling at once, or a retry after a lost answer, make one refund.
 */
export function cancellationRequestId(order: Pick<OrderState, 'refunds'>): string {
  return `cancel-${order.refunds.length}`;
}

/**
 * A refund by lines priced against the order as read (planLineRefund), or null for a refund of
 * an amount; a request the order refuses (more units than are left to refund, restock beyond
 * them, more than is left) is refused here, before Stripe is asked for anything.
 */
function planOf(
  order: OrderState,
  input: RefundInput,
  settledByClaims: ReadonlyMap<string, number>,
): LineRefundPlan | null {
  if (input.lines === undefined && input.shipping === undefined && input.goodwill === undefined) {
    return null;
  }
  const priced = planLineRefund(
    order,
    {
      lines: (input.lines ?? []).map((line) => ({
        product_id: line.productId,
        quantity: line.quantity,
        restock: line.restock,
        ...(line.shipped ? { shipped: true } : {}),
      })),
      shipping: input.shipping ?? 0,
      goodwill: input.goodwill ?? 0,
    },
    settledByClaims,
  );
  if ('problem' in priced) throw new PreconditionError(priced.problem);
  return priced.plan;
}

/**
 * Units of each product of an order that its claims settled otherwise than by a refund (store
 * credit, a credit note, a replacement): paid for once, so a refund by lines may not refund them
 * again. (A claim settled by a refund recorded its lines as a refund of the order.)
 */
export async function unitsSettledByClaims(
  db: Firestore,
  orderId: string,
): Promise<Map<string, number>> {
  const snap = await db.collection(COLLECTIONS.claims).where('order_id', '==', orderId).get();
  const units = new Map<string, number>();
  for (const doc of snap.docs) {
    const remedy: unknown = doc.get('settlement.remedy');
    if (doc.get('status') !== 'settled' || remedy === 'refund') continue;
    const lines: unknown = doc.get('lines');
    if (!Array.isArray(lines)) continue;
    for (const line of lines as Array<{ product_id?: unknown; quantity?: unknown }>) {
      if (typeof line.product_id !== 'string' || typeof line.quantity !== 'number') continue;
      units.set(line.product_id, (units.get(line.product_id) ?? 0) + line.quantity);
    }
  }
  return units;
}

/** The parts of a refund by lines its entry on the order records. */
function partsOf(plan: Pick<LineRefundPlan, 'lines' | 'tax' | 'shipping' | 'goodwill'>) {
  return { lines: plan.lines, tax: plan.tax, shipping: plan.shipping, goodwill: plan.goodwill };
}

/** The answer to a refund request already recorded on the order: the first call's result. */
function answerOf(order: OrderState, refund: RefundDoc): RefundOrderResponse {
  return {
    orderId: order.id,
    status: order.status,
    refundId: refund.refund_id,
    amount: refund.amount,
    refundedAmount: order.refunded_amount,
  };
}

/**
 * refundOrder (and cancelling a processing order): refunds a paid order at Stripe and records the
 * refund on it; with `restock`, a refund of everything left (a cancellation, or goods returned)
 * puts the order's units back on hand as it is recorded. Nothing changes when the request is
 * refused (unpaid order, more than is left, restock with a partial refund).
 */
export async function refundOrder(
  managerUid: string,
  input: RefundInput,
  ctx: Pick<Context, 'db' | 'stripe' | 'auth' | 'env'>,
): Promise<RefundOrderResponse> {
  const { db, stripe } = ctx;
  const order = readOrderState(await db.collection(COLLECTIONS.orders).doc(input.orderId).get());
  if (!order) throw new NotFoundError('Order not found.');
  // A retry of a refund already recorded (its answer was lost, a double click, another tab)
  // answers what the first call did, before anything is checked against the order as it is now.
  const earlier = order.refunds.find((r) => r.request_id === input.requestId);
  if (earlier) return answerOf(order, earlier);
  const left = refundableCents(order);
  const settledByClaims =
    input.lines && input.lines.length > 0
      ? await unitsSettledByClaims(db, order.id)
      : new Map<string, number>();
  const plan = planOf(order, input, settledByClaims);
  const amount = plan?.amount ?? input.amount ?? left;
  const problem = refundProblem(order, amount);
  if (problem) throw new PreconditionError(problem, { refundable: left });
  if (input.cancel && order.status !== 'processing') {
    throw new PreconditionError(`An order that is ${order.status} cannot be marked cancelled.`);
  }
  if (input.cancel && amount !== left) {
    throw new PreconditionError('Cancelling an order refunds everything left on it.');
  }
  if (input.restock && amount !== left) {
    throw new PreconditionError(
      'Putting the items back in stock goes with refunding everything left on the order.',
    );
  }
  if (!order.stripe_payment_intent_id) {
    throw new PreconditionError('This order has no card payment on record to refund.');
  }
  // A refund by lines claims the order's units first, priced again on the order as it is now:
  // two refunds of the same last units cannot both go to Stripe. One of no units (shipping,
  // goodwill) is money alone, as a refund of an amount is: Stripe caps it at what the payment
  // has left, and it moves no unit or tax share, so it claims nothing.
  const claims = plan !== null && plan.lines.length > 0;
  if (claims) {
    await claimRefund(db, order.id, input.requestId, (now) => {
      const again = planOf(now, input, settledByClaims);
      if (again && again.amount !== plan.amount) {
        throw new ConcurrentChangeError(
          'This order was refunded by someone else meanwhile. Reload and try again.',
        );
      }
    });
  }

  let refund: Stripe.Refund;
  let refundMade = false;
  try {
    refund = await stripe().refunds.create(
      {
        payment_intent: order.stripe_payment_intent_id,
        amount,
        reason: 'requested_by_customer',
        // `cancel` (and `restock`) travel with the refund, so the refund webhook, if it comes
        // first, cancels (and restocks) the order too (and the buyer gets one "cancelled" mail,
        // not a refund mail and then another).
        metadata: {
          orderId: order.id,
          by: managerUid,
          // Both notes travel with the refund, so a webhook that records it first keeps each
          // where it belongs (the internal one away from the order the buyer reads).
          internal_note: input.internalNote,
          customer_note: input.customerNote,
          requestId: input.requestId,
          ...(input.claimId ? { claim_id: input.claimId } : {}),
          ...(input.cancel === true ? { cancel: 'true' } : {}),
          ...(input.restock === true ? { restock: 'true' } : {}),
          // The lines, tax, shipping and goodwill of a refund by lines, for the same reason.
          ...(plan ? planMetadata(plan) : {}),
        },
      },
      { idempotencyKey: refundIdempotencyKey(order.id, input.requestId) },
    );
    refundMade = true;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeIdempotencyError) {
      // This request id already made a refund with other details (another amount or manager):
      // the order changed since this request was made, or someone else is refunding it.
      throw new ConcurrentChangeError(
        'This order was refunded by someone else meanwhile. Reload and try again.',
      );
    }
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      log.warn('refund_refused_by_stripe', {
        orderId: order.id,
        code: error.code,
        message: error.message,
      });
      throw new PreconditionError(`Stripe refused the refund: ${error.message}`);
    }
    throw stripeFailure('refund_create_failed', error, { orderId: order.id });
  } finally {
    // A refund Stripe made ends its claim as it is recorded (recordRefund); one it did not make
    // must not hold the order's units for the others.
    if (claims && !refundMade) await releaseRefundClaim(db, order.id, input.requestId);
  }
  const recorded = await recordRefund(
    ctx,
    order.id,
    {
      refund_id: refund.id,
      amount: refund.amount,
      customer_note: input.customerNote,
      internal_note: input.internalNote,
      by: managerUid,
      request_id: input.requestId,
      ...(input.claimId ? { claim_id: input.claimId } : {}),
      ...(plan ? partsOf(plan) : {}),
    },
    { cancel: input.cancel === true, restock: input.restock === true },
  );
  if (!recorded) throw new NotFoundError('Order not found.');
  log.info('order_refunded', {
    orderId: order.id,
    refundId: refund.id,
    amount: refund.amount,
    refundedAmount: recorded.refundedAmount,
    status: recorded.status,
    by: managerUid,
  });
  return {
    orderId: order.id,
    status: recorded.status,
    refundId: refund.id,
    amount: refund.amount,
    refundedAmount: recorded.refundedAmount,
  };
}

function partsOfMetadata(refund: Stripe.Refund) {
  const plan = planOfMetadata(refund.metadata, refund.id);
  return plan ? partsOf(plan) : {};
}

export interface RefundsRecorded {
  /** null when no order of the portal's holds the refunded payment. */
  orderId: string | null;
  status: OrderStatus | null;
  outcome: 'recorded' | 'already-recorded' | 'no-order' | 'not-succeeded';
}

/**
 * A refund reported by Stripe (refund.created / refund.updated carry the refund; charge.refunded
 * the charge, whose refunds are listed): each refund that did not fail is recorded on the order
 * that holds the payment, once. Refunds made in the Stripe dashboard are recorded by 'stripe'.
 */
export async function recordStripeRefunds(
  ctx: Pick<Context, 'db' | 'stripe' | 'auth' | 'env'>,
  reported: { refund: Stripe.Refund } | { charge: Stripe.Charge },
): Promise<RefundsRecorded> {
  const paymentIntent =
    'refund' in reported
      ? idOf(reported.refund.payment_intent)
      : idOf(reported.charge.payment_intent);
  const orderId = await orderOfPayment(ctx, paymentIntent);
  if (!orderId) return { orderId: null, status: null, outcome: 'no-order' };
  const refunds =
    'refund' in reported
      ? [reported.refund]
      : (await ctx.stripe().refunds.list({ charge: reported.charge.id, limit: 100 })).data;
  let result: RefundsRecorded = { orderId, status: null, outcome: 'not-succeeded' };
  for (const refund of refunds) {
    if (refund.status === 'failed' || refund.status === 'canceled') continue;
    const recorded = await recordRefund(
      ctx,
      orderId,
      {
        refund_id: refund.id,
        amount: refund.amount,
        customer_note: refund.metadata?.customer_note ?? '',
        // A refund made before the notes were split carries one `reason`, written for the books;
        // one made in the Stripe dashboard has only Stripe's own reason (duplicate, fraudulent...).
        // One the portal made (its metadata names who) never takes Stripe's reason: refundOrder
        // always sends requested_by_customer, and Stripe drops an empty note from the metadata,
        // so a refund without an internal note would read "requested_by_customer".
        internal_note:
          refund.metadata?.internal_note ??
          refund.metadata?.reason ??
          (refund.metadata?.by ? '' : (refund.reason ?? '')),
        by: refund.metadata?.by ?? STRIPE_ACTOR,
        // refundOrder's request id travels in the metadata, so a webhook that records the
        // refund first still lets a retry of that request find it.
        ...(refund.metadata?.requestId ? { request_id: refund.metadata.requestId } : {}),
        // The claim a settlement's refund settles travels too (its units are not claimable again).
        ...(refund.metadata?.claim_id ? { claim_id: refund.metadata.claim_id } : {}),
        // A refund by lines records its lines (and restocks their units) whoever records it.
        ...partsOfMetadata(refund),
      },
      {
        cancel: refund.metadata?.cancel === 'true',
        restock: refund.metadata?.restock === 'true',
      },
    );
    if (!recorded) return { orderId: null, status: null, outcome: 'no-order' };
    result = {
      orderId,
      status: recorded.status,
      outcome: result.outcome === 'recorded' ? 'recorded' : recorded.outcome,
    };
  }
  return result;
}
