import {
  Timestamp,
  type DocumentData,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { COLLECTIONS, paths } from '@portal/domain';
import { ConcurrentChangeError, PreconditionError } from '../lib/errors';
import { CHECKOUT_SESSION_LIFETIME_MS, MIN_SESSION_LIFETIME_MS } from './checkout-session';
import { readCheckout, type CheckoutDoc } from './checkout-record';
import {
  planReservation,
  readStock,
  reserveNeeds,
  reserveStock,
  withBackorders,
  type StockHold,
  type StockLine,
  type StockRead,
  type StockRefusal,
} from '../orders/stock';

/**
 * checkout_locks/{uid}: the buyer's checkout in progress. Claimed in a transaction together with
 * the creation of the checkout (checkouts/{id}), so two quick calls for the same cart produce one
 * checkout and one Checkout Session: the second call finds the claim and waits for (or reuses) it.
 * A quote has a lock of its own, checkout_locks/quote_{quoteId} (quoteLockId), shared by the
 * company's members: one checkout pays the quote at a time, and a member's own cart checkout
 * neither uses nor retires it. Server only (firestore.rules deny it to clients by default).
 */
interface CheckoutLock {
  fingerprint: string;
  checkout_id: string;
  state: 'creating' | 'open';
  claimed_at: Timestamp;
  session_id: string | null;
  url: string | null;
  expires_at: Timestamp | null;
  /**
   * When the buyer's hold ends: an hour after the first checkout of an unbroken run of open
   * checkouts. A checkout that replaces an open one inherits it, so calling again never renews
   * a hold. Absent on locks written before it (then: expires_at, or claimed_at plus an hour).
   */
  hold_until?: Timestamp | null;
}

/** When a claim cannot go on because the buyer's checkouts changed under it. */
export const CHECKOUT_CHANGED = 'Your checkout changed while it was being prepared. Try again.';

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
  | { kind: 'reuse'; checkoutId: string; sessionId: string; url: string; expiresAt: Date }
  /** Another call is creating the session for the same lines right now. */
  | { kind: 'wait'; checkoutId: string }
  /** This call owns a new checkout; `previous` is the open checkout it replaces, if any. */
  | {
      kind: 'created';
      checkoutId: string;
      previous: { checkoutId: string; sessionId: string | null } | null;
      /** When its hold (and so its session) ends: never later than the previous one's. */
      holdUntil: Date;
      /** Units per product stock does not cover (backorders): the checkout's lines say so too. */
      backordered: StockHold;
    }
  /**
   * Too little stock for the lines while the buyer's previous open checkout (a different cart)
   * still holds some of it: nothing was written. The previous checkout is to be retired first
   * (which releases its hold), then the claim tried again; `short` is the refusal otherwise
   * (null: a product that takes backorders, which would backorder the units instead).
   */
  | {
      kind: 'retire-first';
      previous: { checkoutId: string; sessionId: string | null };
      short: StockRefusal | null;
    };

/** Which lock a checkout claims, and how. */
export interface CheckoutLockKey {
  /** checkout_locks/{id}: the buyer's uid (their own checkouts), or quoteLockId(quoteId). */
  id: string;
  /**
   * A lock the company's members share (a quote's): one open checkout at a time, whoever made
   * it. Another member's checkout refuses the claim with `busy()` while its hold lasts; the
   * caller's own is handed back (or awaited) whatever they asked this time, never replaced
   * while its hold lasts.
   */
  shared?: { busy: () => Error };
}

/** The lock of the checkouts that pay a quote (a document id: quote ids are document ids). */
export function quoteLockId(quoteId: string): string {
  return `quote_${quoteId}`;
}

function lockRef(db: Firestore, lockId: string) {
  return db.doc(paths.checkoutLock(lockId));
}

function readLock(data: DocumentData | undefined): CheckoutLock | null {
  if (!data || typeof data.fingerprint !== 'string' || typeof data.checkout_id !== 'string')
    return null;
  return data as CheckoutLock;
}

/** When the hold of the lock's checkout ends (older locks: from its session or its claim). */
function holdEndOf(lock: CheckoutLock): number {
  if (lock.hold_until) return lock.hold_until.toMillis();
  if (lock.expires_at) return lock.expires_at.toMillis();
  return lock.claimed_at.toMillis() + CHECKOUT_SESSION_LIFETIME_MS;
}

/**
 * A new checkout would have to outlast the buyer's current hold, which is never renewed: Stripe
 * makes a session last at least 30 minutes, so in the last half hour of a hold only its own
 * session can be paid. The message says how long until a new checkout can start.
 */
export class HoldEndingError extends PreconditionError {
  override name = 'HoldEndingError';
  constructor(readonly minutesLeft: number) {
    super(
      `Your last checkout holds its items for ${minutesLeft} more minute${minutesLeft === 1 ? '' : 's'}. Pay for it on the payment page (check out the same cart to get back to it), or check out again after it ends.`,
      { minutesLeft },
    );
  }
}

/**
 * What the buyer's other holds take, per product: checkouts of theirs that still hold stock (a
 * delayed payment settling, or an open checkout that could not be retired), except `replaced`,
 * the open checkout this claim replaces (its units are about to be released).
 */
async function otherHolds(
  tx: Transaction,
  db: Firestore,
  uid: string,
  replaced: string | null,
): Promise<StockHold> {
  const snap = await tx.get(
    db
      .collection(COLLECTIONS.checkouts)
      .where('user_id', '==', uid)
      .where('stock_held', '==', true),
  );
  const units: StockHold = {};
  for (const doc of snap.docs) {
    if (doc.id === replaced) continue;
    const checkout = readCheckout(doc);
    if (!checkout?.stock_held) continue;
    for (const [productId, quantity] of Object.entries(checkout.stock_hold ?? {})) {
      units[productId] = (units[productId] ?? 0) + quantity;
    }
  }
  return units;
}

/** How a claim differs from a buyer's own checkout of their cart (the defaults). */
export interface ClaimOptions {
  /** The lock claimed: the buyer's own (checkout_locks/{uid}) unless given. */
  lock?: CheckoutLockKey;
  /** How long a new hold (and its session) lasts: an hour; a quote's payment link a day. */
  holdMs?: number;
  /** false: the buyer's hold caps do not apply (a quote's lines: planReservation). */
  capped?: boolean;
  /**
   * The caller's own reads and checks, in the claim's transaction, when a new checkout is to be
   * made (not when one is reused or awaited): given the products read and the units the checkout
   * it replaces holds, it may refuse (nothing is written), or return the writes to make with
   * the new checkout (a quote records the checkout that pays it).
   */
  alsoClaim?: (
    tx: Transaction,
    stock: StockRead,
    own: StockHold,
  ) => Promise<(created: { checkoutId: string; holdUntil: Timestamp }) => void>;
}

/**
 * Reuses the buyer's open checkout for the same fingerprint, or creates a checkout (built by
 * `buildCheckout`) and claims the lock, in one transaction. A new checkout reserves the stock of
 * its `lines` in the same transaction (held in its own shard of each stock-tracked product, recorded on
 * the checkout as stock_hold); when a product has fewer units available than its line asks for,
 * nothing is written and the claim is refused with "Only N left of <name>." (StockShortError),
 * and so it is when the buyer would hold more than one buyer may (HoldCapError; the caps are in
 * packages/domain/src/stock-holds.ts). A product that takes backorders is not refused: its
 * line's units beyond what is available are marked `backordered` on the checkout's lines (and
 * returned, for the Stripe session), and only the rest is held. A reused or awaited checkout
 * keeps the hold it made when
 * it was created. A hold is never renewed: a new checkout that replaces an open one ends when
 * that one would have (`holdUntil`), and is refused (HoldEndingError) when too little of it is
 * left for a Stripe session. A shared lock (a quote's) hands the caller's open checkout back
 * whatever the fingerprint, and refuses while another member's holds it (`lock.shared.busy`).
 */
export async function claimCheckout(
  db: Firestore,
  uid: string,
  fingerprint: string,
  buildCheckout: (now: Timestamp) => CheckoutDoc,
  nowMs: () => number = Date.now,
  lines: readonly StockLine[] = [],
  options: ClaimOptions = {},
): Promise<ClaimResult> {
  const key = options.lock ?? { id: uid };
  const holdMs = options.holdMs ?? CHECKOUT_SESSION_LIFETIME_MS;
  const ref = lockRef(db, key.id);
  return db.runTransaction(
    async (tx) => {
      const lock = readLock((await tx.get(ref)).data());
      const current = lock
        ? readCheckout(await tx.get(db.collection(COLLECTIONS.checkouts).doc(lock.checkout_id)))
        : null;
      const open = lock && current?.state === 'open' ? lock : null;
      const mine = open !== null && current?.user_id === uid;
      const now = nowMs();
      let pending = mine ? open : null;
      if (key.shared && open && !mine) {
        // Another member's checkout of the quote: refused while it can still be paid; once its
        // hold has ended (or its claim went stale) it is replaced as one's own would be.
        const live =
          open.state === 'creating'
            ? now - open.claimed_at.toMillis() < STALE_CLAIM_MS
            : holdEndOf(open) > now;
        if (live) throw key.shared.busy();
        pending = open;
      }
      const same = key.shared ? mine : pending?.fingerprint === fingerprint;
      if (pending && same) {
        if (
          pending.state === 'open' &&
          pending.url &&
          pending.session_id &&
          pending.expires_at &&
          pending.expires_at.toMillis() > now
        ) {
          // Handed out again until it ends, however close that is: a new session would renew
          // the hold.
          return {
            kind: 'reuse',
            checkoutId: pending.checkout_id,
            sessionId: pending.session_id,
            url: pending.url,
            expiresAt: pending.expires_at.toDate(),
          };
        }
        if (pending.state === 'creating' && now - pending.claimed_at.toMillis() < STALE_CLAIM_MS) {
          return { kind: 'wait', checkoutId: pending.checkout_id };
        }
      }
      const previous = pending
        ? { checkoutId: pending.checkout_id, sessionId: pending.session_id }
        : null;
      // A checkout that replaces an open one ends when that one would have: never renewed. (One
      // whose hold has ended, its expiry not yet reported by Stripe, starts a new hold.)
      const previousEnd = pending ? holdEndOf(pending) : null;
      const renewing = previousEnd !== null && previousEnd > now;
      const holdUntil = renewing ? previousEnd : now + holdMs;
      if (renewing && holdUntil - now < MIN_SESSION_LIFETIME_MS) {
        throw new HoldEndingError(Math.ceil((holdUntil - now) / 60_000));
      }
      // Reads before writes: the products whose stock the new checkout reserves, and what the
      // buyer's other holds take (they count toward what one buyer may hold).
      // The new checkout's id first: its own shard of each product is read (and written).
      const checkoutRef = db.collection(COLLECTIONS.checkouts).doc();
      const [stock, others] = await Promise.all([
        readStock(
          tx,
          db,
          lines.map((line) => line.product_id),
          reserveNeeds(checkoutRef.id, lines),
        ),
        lines.length > 0 ? otherHolds(tx, db, uid, previous?.checkoutId ?? null) : {},
      ]);
      // The previous checkout's units are the buyer's own: it is replaced by this one.
      const own = previous && current?.stock_held ? (current.stock_hold ?? {}) : {};
      const alsoWrite = options.alsoClaim ? await options.alsoClaim(tx, stock, own) : null;
      const plan = planReservation(stock, lines, own, others, { capped: options.capped ?? true });
      if ('short' in plan) {
        // Enough only with the buyer's own previous hold: retire that checkout first, then retry.
        if (plan.retire && previous) return { kind: 'retire-first', previous, short: plan.short };
        throw plan.short ?? new ConcurrentChangeError(CHECKOUT_CHANGED);
      }
      const claimedAt = Timestamp.fromMillis(now);
      const built = buildCheckout(claimedAt);
      tx.create(checkoutRef, {
        ...built,
        // Each line says how many of its units wait for stock (0: all in stock).
        items: withBackorders(built.items, plan.backordered),
        stock_hold: plan.hold,
        stock_held: true,
        hold_until: Timestamp.fromMillis(holdUntil),
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
        hold_until: Timestamp.fromMillis(holdUntil),
      };
      tx.set(ref, next);
      alsoWrite?.({ checkoutId: checkoutRef.id, holdUntil: Timestamp.fromMillis(holdUntil) });
      return {
        kind: 'created',
        checkoutId: checkoutRef.id,
        previous,
        holdUntil: new Date(holdUntil),
        backordered: plan.backordered,
      };
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
  lockId: string,
  checkoutId: string,
  session: { id: string; url: string; expiresAt: Date },
): Promise<boolean> {
  const ref = lockRef(db, lockId);
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
  lockId: string,
  checkoutId: string,
): Promise<void> {
  const ref = lockRef(db, lockId);
  await db.runTransaction(async (tx) => {
    const lock = readLock((await tx.get(ref)).data());
    if (lock?.checkout_id === checkoutId) tx.delete(ref);
  });
}

/** Reads the lock outside a transaction (while waiting for another call's session). */
export async function peekCheckout(db: Firestore, lockId: string): Promise<CheckoutLock | null> {
  return readLock((await lockRef(db, lockId).get()).data());
}
