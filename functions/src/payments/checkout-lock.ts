import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, paths } from '@portal/domain';
import { REUSE_MARGIN_MS } from './checkout-session';
import { readCheckout, type CheckoutDoc } from './checkout-record';
import {
  planReservation,
  readStock,
  reserveStock,
  type StockLine,
  type StockShortError,
} from './stock';

/**
 * checkout_locks/{uid}: the buyer's checkout in progress. Claimed in a transaction together with
 * the creation of the checkout (checkouts/{id}), so two quick calls for the same cart produce one
 * checkout and one Checkout Session: the second call finds the claim and waits for (or reuses) it.
 * Server only (firestore.rules deny it to clients by default).
 */
interface CheckoutLock {
  fingerprint: string;
  checkout_id: string;
  state: 'creating' | 'open';
  claimed_at: Timestamp;
  session_id: string | null;
  url: string | null;
  expires_at: Timestamp | null;
}

/** A 'creating' claim older than this is taken over (its caller crashed or timed out). */
const STALE_CLAIM_MS = 30_000;

/**
 * Attempts of the claim transaction. Every checkout of a product reads (and so locks) its product
 * document to reserve stock: many buyers checking out the same product at once queue on it, and
 * the younger ones may be aborted by older ones (wound-wait) and start over, more often than the
 * SDK's default of 5 attempts allows for. (The SDK backs off between attempts: at most 10.)
 */
const CLAIM_MAX_ATTEMPTS = 10;

type ClaimResult =
  /** An open session for the same lines: hand it out again. */
  | { kind: 'reuse'; checkoutId: string; sessionId: string; url: string }
  /** Another call is creating the session for the same lines right now. */
  | { kind: 'wait'; checkoutId: string }
  /** This call owns a new checkout; `previous` is the open checkout it replaces, if any. */
  | {
      kind: 'created';
      checkoutId: string;
      previous: { checkoutId: string; sessionId: string | null } | null;
    }
  /**
   * Too little stock for the lines while the buyer's previous open checkout (a different cart)
   * still holds some of it: nothing was written. The previous checkout is to be retired first
   * (which releases its hold), then the claim tried again; `short` is the refusal otherwise.
   */
  | {
      kind: 'retire-first';
      previous: { checkoutId: string; sessionId: string | null };
      short: StockShortError;
    };

function lockRef(db: Firestore, uid: string) {
  return db.doc(paths.checkoutLock(uid));
}

function readLock(data: DocumentData | undefined): CheckoutLock | null {
  if (!data || typeof data.fingerprint !== 'string' || typeof data.checkout_id !== 'string')
    return null;
  return data as CheckoutLock;
}

/**
 * Reuses the buyer's open checkout for the same fingerprint, or creates a checkout (built by
 * `buildCheckout`) and claims the lock, in one transaction. A new checkout reserves the stock of
 * its `lines` in the same transaction (stock_reserved of each stock-tracked product, recorded on
 * the checkout as stock_hold); when a product has fewer units available than its line asks for,
 * nothing is written and the claim is refused with "Only N left of <name>." (StockShortError).
 * A reused or awaited checkout keeps the hold it made when it was created.
 */
