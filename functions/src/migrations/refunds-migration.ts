import { FieldPath, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, isFullyRefunded } from '@portal/domain';
import { applyOrderRollup } from '../insights/sales-rollups';
import { readOrderState, type RefundNoteDoc } from '../orders/order-record';
import { historyWith, writeRefundNotes } from '../orders/order-transitions';

/**
 * Brings the refunds recorded before the refund's notes were split and the refunded status
 * existed (`npm run migrate:refunds`, scripts/migrate-refunds.ts) to what recordRefund writes
 * today:
 *
 * - a `processing` order refunded in full (refunded_amount >= amount > 0) moves to `refunded`,
 *   with a status_history entry by MIGRATION_ACTOR and the sales rollups moved in the same
 *   transaction with applyOrderRollup, as the refund that completes a full refund does now
 *   (shipped and delivered orders keep their status: the goods went out);
 * - each refund entry's `reason` (the one note of those refunds, written for the books) moves to
 *   the managers-only order_notes/{orderId} (writeRefundNotes, kept under the refund id with the
 *   entry's `by` and `at`) and leaves the order, which its buyer reads; the entry gets
 *   `customer_note: ''` (no note to the customer was written then). A note already kept for that
 *   refund (a refund webhook delivered again after the split writes the same text) is kept, and a
 *   different reason is added after it on a line of its own. An empty reason is dropped.
 *
 * Nothing else changes: no mail (the buyer heard of the refund then), no stock (a full refund
 * restocks only when the manager asks), refunded_amount as recorded. Each order is one
 * transaction that reads it again and decides again, so an order refunded or moved meanwhile is
 * migrated as it is then. Idempotent: a second run finds nothing and writes nothing. Without
 * `apply` it only counts, from the orders as read, and writes nothing.
 */

/** The `by` of the status_history entry the migration adds. */
export const MIGRATION_ACTOR = 'migration';

export interface MigratedOrder {
  id: string;
  /** Moved (or, in a dry run, would move) from processing to refunded. */
  refunded: boolean;
  /** Refund entries whose legacy `reason` moved (or would move) to order_notes. */
  reasons: number;
}

export interface RefundsMigrationReport {
  /** Orders read. */
  scanned: number;
  /** The orders changed (or that a dry run would change), in document id order. */
  orders: MigratedOrder[];
}

export interface RefundsMigrationOptions {
  /** false: count only. */
  apply: boolean;
  /** Orders read a page at a time (default 300). */
  pageSize?: number;
}

/** The fields the migration decides on (the scan reads only these). */
const FIELDS = ['status', 'amount', 'refunded_amount', 'refunds'] as const;

type LegacyEntry = Record<string, unknown> & { refund_id: string; reason?: unknown };

/** A refund entry with the legacy `reason` field (and the refund id its note is kept under). */
function isLegacyEntry(entry: unknown): entry is LegacyEntry {
  return (
    typeof entry === 'object' &&
    entry !== null &&
    'reason' in entry &&
    typeof (entry as { refund_id?: unknown }).refund_id === 'string'
  );
}

const refundsOf = (data: DocumentData): unknown[] =>
  Array.isArray(data.refunds) ? (data.refunds as unknown[]) : [];

/** What the order needs; both false/0: nothing (already migrated, or never concerned). */
function workOf(data: DocumentData): Omit<MigratedOrder, 'id'> {
  const amount = typeof data.amount === 'number' ? data.amount : 0;
  const refunded_amount = typeof data.refunded_amount === 'number' ? data.refunded_amount : 0;
  return {
    refunded: data.status === 'processing' && isFullyRefunded({ amount, refunded_amount }),
    reasons: refundsOf(data).filter(isLegacyEntry).length,
  };
}

const needsWork = (work: Omit<MigratedOrder, 'id'>) => work.refunded || work.reasons > 0;

