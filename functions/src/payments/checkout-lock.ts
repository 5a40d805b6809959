import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, paths } from '@portal/domain';
import { REUSE_MARGIN_MS } from './checkout-session';
import { readOrderState, type OrderDoc } from './order-record';

/**
 * checkout_locks/{uid}: the buyer's checkout in progress. Claimed in a transaction together with
 * the creation of the pending order, so two quick calls for the same cart produce one order and
 * one Checkout Session: the second call finds the claim and waits for (or reuses) the session.
 * Server only (firestore.rules deny it to clients by default).
 */
interface CheckoutLock {
  fingerprint: string;
  order_id: string;
  state: 'creating' | 'open';
  claimed_at: Timestamp;
  session_id: string | null;
  url: string | null;
  expires_at: Timestamp | null;
}

/** A 'creating' claim older than this is taken over (its caller crashed or timed out). */
const STALE_CLAIM_MS = 30_000;

type ClaimResult =
  /** An open session for the same lines and a pending order: hand it out again. */
  | { kind: 'reuse'; orderId: string; sessionId: string; url: string }
  /** Another call is creating the session for the same lines right now. */
  | { kind: 'wait'; orderId: string }
  /** This call owns a new pending order; `previous` is the pending order it replaces, if any. */
  | {
      kind: 'created';
      orderId: string;
      previous: { orderId: string; sessionId: string | null } | null;
    };

function lockRef(db: Firestore, uid: string) {
  return db.doc(paths.checkoutLock(uid));
}

function readLock(data: DocumentData | undefined): CheckoutLock | null {
  if (!data || typeof data.fingerprint !== 'string' || typeof data.order_id !== 'string')
    return null;
  return data as CheckoutLock;
}

/**
 * Reuses the buyer's open checkout for the same fingerprint, or creates the pending order
 * (built by `buildOrder` for the new id) and claims the lock, in one transaction.
 */
export async function claimCheckout(
  db: Firestore,
  uid: string,
  fingerprint: string,
  buildOrder: (now: Timestamp) => OrderDoc,
  nowMs: () => number = Date.now,
): Promise<ClaimResult> {
  const ref = lockRef(db, uid);
  return db.runTransaction(async (tx) => {
    const lock = readLock((await tx.get(ref)).data());
    const current = lock
      ? readOrderState(await tx.get(db.collection(COLLECTIONS.orders).doc(lock.order_id)))
      : null;
    const pending = lock && current?.status === 'pending' && current.user_id === uid ? lock : null;
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
          orderId: pending.order_id,
          sessionId: pending.session_id,
          url: pending.url,
        };
      }
      if (pending.state === 'creating' && now - pending.claimed_at.toMillis() < STALE_CLAIM_MS) {
        return { kind: 'wait', orderId: pending.order_id };
      }
    }
    const orderRef = db.collection(COLLECTIONS.orders).doc();
    const claimedAt = Timestamp.fromMillis(now);
    tx.create(orderRef, buildOrder(claimedAt));
    const next: CheckoutLock = {
      fingerprint,
      order_id: orderRef.id,
      state: 'creating',
      claimed_at: claimedAt,
      session_id: null,
      url: null,
      expires_at: null,
    };
    tx.set(ref, next);
    return {
      kind: 'created',
      orderId: orderRef.id,
      previous: pending ? { orderId: pending.order_id, sessionId: pending.session_id } : null,
    };
  });
}

/**
 * Publishes the session of a claimed order. Returns false, writing nothing, when the order is no
 * longer pending or the lock no longer points at it: a newer checkout replaced it meanwhile, and
 * the caller must close the session it just created. The lock is checked as well as the status
 * because the newer call cancels the replaced order only after its own claim has committed; a
 * session published in between would leave the replaced order pending with a payable session
 * (cancelPendingOrder leaves orders that have a session alone), i.e. two payable checkouts.
 */
export async function openCheckout(
  db: Firestore,
  uid: string,
  orderId: string,
  session: { id: string; url: string; expiresAt: Date },
): Promise<boolean> {
  const ref = lockRef(db, uid);
  const orderRef = db.collection(COLLECTIONS.orders).doc(orderId);
  return db.runTransaction(async (tx) => {
    const lock = readLock((await tx.get(ref)).data());
    const order = readOrderState(await tx.get(orderRef));
    if (order?.status !== 'pending' || lock?.order_id !== orderId) return false;
    const now = Timestamp.now();
    tx.update(orderRef, { stripe_session_id: session.id, updated_at: now });
    tx.update(ref, {
      state: 'open',
      session_id: session.id,
      url: session.url,
      expires_at: Timestamp.fromDate(session.expiresAt),
    });
    return true;
  });
}

/** Forgets the claim of an order whose session could not be created. */
export async function releaseCheckout(db: Firestore, uid: string, orderId: string): Promise<void> {
  const ref = lockRef(db, uid);
  await db.runTransaction(async (tx) => {
    const lock = readLock((await tx.get(ref)).data());
    if (lock?.order_id === orderId) tx.delete(ref);
  });
}

/** Reads the lock outside a transaction (while waiting for another call's session). */
export async function peekCheckout(db: Firestore, uid: string): Promise<CheckoutLock | null> {
  return readLock((await lockRef(db, uid).get()).data());
}