export async function claimCheckout(
  db: Firestore,
  uid: string,
  fingerprint: string,
  buildCheckout: (now: Timestamp) => CheckoutDoc,
  nowMs: () => number = Date.now,
  lines: readonly StockLine[] = [],
): Promise<ClaimResult> {
  const ref = lockRef(db, uid);
  return db.runTransaction(
    async (tx) => {
      const lock = readLock((await tx.get(ref)).data());
      const current = lock
        ? readCheckout(await tx.get(db.collection(COLLECTIONS.checkouts).doc(lock.checkout_id)))
        : null;
      const pending = lock && current?.state === 'open' && current.user_id === uid ? lock : null;
      const now = nowMs();
      if (pending && pending.fingerprint === fingerprint) {
        if (
          pending.state === 'open' &&
          pending.url &&
          pending.session_id &&
          pending.expires_at &&
          pending.expires_at.toMillis() > now + REUSE_MARGIN_MS
        ) {
          return {
            kind: 'reuse',
            checkoutId: pending.checkout_id,
            sessionId: pending.session_id,
            url: pending.url,
          };
        }
        if (pending.state === 'creating' && now - pending.claimed_at.toMillis() < STALE_CLAIM_MS) {
          return { kind: 'wait', checkoutId: pending.checkout_id };
        }
      }
      const previous = pending
        ? { checkoutId: pending.checkout_id, sessionId: pending.session_id }
        : null;
      // Reads before writes: the products whose stock the new checkout reserves.
      const stock = await readStock(
        tx,
        db,
        lines.map((line) => line.product_id),
      );
      // The previous checkout's units are the buyer's own: it is replaced by this one.
      const own = previous && current?.stock_held ? (current.stock_hold ?? {}) : {};
      const plan = planReservation(stock, lines, own);
      if ('short' in plan) {
        // Enough only with the buyer's own previous hold: retire that checkout first, then retry.
        if (plan.retire && previous) return { kind: 'retire-first', previous, short: plan.short };
        throw plan.short;
      }
      const checkoutRef = db.collection(COLLECTIONS.checkouts).doc();
      const claimedAt = Timestamp.fromMillis(now);
      tx.create(checkoutRef, {
        ...buildCheckout(claimedAt),
        stock_hold: plan.hold,
        stock_held: true,
      } satisfies CheckoutDoc);
      reserveStock(tx, stock, plan.hold);
      const next: CheckoutLock = {
        fingerprint,
        checkout_id: checkoutRef.id,
        state: 'creating',
        claimed_at: claimedAt,
        session_id: null,
        url: null,
        expires_at: null,
      };
      tx.set(ref, next);
      return { kind: 'created', checkoutId: checkoutRef.id, previous };
    },
    { maxAttempts: CLAIM_MAX_ATTEMPTS },
  );
}

/**
 * Publishes the session of a claimed checkout. Returns false, writing nothing, when the checkout
 * is no longer open or the lock no longer points at it: a newer checkout replaced it meanwhile,
 * and the caller must close the session it just created. The lock is checked as well as the
 * state because the newer call marks the replaced checkout only after its own claim has
 * committed; a session published in between would leave the replaced checkout open with a
 * payable session (markCheckoutReplaced leaves checkouts that have a session alone), i.e. two
 * payable checkouts.
 */
export async function openCheckout(
  db: Firestore,
  uid: string,
  checkoutId: string,
  session: { id: string; url: string; expiresAt: Date },
): Promise<boolean> {
  const ref = lockRef(db, uid);
  const checkoutRef = db.collection(COLLECTIONS.checkouts).doc(checkoutId);
  return db.runTransaction(async (tx) => {
    const lock = readLock((await tx.get(ref)).data());
    const checkout = readCheckout(await tx.get(checkoutRef));
    if (checkout?.state !== 'open' || lock?.checkout_id !== checkoutId) return false;
    const now = Timestamp.now();
    tx.update(checkoutRef, { stripe_session_id: session.id, updated_at: now });
    tx.update(ref, {
      state: 'open',
      session_id: session.id,
      url: session.url,
      expires_at: Timestamp.fromDate(session.expiresAt),
    });
    return true;
  });
}

/** Forgets the claim of a checkout whose session could not be created. */
export async function releaseCheckout(
  db: Firestore,
  uid: string,
  checkoutId: string,
): Promise<void> {
  const ref = lockRef(db, uid);
  await db.runTransaction(async (tx) => {
    const lock = readLock((await tx.get(ref)).data());
    if (lock?.checkout_id === checkoutId) tx.delete(ref);
  });
}

/** Reads the lock outside a transaction (while waiting for another call's session). */
export async function peekCheckout(db: Firestore, uid: string): Promise<CheckoutLock | null> {
  return readLock((await lockRef(db, uid).get()).data());
}