/**
 * The order's refund entries without `reason`, and the notes to write for the reasons: under
 * each refund's id, by whoever recorded the refund, at its time; a note already kept for the
 * refund stays first.
 */
function moveReasons(
  refunds: readonly unknown[],
  stored: DocumentData | undefined,
  now: Timestamp,
): { refunds: unknown[]; notes: Record<string, RefundNoteDoc> } {
  const kept = (stored?.refunds ?? {}) as Record<string, Partial<RefundNoteDoc> | undefined>;
  const notes: Record<string, RefundNoteDoc> = {};
  const entries = refunds.map((entry) => {
    if (!isLegacyEntry(entry)) return entry;
    const { reason, ...rest } = entry;
    const text = typeof reason === 'string' ? reason : '';
    const existing = kept[entry.refund_id];
    const note = typeof existing?.internal_note === 'string' ? existing.internal_note : '';
    if (text.trim() !== '' && note !== text) {
      notes[entry.refund_id] = note
        ? {
            internal_note: `${note}\n${text}`,
            by: typeof existing?.by === 'string' ? existing.by : MIGRATION_ACTOR,
            at: existing?.at instanceof Timestamp ? existing.at : now,
          }
        : {
            internal_note: text,
            by: typeof entry.by === 'string' ? entry.by : MIGRATION_ACTOR,
            at: entry.at instanceof Timestamp ? entry.at : now,
          };
    }
    return {
      ...rest,
      customer_note: typeof rest.customer_note === 'string' ? rest.customer_note : '',
    };
  });
  return { refunds: entries, notes };
}

/** Migrates one order in its own transaction: what it did, or null when nothing was left to do. */
async function migrateOrder(db: Firestore, id: string): Promise<MigratedOrder | null> {
  const orderRef = db.collection(COLLECTIONS.orders).doc(id);
  const notesRef = db.collection(COLLECTIONS.orderNotes).doc(id);
  return db.runTransaction(async (tx) => {
    const [snapshot, notes] = await tx.getAll(orderRef, notesRef);
    const data = snapshot?.data();
    if (!data) return null;
    const work = workOf(data);
    if (!needsWork(work)) return null;
    // The status move and its rollups read the order as recordRefund does (a corrupt order fails
    // the run, naming it, before anything of it is written).
    const order = work.refunded ? readOrderState(snapshot!) : null;
    const now = Timestamp.now();
    const update: DocumentData = { updated_at: now };
    if (work.reasons > 0) {
      const moved = moveReasons(refundsOf(data), notes?.data(), now);
      update.refunds = moved.refunds;
      writeRefundNotes(tx, db, id, moved.notes);
    }
    if (order) {
      update.status = 'refunded';
      update.status_history = historyWith(order.status_history, 'refunded', now, MIGRATION_ACTOR);
      applyOrderRollup(tx, db, order, { ...order, status: 'refunded' });
    }
    tx.update(orderRef, update);
    return { id, ...work };
  });
}

export async function migrateRefunds(
  db: Firestore,
  options: RefundsMigrationOptions,
): Promise<RefundsMigrationReport> {
  const pageSize = options.pageSize ?? 300;
  const report: RefundsMigrationReport = { scanned: 0, orders: [] };
  let after: string | undefined;
  for (;;) {
    let page = db
      .collection(COLLECTIONS.orders)
      .orderBy(FieldPath.documentId())
      .select(...FIELDS)
      .limit(pageSize);
    if (after) page = page.startAfter(after);
    const docs = (await page.get()).docs;
    for (const doc of docs) {
      report.scanned++;
      const work = workOf(doc.data());
      if (!needsWork(work)) continue;
      // A dry run counts the orders as read; --apply decides again in each order's transaction.
      const done = options.apply ? await migrateOrder(db, doc.id) : { id: doc.id, ...work };
      if (done) report.orders.push(done);
    }
    if (docs.length < pageSize) return report;
    after = docs[docs.length - 1]!.id;
  }
}
