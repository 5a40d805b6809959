import type Stripe from 'stripe';
import { COLLECTIONS, QUOTE_MESSAGES } from '@portal/domain';
import { NOT_APPROVED } from '../lib/caller';
import type { Context } from '../lib/context';
import { log } from '../lib/log';
import { recordRefund } from '../orders/order-transitions';
import { paymentIntentOf } from './order-from-checkout';
import { stripeFailure } from '../stripe/stripe-errors';

/**
 * Payments that must not become orders. A buyer rejected (or whose account was disabled or
 * deleted) after opening a checkout can still pay its Checkout Session: from a tab left open, or
 * a bank transfer that settles days later. And a quote makes one order: a payment for a quote
 * that another order accepted (or that was declined) must not make a second. Such a payment never
 * becomes an order for fulfilment: recordCheckoutCompleted (checkout-transitions.ts) makes the
 * order cancelled with its refused_reason (the hold released, no mail to anyone), and the money
 * goes back here, in full. The refunds webhook records the same refund once more by its id
 * (nothing changes).
 */

/** Why an order was made cancelled instead of going to fulfilment. */
export const REFUSED_BUYER_NOT_APPROVED = 'buyer_not_approved';
export const REFUSED_QUOTE_NOT_OPEN = 'quote_not_open';
export type RefusedReason = typeof REFUSED_BUYER_NOT_APPROVED | typeof REFUSED_QUOTE_NOT_OPEN;

/** Who the refusal is recorded as, in the order's status history and on its refund. */
export const NOT_APPROVED_ACTOR = 'system:not-approved';
export const QUOTE_NOT_OPEN_ACTOR = 'system:quote-not-open';

export function refusedActorOf(reason: RefusedReason): string {
  return reason === REFUSED_QUOTE_NOT_OPEN ? QUOTE_NOT_OPEN_ACTOR : NOT_APPROVED_ACTOR;
}

/** The note to the customer stored on the refund (the buyer sees it on the invoice). */
function refundNoteOf(reason: RefusedReason): string {
  return reason === REFUSED_QUOTE_NOT_OPEN ? QUOTE_MESSAGES.paidTwice : NOT_APPROVED;
}

function refusedReasonOf(value: unknown): RefusedReason | null {
  return value === REFUSED_BUYER_NOT_APPROVED || value === REFUSED_QUOTE_NOT_OPEN ? value : null;
}

/**
 * Refunds what is left of a refused order (refused_reason set) at Stripe and records the refund
 * on it; a standing order's subscription is cancelled too, so nothing more is charged. Safe to
 * repeat: the Idempotency-Key names the order, and an order refunded in full changes nothing.
 * A failure is thrown, so the webhook's delivery fails and Stripe delivers it again.
 */
export async function refundRefusedOrder(
  deps: Pick<Context, 'db' | 'auth' | 'env'> & { stripe?: () => Stripe },
  orderId: string,
  session: Stripe.Checkout.Session,
): Promise<void> {
  const snap = await deps.db.collection(COLLECTIONS.orders).doc(orderId).get();
  const reason = refusedReasonOf(snap.get('refused_reason'));
  if (!reason) return;
  const by = refusedActorOf(reason);
  const note = refundNoteOf(reason);
  const amount = snap.get('amount') as unknown;
  const refunded = snap.get('refunded_amount') as unknown;
  const left =
    (typeof amount === 'number' ? amount : 0) - (typeof refunded === 'number' ? refunded : 0);
  const paymentIntent =
    (snap.get('stripe_payment_intent_id') as string | null | undefined) ?? paymentIntentOf(session);
  if (!deps.stripe) throw new Error(`No Stripe client to refund refused order ${orderId}`);
  const stripe = deps.stripe();
  const subscription =
    typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
  if (subscription) {
    await stripe.subscriptions.cancel(subscription).catch((error: unknown) => {
      // Already cancelled (a replay) is the outcome wanted.
      log.warn('refused_subscription_cancel_failed', {
        orderId,
        subscription,
        error: String(error),
      });
    });
  }
  if (left <= 0) return;
  if (!paymentIntent) {
    log.error('refused_order_without_payment', { orderId, sessionId: session.id });
    throw new Error(`Refused order ${orderId} has no payment intent to refund`);
  }
  let refund: Stripe.Refund;
  try {
    refund = await stripe.refunds.create(
      {
        payment_intent: paymentIntent,
        amount: left,
        metadata: { orderId, by, customer_note: note },
      },
      { idempotencyKey: `refund:${orderId}:${reason}` },
    );
  } catch (error) {
    throw stripeFailure('refused_order_refund_failed', error, { orderId });
  }
  await recordRefund(deps, orderId, {
    refund_id: refund.id,
    amount: refund.amount,
    customer_note: note,
    by,
  });
  log.info('refused_order_refunded', { orderId, refundId: refund.id, amount: refund.amount });
}
