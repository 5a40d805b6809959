import { COLLECTIONS } from '@portal/domain';
import type { Context } from '../lib/context';
import { log } from '../lib/log';

/** The id of an expandable Stripe field (an id, or the object when it was expanded). */
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * A payment of one of the portal's checkouts was reported (a refund, a dispute) before the
 * checkout became its order: Stripe does not deliver events in order (after an outage, say). The
 * delivery fails so that Stripe delivers it again, by when checkout.session.completed has made
 * the order; acknowledged, the refund or dispute would never reach the order.
 */
export class OrderNotRecordedYetError extends Error {
  override name = 'OrderNotRecordedYetError';
}

/** How long after a payment its order is waited for (Stripe retries for about three days). */
const ORDER_AWAITED_MS = 24 * 60 * 60 * 1000;

/**
 * The id of the order paid by a Stripe payment intent, or null when none of the portal's orders
 * holds it and none of its checkouts made it (a payment made elsewhere on the account). Refunds
 * and disputes arrive this way. A payment intent that names a checkout of ours (its metadata's
 * orderId, checkoutSessionParams) not yet an order throws OrderNotRecordedYetError for a day
 * after the payment.
 */
export async function orderOfPayment(
  ctx: Pick<Context, 'db' | 'stripe'>,
  paymentIntent: string | null,
): Promise<string | null> {
  if (!paymentIntent) return null;
  const { db } = ctx;
  const found = await db
    .collection(COLLECTIONS.orders)
    .where('stripe_payment_intent_id', '==', paymentIntent)
    .limit(1)
    .get();
  if (found.docs[0]) return found.docs[0].id;
  const intent = await ctx
    .stripe()
    .paymentIntents.retrieve(paymentIntent)
    .catch((error: unknown) => {
      // Unknown to the account: not a payment of ours. Anything else (Stripe unreachable) fails
      // the delivery, which Stripe retries.
      if ((error as { code?: unknown }).code === 'resource_missing') return null;
      throw error;
    });
  const checkoutId = intent?.metadata?.orderId;
  if (!checkoutId) return null;
  const [order, checkout] = await db.getAll(
    db.collection(COLLECTIONS.orders).doc(checkoutId),
    db.collection(COLLECTIONS.checkouts).doc(checkoutId),
  );
  if (order?.exists) return checkoutId;
  if (!checkout?.exists) return null;
  // Its completion may still come (a checkout closed on our side still becomes an order when
  // Stripe completes its session) while the payment is recent. Past that, no delivery will make
  // the order (a payment refused for its amount, say): acknowledged, loudly, rather than retried
  // until Stripe gives up.
  if (Date.now() - intent!.created * 1000 < ORDER_AWAITED_MS) {
    throw new OrderNotRecordedYetError(
      `checkout ${checkoutId}, paid by ${paymentIntent}, is not an order yet`,
    );
  }
  log.error('stripe_payment_without_order', {
    checkoutId,
    paymentIntent,
    state: String(checkout.get('state')),
  });
  return null;
}
