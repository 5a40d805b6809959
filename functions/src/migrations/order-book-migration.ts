import { Timestamp, type DocumentData, type Firestore, type Query } from 'firebase-admin/firestore';
import { COLLECTIONS, type CheckoutState } from '@portal/domain';
import { readCheckout } from '../checkout/checkout-record';

/**
 * Moves checkout attempts out of the order book. Before the order book, createCheckoutSession
 * wrote an order (status pending) before Checkout opened, so abandoned and expired attempts
 * stayed as pending or cancelled orders. This finds those (never paid, no refund, no payment
 * recorded after a cancel, and no completed checkout of the same id, which is what a pending
 * order of today has) and turns each into checkouts/{id}, then deletes the order. Each move is
 * one transaction; running it again finds nothing to move.
 */
export interface MigrationReport {
  /** Orders read (created before `before`, when given). */
  scanned: number;
  /** Attempts moved (or, in a dry run, that would be moved) to checkouts. */
  moved: string[];
}

export interface MigrationOptions {
  /** false: report only. */
  apply: boolean;
  /** Only orders created before this time (the order book's release, say). */
  before?: Date | undefined;
}

function isOldAttempt(data: DocumentData): boolean {
  const neverPaid = data.paid_at === null || data.paid_at === undefined;
  const attemptStatus = data.status === 'pending' || data.status === 'cancelled';
  const refunded = Array.isArray(data.refunds) && data.refunds.length > 0;
  return attemptStatus && neverPaid && !refunded && data.payment_after_cancel === undefined;
}

/** What the attempt was: a pending order had an open (now long expired) session. */
function stateOf(data: DocumentData): CheckoutState {
  const history = Array.isArray(data.status_history) ? data.status_history : [];
  const last = history.at(-1) as { by?: unknown } | undefined;
  return data.status === 'cancelled' && last?.by === 'system' ? 'replaced' : 'expired';
}

export async function migrateOrderBook(
  db: Firestore,
  options: MigrationOptions,
): Promise<MigrationReport> {
  let query: Query = db.collection(COLLECTIONS.orders);
  if (options.before) query = query.where('created_at', '<', Timestamp.fromDate(options.before));
  const snapshot = await query.get();
  const report: MigrationReport = { scanned: snapshot.size, moved: [] };
  for (const doc of snapshot.docs) {
    if (!isOldAttempt(doc.data())) continue;
    const checkoutRef = db.collection(COLLECTIONS.checkouts).doc(doc.id);
    const moved = await db.runTransaction(async (tx) => {
      const [order, checkout] = await tx.getAll(doc.ref, checkoutRef);
      const data = order?.data();
      if (!data || !isOldAttempt(data)) return false;
      // Today's pending order (a delayed payment clearing) has a completed checkout: keep it.
      if (checkout && readCheckout(checkout)?.state === 'completed') return false;
      if (!options.apply) return true;
      const now = Timestamp.now();
      tx.set(checkoutRef, {
        user_id: data.user_id,
        store_name: data.store_name ?? '',
        seller_permit_id: data.seller_permit_id ?? '',
        items: data.items ?? [],
        amount: data.amount ?? 0,
        currency: data.currency ?? 'usd',
        state: stateOf(data),
        stripe_session_id: data.stripe_session_id ?? null,
        created_at: data.created_at ?? now,
        updated_at: now,
        cart_fingerprint: data.cart_fingerprint ?? '',
        source: data.source === 'buy_now' ? 'buy_now' : 'cart',
        migrated_from_order_at: now,
      });
      tx.delete(doc.ref);
      return true;
    });
    if (moved) report.moved.push(doc.id);
  }
  return report;
}
