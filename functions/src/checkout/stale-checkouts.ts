import { Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { COLLECTIONS } from '@portal/domain';
import type { Context } from '../lib/context';
import { log } from '../lib/log';
import { readCheckout, type CheckoutRecord } from './checkout-record';
import { CHECKOUT_SESSION_LIFETIME_MS } from './checkout-session';
import {
  closeCheckout,
  recordCheckoutCompleted,
  recordCheckoutExpired,
} from './checkout-transitions';
import { expireOrRead } from './create-checkout';
import { isMissingResource } from '../stripe/stripe-errors';

/**
 * The sweep of stale checkouts (the `sweepStaleCheckouts` scheduled function, every 15 minutes).
 * A checkout holds its stock while it is 'open'; it leaves 'open' when Stripe reports its session
 * expired or complete, or when it is replaced or fails. Two things can leave one open for good:
 * the call that created it died before it got a Stripe session, or Stripe's webhook never
 * arrived. Past its session's lifetime (plus a margin for a late webhook) nothing else will
 * close it, so the sweep asks Stripe what became of it and records that with the same
 * transitions the webhook uses: expired (the hold released) or complete (the order made, the
 * stock committed). Each transition checks the checkout again in its transaction, so a webhook
 * arriving at the same moment changes nothing twice.
 */

/** How long past its session's lifetime a checkout waits for Stripe's webhook before it is swept. */
export const STALE_CHECKOUT_MARGIN_MS = 10 * 60 * 1000;

/** How many checkouts one sweep handles at most (the oldest first; the rest wait for the next). */
export const STALE_CHECKOUT_SWEEP_LIMIT = 100;

/** Checkouts handled at once (each is a Stripe call or two and a transaction). */
const CONCURRENCY = 5;

export type SweepDeps = Pick<Context, 'db' | 'auth' | 'env' | 'stripe'>;

export interface SweepCounts {
  /** Closed without an order: expired at Stripe, unknown to Stripe, or never given a session. */
  closed: number;
  /** Became their order: Stripe had the session complete (the buyer paid). */
  completed: number;
  /** Could not be settled this time (logged); the next sweep tries again. */
  failed: number;
}

type Settled = 'closed' | 'completed' | 'unchanged';

async function recordSession(deps: SweepDeps, session: Stripe.Checkout.Session): Promise<Settled> {
  if (session.status === 'expired') {
    const { outcome } = await recordCheckoutExpired(deps.db, session, undefined, deps.stripe);
    return outcome === 'expired' ? 'closed' : 'unchanged';
  }
  if (session.status === 'complete') {
    const { outcome } = await recordCheckoutCompleted(deps, session);
    return outcome === 'paid' || outcome === 'awaiting-payment' ? 'completed' : 'unchanged';
  }
  throw new Error(`Session ${session.id} is still ${session.status}`);
}

/** Settles one stale checkout: what its session became at Stripe, or closed without one. */
async function settle(deps: SweepDeps, checkout: CheckoutRecord): Promise<Settled> {
  const sessionId = checkout.stripe_session_id;
  if (!sessionId) {
    // The call that created it stopped before it had a session: nobody can pay it.
    const closed = await closeCheckout(deps.db, checkout.id, 'failed', {
      withSession: false,
      stripe: deps.stripe,
    });
    return closed ? 'closed' : 'unchanged';
  }
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe().checkout.sessions.retrieve(sessionId);
    // Open past its expiry should not happen: close it at Stripe so it cannot be paid later.
    if (session.status === 'open') session = await expireOrRead(deps.stripe, sessionId);
  } catch (error) {
    if (!isMissingResource(error)) throw error;
    // Stripe no longer knows the session (a restarted local sandbox): nobody can pay it.
    const closed = await closeCheckout(deps.db, checkout.id, 'expired', {
      withSession: true,
      stripe: deps.stripe,
    });
    return closed ? 'closed' : 'unchanged';
  }
  return recordSession(deps, session);
}

/** True while the checkout's own hold (a quote's payment link: a day) and the margin last. */
function stillHeld(checkout: CheckoutRecord, now: number): boolean {
  const until = checkout.hold_until?.toMillis();
  return until !== undefined && until + STALE_CHECKOUT_MARGIN_MS > now;
}

/**
 * The open checkouts to sweep, the oldest first, at most `limit`: created longer ago than a
 * session lives plus the margin, and past their own hold when it is longer (a quote's payment
 * link lasts a day: it is passed over, not swept, and the pages go on past it).
 */
async function staleCheckouts(deps: SweepDeps, now: number, limit: number) {
  const cutoff = now - CHECKOUT_SESSION_LIFETIME_MS - STALE_CHECKOUT_MARGIN_MS;
  const query = deps.db
    .collection(COLLECTIONS.checkouts)
    .where('state', '==', 'open')
    .where('created_at', '<', Timestamp.fromMillis(cutoff))
    .orderBy('created_at', 'asc')
    .limit(limit);
  const due: QueryDocumentSnapshot[] = [];
  let page = await query.get();
  for (;;) {
    for (const doc of page.docs) {
      let checkout: CheckoutRecord | null = null;
      try {
        checkout = readCheckout(doc);
      } catch {
        // Unreadable: left to settle(), which logs it.
      }
      if (checkout && stillHeld(checkout, now)) continue;
      due.push(doc);
      if (due.length >= limit) return due;
    }
    const last = page.docs.at(-1);
    if (page.size < limit || !last) return due;
    page = await query.startAfter(last).get();
  }
}

/**
 * Closes the open checkouts created longer ago than a session lives plus STALE_CHECKOUT_MARGIN_MS
 * (and past their own hold, when longer), the oldest first, at most `limit`: each is settled as
 * Stripe knows its session (see above). One that fails is logged and left for the next sweep;
 * the others go on. Needs the composite index checkouts (state asc, created_at asc) in
 * firestore.indexes.json.
 */
export async function sweepStaleCheckouts(
  deps: SweepDeps,
  options: { now: number; limit?: number },
): Promise<SweepCounts> {
  const docs = await staleCheckouts(deps, options.now, options.limit ?? STALE_CHECKOUT_SWEEP_LIMIT);
  const counts: SweepCounts = { closed: 0, completed: 0, failed: 0 };
  for (let start = 0; start < docs.length; start += CONCURRENCY) {
    await Promise.all(
      docs.slice(start, start + CONCURRENCY).map(async (doc) => {
        let sessionId: string | null = null;
        try {
          const checkout = readCheckout(doc);
          if (!checkout) return;
          sessionId = checkout.stripe_session_id;
          const settled = await settle(deps, checkout);
          if (settled !== 'unchanged') counts[settled] += 1;
        } catch (error) {
          counts.failed += 1;
          log.warn('stale_checkout_sweep_failed', {
            orderId: doc.id,
            sessionId,
            message: error instanceof Error ? error.message : String(error),
          });
        }
      }),
    );
  }
  if (counts.closed + counts.completed + counts.failed > 0) {
    log.info('stale_checkouts_swept', { ...counts });
  }
  return counts;
}
