import type Stripe from 'stripe';
import { COLLECTIONS } from '@portal/domain';
import type { Context } from '../lib/context';
import { log } from '../lib/log';
import { readCheckout } from './checkout-record';
import {
  closeCheckout,
  recordCheckoutCompleted,
  recordCheckoutExpired,
} from './checkout-transitions';
import { expireOrRead } from './create-checkout';
import { isMissingResource } from '../stripe/stripe-errors';

/**
 * A buyer lost access (rejected, by a manager or the claims command line): each of their open
 * checkouts is closed at once rather than left holding stock for the rest of its hour. Its
 * session is expired at Stripe (so the old URL can no longer be paid) and the checkout marked
 * expired, its stock released; one that was paid meanwhile is recorded as the webhook would,
 * which refuses it (cancelled and refunded: refused-payments.ts). A checkout without a session
 * is marked failed. Returns how many checkouts were closed; one that fails is logged and left to
 * the webhook or the sweep of stale checkouts, the others go on.
 */
export async function closeCheckoutsOfBuyer(
  deps: Pick<Context, 'db' | 'auth' | 'env' | 'stripe'>,
  uid: string,
): Promise<number> {
  const open = await deps.db
    .collection(COLLECTIONS.checkouts)
    .where('user_id', '==', uid)
    .where('state', '==', 'open')
    .get();
  let closed = 0;
  for (const doc of open.docs) {
    const checkout = readCheckout(doc);
    if (!checkout) continue;
    const sessionId = checkout.stripe_session_id;
    try {
      if (!sessionId) {
        if (
          await closeCheckout(deps.db, checkout.id, 'failed', {
            withSession: false,
            stripe: deps.stripe,
          })
        )
          closed++;
        continue;
      }
      let session: Stripe.Checkout.Session;
      try {
        session = await expireOrRead(deps.stripe, sessionId);
      } catch (error) {
        if (!isMissingResource(error)) throw error;
        // Stripe no longer knows the session (a restarted local sandbox): nobody can pay it.
        if (
          await closeCheckout(deps.db, checkout.id, 'expired', {
            withSession: true,
            stripe: deps.stripe,
          })
        )
          closed++;
        continue;
      }
      if (session.status === 'expired') {
        if (
          (await recordCheckoutExpired(deps.db, session, undefined, deps.stripe)).outcome ===
          'expired'
        )
          closed++;
      } else if (session.status === 'complete') {
        await recordCheckoutCompleted(deps, session);
        closed++;
      }
    } catch (error) {
      log.warn('buyer_checkout_close_failed', {
        uid,
        orderId: checkout.id,
        sessionId,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return closed;
}
