import { setTimeout as sleep } from 'node:timers/promises';
import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import {
  orderTotal,
  orderTotalProblem,
  paths,
  shortOrderId,
  type BuyerRole,
  type CreateCheckoutSessionResponse,
  type OrderLine,
} from '@portal/domain';
import type { Context } from '../lib/context';
import { ConcurrentChangeError, NotAllowedError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import {
  checkoutFingerprint,
  loadProducts,
  priceLinesOrRefuse,
  readLineRequests,
  type CheckoutSource,
} from './checkout-lines';
import { claimCheckout, openCheckout, peekCheckout, releaseCheckout } from './checkout-lock';
import { CHECKOUT_SESSION_LIFETIME_MS, checkoutSessionParams } from './checkout-session';
import type { OrderDoc } from './order-record';
import {
  cancelPendingOrder,
  recordCheckoutExpired,
  recordCheckoutPaid,
  STRIPE_ACTOR,
  SYSTEM_ACTOR,
} from './order-transitions';
import { isMissingResource, stripeFailure } from './stripe-errors';

interface CheckoutBuyer {
  uid: string;
  role: BuyerRole;
  email?: string | undefined;
}

/** What checkout uses of the context: Firestore, Stripe, the return site and the clock. */
type CheckoutContext = Pick<Context, 'db' | 'stripe' | 'webOrigin' | 'now'>;

const MAX_ATTEMPTS = 3;

/** How long a second call waits for a concurrent first call's session. */
const WAIT_FOR_SESSION_MS = 15_000;

/** The approval on the profile document, checked as well as the claims (a token lives an hour). */
async function storeNameOfApprovedBuyer(db: Firestore, uid: string): Promise<string> {
  const profile = await db.doc(paths.profile(uid)).get();
  if (!profile.exists || profile.get('status') !== 'approved') {
    throw new NotAllowedError('Your account is not approved for ordering.');
  }
  const storeName: unknown = profile.get('store_name');
  return typeof storeName === 'string' ? storeName : '';
}

function newOrder(
  buyer: CheckoutBuyer,
  storeName: string,
  lines: OrderLine[],
  fingerprint: string,
  source: CheckoutSource,
  now: Timestamp,
): OrderDoc {
  return {
    user_id: buyer.uid,
    store_name: storeName,
    items: lines,
    amount: orderTotal(lines),
    currency: 'usd',
    payment_type: 'one_time',
    status: 'pending',
    stripe_session_id: null,
    created_at: now,
    updated_at: now,
    paid_at: null,
    status_history: [{ status: 'pending', at: now, by: buyer.uid }],
    cart_fingerprint: fingerprint,
    source,
  };
}

/**
 * createCheckoutSession: prices the buyer's cart (or one unit of `productId`) on the server,
 * creates the pending order and a Stripe Checkout session for all its lines, and returns the
 * session's URL. A repeated call for the same lines returns the same open session.
 */
export async function createCheckout(
  buyer: CheckoutBuyer,
  productId: string | undefined,
  ctx: CheckoutContext,
): Promise<CreateCheckoutSessionResponse> {
  const { db, stripe, now } = ctx;
  const [storeName, { source, requests }] = await Promise.all([
    storeNameOfApprovedBuyer(db, buyer.uid),
    readLineRequests(db, buyer.uid, productId),
  ]);
  const products = await loadProducts(
    db,
    requests.map((r) => r.product_id),
    buyer.role,
  );
  const lines = priceLinesOrRefuse(requests, products, buyer.role, source);
  // Refused here, before any order exists, rather than by Stripe after one was created.
  const totalProblem = orderTotalProblem(orderTotal(lines));
  if (totalProblem) throw new PreconditionError(`${totalProblem}.`);
  const fingerprint = checkoutFingerprint(source, lines);
  let webOrigin: string;
  try {
    webOrigin = ctx.webOrigin();
  } catch (error) {
    throw stripeFailure('checkout_config_failed', error);
  }

  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const claim = await claimCheckout(
      db,
      buyer.uid,
      fingerprint,
      (claimedAt) => newOrder(buyer, storeName, lines, fingerprint, source, claimedAt),
      now,
    );

    if (claim.kind === 'reuse') {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe().checkout.sessions.retrieve(claim.sessionId);
      } catch (error) {
        if (!isMissingResource(error)) {
          throw stripeFailure('checkout_session_read_failed', error, { orderId: claim.orderId });
        }
        // Stripe no longer knows the session (a restarted local sandbox): close the order, retry.
        const gone = { id: claim.sessionId, client_reference_id: claim.orderId, metadata: null };
        await recordCheckoutExpired(db, gone, undefined, SYSTEM_ACTOR);
        continue;
      }
      if (session.status === 'open' && session.url) {
        log.info('checkout_session_reused', {
          uid: buyer.uid,
          orderId: claim.orderId,
          sessionId: session.id,
        });
        return { url: session.url, orderId: claim.orderId };
      }
      if (session.status === 'complete' && session.payment_status === 'paid') {
        await recordCheckoutPaid(db, session);
        throw new PreconditionError(
          `You have already paid for these items (order ${shortOrderId(claim.orderId)}).`,
          { orderId: claim.orderId },
        );
      }
      // Expired (or complete but unpaid): close that order and start a new one.
      await recordCheckoutExpired(db, session, undefined, STRIPE_ACTOR);
      continue;
    }

    if (claim.kind === 'wait') {
      const url = await waitForSession(db, buyer.uid, claim.orderId, now);
      if (url) return { url, orderId: claim.orderId };
      continue;
    }

    const expiresAt = new Date(now() + CHECKOUT_SESSION_LIFETIME_MS);
    const params = checkoutSessionParams({
      orderId: claim.orderId,
      uid: buyer.uid,
      lines,
      webOrigin,
      expiresAt,
      customerEmail: buyer.email,
    });
    const [created] = await Promise.all([
      stripe()
        .checkout.sessions.create(params, { idempotencyKey: claim.orderId })
        .then(
          (session) => ({ ok: true as const, session }),
          (error: unknown) => ({ ok: false as const, error }),
        ),
      claim.previous ? retireCheckout(db, stripe, claim.previous) : Promise.resolve(),
    ]);
    const url = created.ok ? created.session.url : null;
    if (!created.ok || !url) {
      await Promise.all([
        releaseCheckout(db, buyer.uid, claim.orderId),
        cancelPendingOrder(db, claim.orderId, SYSTEM_ACTOR),
      ]);
      throw stripeFailure(
        'checkout_session_create_failed',
        created.ok ? new Error('Stripe returned a session without a URL') : created.error,
        { orderId: claim.orderId, uid: buyer.uid },
      );
    }
    const { session } = created;
    if (!(await openCheckout(db, buyer.uid, claim.orderId, { id: session.id, url, expiresAt }))) {
      // Another checkout of this buyer (a changed cart in another tab) replaced this order while
      // its session was being created: close the session so it cannot be paid, and the order
      // (the newer call cancels it too; whichever comes second changes nothing).
      await Promise.all([
        stripe()
          .checkout.sessions.expire(session.id)
          .catch((error: unknown) =>
            log.warn('checkout_session_close_failed', {
              sessionId: session.id,
              error: String(error),
            }),
          ),
        cancelPendingOrder(db, claim.orderId, SYSTEM_ACTOR),
      ]);
      throw new ConcurrentChangeError(
        'Your cart changed while checkout was being prepared. Try again.',
      );
    }
    log.info('checkout_session_created', {
      uid: buyer.uid,
      orderId: claim.orderId,
      sessionId: session.id,
      amount: session.amount_total,
      lines: lines.length,
      source,
    });
    return { url, orderId: claim.orderId };
  }
  throw new ConcurrentChangeError('Your checkout changed while it was being prepared. Try again.');
}

