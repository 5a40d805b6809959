import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type SetOptions,
} from 'firebase-admin/firestore';
import {
  approvalDelta,
  ORDER_STATUSES,
  refundedByLine,
  rollupDelta,
  TERMS_INVOICE_STATES,
  type RollupIncrement,
  type RollupWrite,
  type SalesOrder,
} from '@portal/domain';

/**
 * The sales rollups (sales_days, sales_weeks, sales_months) kept in step with the orders: every
 * transaction that creates an order or changes what it counts (status, amount, refunds, paid_at)
 * ends with applyOrderRollup, so the figures change in the same commit as the order, or not at
 * all. Blind writes (set with merge and FieldValue.increment), no reads: they can go at the end
 * of any transaction and never make it conflict on a read. The figures and the reasons:
 * packages/domain/src/sales-rollups.ts, docs/manager-insight.md.
 */

/** What a transaction or a batch offers for a merge write. */
export interface RollupWriter {
  set(ref: DocumentReference, data: DocumentData, options: SetOptions): unknown;
}

/** A refund as the rollups read it: the lines it refunded (a refund by lines), if any. */
type RollupRefund = {
  lines?: ReadonlyArray<{ product_id: string; quantity: number; amount?: number }>;
};

/**
 * An order as the functions hold it: paid_at as a Timestamp (a document) or a Date, and its
 * refunds, whose lines leave the products' units and revenue (refunded_lines).
 */
export type RollupOrder = Omit<
  SalesOrder,
  'paid_at' | 'refunded_lines' | 'store_credit_spent' | 'credit_notes_on_invoice'
> & {
  paid_at: Timestamp | Date | null;
  refunds?: ReadonlyArray<RollupRefund>;
  /** Claims settled with a credit (order-schema.ts claim_credits). */
  claim_credits?: ReadonlyArray<{ to: string; amount: number }>;
  store_credit_applied?: number;
  /** Of that, given back when the order was cancelled or refunded in full. */
  store_credit_returned?: number;
  /** A replacement order (a claim's): not a sale, whatever source the reader mapped it to. */
  replacement_for?: { claim_id: string } | null;
};

const dateOf = (value: unknown): Date | null =>
  value instanceof Timestamp ? value.toDate() : value instanceof Date ? value : null;

/**
 * An order on payment terms as the rollups count it: booked on the day it was placed, with its
 * invoice's state (docs/payment-terms.md); null for card orders.
 */
function onTermsOf(order: Record<string, unknown>): SalesOrder['on_terms'] {
  if (order.payment_method !== 'terms') return null;
  const terms = order.terms as { state?: unknown } | null | undefined;
  const state = TERMS_INVOICE_STATES.find((s) => s === terms?.state);
  const bookedAt = dateOf(order.created_at);
  return state && bookedAt ? { state, booked_at: bookedAt } : null;
}

/**
 * The cents of an order's claim credits (order-schema.ts claim_credits, as stored) that were
 * credit notes lowering its open invoice: taken off its amount after tax.
 */
export function creditNotesOnInvoice(claimCredits: unknown): number {
  const credits = Array.isArray(claimCredits) ? (claimCredits as unknown[]) : [];
  return credits.reduce<number>((total, credit) => {
    const { to, amount } = (credit ?? {}) as Record<string, unknown>;
    return to === 'invoice' && typeof amount === 'number' ? total + amount : total;
  }, 0);
}

/**
 * What the claims change of an order as stored (claims.ts): the store credit it spent, the credit
 * notes that lowered its open invoice, and whether it is a replacement (the readers of an order
 * may map its source 'replacement' to another).
 */
function claimFiguresOf(
  order: Record<string, unknown>,
): Pick<SalesOrder, 'store_credit_spent' | 'credit_notes_on_invoice' | 'source'> {
  const onInvoice = creditNotesOnInvoice(order.claim_credits);
  // What it spent and kept: credit given back (a cancellation, a full refund) was not spent.
  const returned =
    typeof order.store_credit_returned === 'number' ? order.store_credit_returned : 0;
  const spent =
    typeof order.store_credit_applied === 'number'
      ? order.store_credit_applied - returned
      : undefined;
  return {
    ...(typeof spent === 'number' && spent > 0 ? { store_credit_spent: spent } : {}),
    ...(onInvoice > 0 ? { credit_notes_on_invoice: onInvoice } : {}),
    ...(order.replacement_for ? { source: 'replacement' } : {}),
  };
}

