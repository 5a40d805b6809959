import type Stripe from 'stripe';
import { COLLECTIONS, type VerifyPaymentResponse } from '@portal/domain';
import type { Caller } from '../lib/caller';
import type { Context } from '../lib/context';
import { NotAllowedError, NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { orderIdOfSession } from './checkout-session';
import { readOrderState } from './order-record';
import {
  logTransition,
  PaymentMismatchError,
  recordCheckoutExpired,
  recordCheckoutPaid,
} from './order-transitions';
import { isMissingResource, stripeFailure } from './stripe-errors';

/**
 * verifyPayment: the success page asks about its session. Stripe is the source of truth: a paid
 * session moves the order now if the webhook has not done it yet (the same idempotent
 * transition), so the buyer sees "processing" even when the webhook is late or lost.
 */
export async function verifyPayment(
  caller: Caller,
  sessionId: string,
  ctx: Pick<Context, 'db' | 'stripe'>,
): Promise<VerifyPaymentResponse> {
  const { db, stripe } = ctx;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe().checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (isMissingResource(error)) throw new NotFoundError('Payment session not found.');
    throw stripeFailure('verify_payment_read_failed', error, { sessionId });
  }
  const orderId = orderIdOfSession(session);
  if (!orderId || orderId.includes('/'))
    throw new NotFoundError('No order belongs to this payment.');
  const order = readOrderState(await db.collection(COLLECTIONS.orders).doc(orderId).get());
  if (!order) throw new NotFoundError('No order belongs to this payment.');
  if (order.user_id !== caller.uid && caller.access.kind !== 'manager') {
    throw new NotAllowedError('This payment belongs to another account.');
  }
  if (order.stripe_session_id !== null && order.stripe_session_id !== session.id) {
    throw new NotFoundError('This payment session is not the one of its order.');
  }

  let status = order.status;
  if (order.status === 'pending') {
    try {
      if (session.status === 'complete' && session.payment_status === 'paid') {
        const result = await recordCheckoutPaid(db, session);
        logTransition('verify_payment_recorded', result, { sessionId, by: caller.uid });
        status = result.status;
      } else if (session.status === 'expired') {
        status = (await recordCheckoutExpired(db, session)).status;
      }
    } catch (error) {
      if (error instanceof PaymentMismatchError) {
        log.error('verify_payment_mismatch', { orderId, sessionId, message: error.message });
        throw new PreconditionError('This payment does not match its order. We will look into it.');
      }
      throw error;
    }
  }
  return { amount: order.amount, status, orderId };
}