/** Polls the lock until the concurrent call publishes its session (URL) or gives up (null). */
async function waitForSession(
  db: Firestore,
  uid: string,
  orderId: string,
  now: () => number,
): Promise<string | null> {
  const deadline = now() + WAIT_FOR_SESSION_MS;
  while (now() < deadline) {
    await sleep(100);
    const lock = await peekCheckout(db, uid);
    if (!lock || lock.order_id !== orderId) return null;
    if (lock.state === 'open' && lock.url) return lock.url;
  }
  throw new ConcurrentChangeError(
    'A checkout for this cart is still being prepared. Try again in a moment.',
  );
}

/**
 * Closes a session at Stripe. One that is no longer open (it expired on its own, or was paid
 * meanwhile) cannot be expired; it is read instead, so the caller records what happened to it.
 */
async function expireOrRead(stripe: () => Stripe, sessionId: string) {
  try {
    return await stripe().checkout.sessions.expire(sessionId);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || isMissingResource(error)) {
      throw error;
    }
    return stripe().checkout.sessions.retrieve(sessionId);
  }
}

/**
 * A newer checkout replaces the buyer's previous pending one: its session is expired at Stripe
 * (so a stale tab cannot pay it as well) and the order cancelled. A session that had already
 * expired cancels its order the same way, without waiting for the webhook; one that was paid in
 * the meantime has its payment recorded (the same transition as the webhook's).
 */
async function retireCheckout(
  db: Firestore,
  stripe: () => Stripe,
  previous: { orderId: string; sessionId: string | null },
): Promise<void> {
  try {
    if (!previous.sessionId) {
      await cancelPendingOrder(db, previous.orderId, SYSTEM_ACTOR);
      return;
    }
    const session = await expireOrRead(stripe, previous.sessionId);
    if (session.status === 'expired') {
      await recordCheckoutExpired(db, session, undefined, SYSTEM_ACTOR);
    } else if (session.status === 'complete' && session.payment_status === 'paid') {
      await recordCheckoutPaid(db, session);
    }
    log.info('checkout_session_replaced', {
      orderId: previous.orderId,
      sessionId: previous.sessionId,
      sessionStatus: session.status,
    });
  } catch (error) {
    log.warn('checkout_session_replace_failed', {
      orderId: previous.orderId,
      sessionId: previous.sessionId,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}