/** Units and cents refunded by line, per product, of the refunds as stored (malformed: none). */
function refundedLinesOf(refunds: unknown): SalesOrder['refunded_lines'] {
  if (!Array.isArray(refunds)) return new Map();
  const read = refunds.map((refund: unknown) => {
    const lines = (refund as { lines?: unknown } | null)?.lines;
    return {
      amount: 0,
      lines: (Array.isArray(lines) ? (lines as unknown[]) : []).flatMap((line) => {
        const { product_id, quantity, amount } = (line ?? {}) as Record<string, unknown>;
        return typeof product_id === 'string' && typeof quantity === 'number'
          ? [{ product_id, quantity, amount: typeof amount === 'number' ? amount : 0 }]
          : [];
      }),
    };
  });
  return refundedByLine({ refunds: read });
}

function salesOrder(order: RollupOrder | null): SalesOrder | null {
  if (!order) return null;
  const { refunds, claim_credits: _credits, replacement_for: _for, ...rest } = order;
  return {
    ...rest,
    paid_at: dateOf(order.paid_at),
    on_terms: onTermsOf(order as unknown as Record<string, unknown>),
    refunded_lines: refundedLinesOf(refunds),
    ...claimFiguresOf(order as unknown as Record<string, unknown>),
  };
}

/** The increments as a merge write: numbers become FieldValue.increment, names are set. */
export function incrementData(increment: RollupIncrement): DocumentData {
  const convert = (value: unknown, key: string): unknown => {
    if (typeof value === 'number') return FieldValue.increment(value);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v, k)]));
    }
    if (key === 'name') return value;
    throw new Error(`Unexpected rollup field ${key}`);
  };
  return convert(increment, '') as DocumentData;
}

/** Writes the rollup increments in `tx` (merge writes, no reads); returns how many documents. */
export function writeRollups(tx: RollupWriter, db: Firestore, writes: RollupWrite[]): number {
  for (const { ref, increment } of writes) {
    tx.set(db.doc(ref.path), incrementData(increment), { merge: true });
  }
  return writes.length;
}

/**
 * Writes what an order change does to the rollups (contribution(after) - contribution(before)),
 * in `tx`. `before` null: the order is being created. Returns how many documents it touched (0
 * when nothing that counts changed, a move from pending to cancelled say).
 */
export function applyOrderRollup(
  tx: RollupWriter,
  db: Firestore,
  before: RollupOrder | null,
  after: RollupOrder | null,
): number {
  return writeRollups(tx, db, rollupDelta(salesOrder(before), salesOrder(after)));
}

/** One more approved buyer on the business day (and week, and month) of `at`, in `tx`. */
export function applyApprovalRollup(tx: RollupWriter, db: Firestore, at: Date): number {
  return writeRollups(tx, db, approvalDelta(at));
}

/**
 * An order document as the rollups read it (the rebuild), or null when it lacks what they need.
 */
export function salesOrderOfDoc(data: DocumentData | undefined): SalesOrder | null {
  if (!data || typeof data.user_id !== 'string' || typeof data.amount !== 'number') return null;
  const status = ORDER_STATUSES.find((s) => s === data.status);
  if (!status) return null;
  const items = Array.isArray(data.items) ? (data.items as unknown[]) : [];
  return {
    user_id: data.user_id,
    store_name: typeof data.store_name === 'string' ? data.store_name : '',
    status,
    amount: data.amount,
    refunded_amount: typeof data.refunded_amount === 'number' ? data.refunded_amount : 0,
    ...(typeof data.source === 'string' ? { source: data.source } : {}),
    paid_at: data.paid_at instanceof Timestamp ? data.paid_at.toDate() : null,
    on_terms: onTermsOf(data),
    refunded_lines: refundedLinesOf(data.refunds),
    ...claimFiguresOf(data),
    items: items.flatMap((item) => {
      if (typeof item !== 'object' || item === null) return [];
      const { product_id, name, quantity, line_total, unit_amount, price_list, tier_unit_amount } =
        item as Record<string, unknown>;
      if (typeof product_id !== 'string' || typeof quantity !== 'number') return [];
      const list = priceListOf(price_list);
      return [
        {
          product_id,
          name: typeof name === 'string' ? name : '',
          quantity,
          line_total: typeof line_total === 'number' ? line_total : 0,
          unit_amount: typeof unit_amount === 'number' ? unit_amount : 0,
          // The list's discount counts only with both prices known.
          ...(list && typeof unit_amount === 'number' && typeof tier_unit_amount === 'number'
            ? { price_list: list, tier_unit_amount }
            : {}),
        },
      ];
    }),
  };
}

/** A line's price_list as stored ({ id, name }), or null. */
function priceListOf(value: unknown): { id: string; name: string } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, name } = value as Record<string, unknown>;
  return typeof id === 'string' ? { id, name: typeof name === 'string' ? name : '' } : null;
}
