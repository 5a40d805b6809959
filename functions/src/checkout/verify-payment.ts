import type Stripe from 'stripe';
import {
  COLLECTIONS,
  PAYMENT_OF_ANOTHER_ACCOUNT,
  nextChargedDelivery,
  paths,
  standingOrderCycleAmount,
  type VerifyPaymentResponse,
} from '@portal/domain';
import { requireCurrentlyApproved } from '../accounts/current-approval';
import type { Caller } from '../lib/caller';
import type { Context } from '../lib/context';
import { NotAllowedError, NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { readCheckout } from './checkout-record';
import { orderIdOfSession } from './checkout-session';
import {
  PaymentMismatchError,
  recordCheckoutCompleted,
  recordCheckoutExpired,
} from './checkout-transitions';
import { readOrderState } from '../orders/order-record';
import { logTransition } from '../orders/order-transitions';
import { readStandingOrder } from '../standing-orders/standing-order-record';
import { isMissingResource, stripeFailure } from '../stripe/stripe-errors';

/**
 * verifyPayment: the success page asks about its session. Stripe is the source of truth: a
 * complete session becomes its order now if the webhook has not done it yet (the same idempotent
 * transition), so the buyer sees the order even when the webhook is late or lost.
 */
export async function verifyPayment(
  caller: Caller,
  sessionId: string,
  ctx: Pick<Context, 'db' | 'stripe' | 'auth' | 'env'>,
): Promise<VerifyPaymentResponse> {
  const { db, stripe } = ctx;
  // A buyer must still be approved now, not only when their ID token was minted (a rejected
  // buyer's token lives up to an hour): a rejected buyer's payment is refused and refunded, and
  // they are told nothing more about it here.
  if (caller.access.kind !== 'manager') await requireCurrentlyApproved(ctx, caller.uid);
  // Whose payment this is comes from our own checkout record, before anything is asked of
  // Stripe: a caller cannot make the functions spend Stripe calls on sessions that are not theirs.
  const found = await db
    .collection(COLLECTIONS.checkouts)
    .where('stripe_session_id', '==', sessionId)
    .limit(2)
    .get();
  if (found.size !== 1) {
    if (found.size > 1) log.error('verify_payment_session_shared', { sessionId });
    throw new NotFoundError('Payment session not found.');
  }
  const checkout = readCheckout(found.docs[0]!);
  if (!checkout) throw new NotFoundError('Payment session not found.');
  if (checkout.user_id !== caller.uid && caller.access.kind !== 'manager') {
    throw new NotAllowedError(PAYMENT_OF_ANOTHER_ACCOUNT);
  }
  const checkoutId = checkout.id;

  let session: Stripe.Checkout.Session;
  try {
    session = await stripe().checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (isMissingResource(error)) throw new NotFoundError('Payment session not found.');
    throw stripeFailure('verify_payment_read_failed', error, { sessionId });
  }
  if (orderIdOfSession(session) !== checkoutId) {
    throw new NotFoundError('This payment session is not the one of its order.');
  }

  let order = readOrderState(await db.collection(COLLECTIONS.orders).doc(checkoutId).get());
  const settling = order?.status === 'pending' && session.payment_status === 'paid';
  if (session.status === 'complete' && (!order || settling)) {
    try {
      const result = await recordCheckoutCompleted(ctx, session);
      logTransition('verify_payment_recorded', result, { sessionId, by: caller.uid });
    } catch (error) {
      if (error instanceof PaymentMismatchError) {
        log.error('verify_payment_mismatch', {
          orderId: checkoutId,
          sessionId,
          message: error.message,
        });
        throw new PreconditionError('This payment does not match its order. We will look into it.');
      }
      throw error;
    }
    order = readOrderState(await db.collection(COLLECTIONS.orders).doc(checkoutId).get());
  } else if (session.status === 'expired') {
    await recordCheckoutExpired(db, session, undefined, stripe);
  }
  if (!order) {
    throw new PreconditionError(
      session.status === 'expired'
        ? 'This checkout expired without a payment. Your cart is as you left it.'
        : 'This checkout is not complete yet. Finish it on the payment page.',
    );
  }
  const answer: VerifyPaymentResponse = {
    amount: order.amount,
    status: order.status,
    orderId: checkoutId,
    ...(order.store_credit_applied > 0 ? { storeCreditApplied: order.store_credit_applied } : {}),
  };
  if (checkout.interval_weeks === undefined) return answer;
  // A standing order's first payment: the page states its terms (cadence, next charge).
  const standing = readStandingOrder(await db.doc(paths.standingOrder(checkoutId)).get());
  const next = standing && standing.status !== 'cancelled' ? nextChargedDelivery(standing) : null;
  return {
    ...answer,
    standingOrder: {
      intervalWeeks: checkout.interval_weeks,
      cycleAmount: standing ? standingOrderCycleAmount(standing.lines) : checkout.amount,
      nextChargeAt: next ? next.toISOString() : null,
    },
  };
}
