import type { Firestore } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import {
  COLLECTIONS,
  refundableCents,
  refundProblem,
  type OrderStatus,
  type RefundOrderResponse,
} from '@portal/domain';
import type { Context } from '../lib/context';
import { ConcurrentChangeError, NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { readOrderState, type OrderState } from './order-record';
import { recordRefund, STRIPE_ACTOR } from './order-transitions';
import { stripeFailure } from './stripe-errors';

interface RefundInput {
  orderId: string;
  /** Cents; without it, everything left to refund. */
  amount?: number | undefined;
  reason: string;
  /** Cancel a processing order with the refund (a full refund). */
  cancel?: boolean;
  /** Put the order's units back on hand (a full refund only: everything left, or `cancel`). */
  restock?: boolean;
}

/**
 * The Idempotency-Key of the n-th refund of an order (n = refunds recorded so far): a retried or
 * doubled call makes one Stripe refund, which is then recorded once by its id. A call for another
 * amount with the same key is refused by Stripe (idempotency_error): the order changed meanwhile.
 */
export function refundIdempotencyKey(order: Pick<OrderState, 'id' | 'refunds'>): string {
  return `refund:${order.id}:${order.refunds.length}`;
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
  const left = refundableCents(order);
  const amount = input.amount ?? left;
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

  let refund: Stripe.Refund;
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
          reason: input.reason,
          ...(input.cancel === true ? { cancel: 'true' } : {}),
          ...(input.restock === true ? { restock: 'true' } : {}),
        },
      },
      { idempotencyKey: refundIdempotencyKey(order) },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeIdempotencyError) {
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
  }
  const recorded = await recordRefund(
    ctx,
    order.id,
    { refund_id: refund.id, amount: refund.amount, reason: input.reason, by: managerUid },
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

export interface RefundsRecorded {
  /** null when no order of the portal's holds the refunded payment. */
  orderId: string | null;
  status: OrderStatus | null;
  outcome: 'recorded' | 'already-recorded' | 'no-order' | 'not-succeeded';
}

async function orderOfPayment(db: Firestore, paymentIntent: string | null) {
  if (!paymentIntent) return null;
  const found = await db
    .collection(COLLECTIONS.orders)
    .where('stripe_payment_intent_id', '==', paymentIntent)
    .limit(1)
    .get();
  return found.docs[0]?.id ?? null;
}

const idOf = (value: string | { id: string } | null) =>
  typeof value === 'string' ? value : (value?.id ?? null);

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
  const orderId = await orderOfPayment(ctx.db, paymentIntent);
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
        reason: refund.metadata?.reason ?? refund.reason ?? '',
        by: refund.metadata?.by ?? STRIPE_ACTOR,
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
