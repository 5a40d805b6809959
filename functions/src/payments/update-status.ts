import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { COLLECTIONS, type OrderStatus, type UpdateOrderStatusResponse } from '@portal/domain';
import type { Context } from '../lib/context';
import { NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { readOrderState } from './order-record';
import { IllegalTransitionError, moveOrder, recordCheckoutPaid } from './order-transitions';
import { stripeFailure } from './stripe-errors';

/**
 * Before a manager cancels a pending order, its Checkout Session is closed at Stripe so the buyer
 * cannot pay a cancelled order. If the buyer has just paid, the payment is recorded instead and
 * the cancellation refused (the order is now processing; cancelling it needs a refund).
 */
async function closeCheckoutOf(
  db: Firestore,
  stripe: () => Stripe,
  orderId: string,
  sessionId: string,
): Promise<void> {
  try {
    const session = await stripe().checkout.sessions.retrieve(sessionId);
    if (session.status === 'open') {
      await stripe().checkout.sessions.expire(sessionId);
    } else if (session.status === 'complete' && session.payment_status === 'paid') {
      await recordCheckoutPaid(db, session);
    }
  } catch (error) {
    throw stripeFailure('update_order_close_checkout_failed', error, { orderId, sessionId });
  }
}

/**
 * updateOrderStatus: a manager moves an order along the state machine; the move is recorded.
 * The order lifecycle: docs/data-model.md.
 */
export async function updateOrderStatus(
  managerUid: string,
  orderId: string,
  to: OrderStatus,
  ctx: Pick<Context, 'db' | 'stripe'>,
): Promise<UpdateOrderStatusResponse> {
  const { db, stripe } = ctx;
  const before = readOrderState(await db.collection(COLLECTIONS.orders).doc(orderId).get());
  if (!before) throw new NotFoundError('Order not found.');
  if (to === 'cancelled' && before.status === 'pending' && before.stripe_session_id) {
    await closeCheckoutOf(db, stripe, orderId, before.stripe_session_id);
  }
  try {
    const moved = await moveOrder(db, orderId, to, managerUid, { status: before.status });
    if (!moved) throw new NotFoundError('Order not found.');
    log.info('order_status_updated', { orderId, from: moved.from, to: moved.to, by: managerUid });
    return { orderId, status: moved.to };
  } catch (error) {
    if (error instanceof IllegalTransitionError) {
      const message =
        error.from === before.status
          ? `An order that is ${error.from} cannot be marked ${error.to}.`
          : `The order changed to ${error.from} meanwhile (the buyer may have just paid). Reload and try again.`;
      throw new PreconditionError(message, { from: error.from, to: error.to });
    }
    throw error;
  }
}
