import type { Firestore, Timestamp, Transaction } from 'firebase-admin/firestore';
import type { ClaimRemedy } from '@portal/domain';
import type { Context } from '../../lib/context';
import type { OrderState } from '../../orders/order-record';
import type { ClaimRecord } from '../claim-record';

/** What settleClaim uses of the context. */
export type SettleContext = Pick<Context, 'db' | 'stripe' | 'auth' | 'env' | 'now'>;

/** One settlement being made: who, the claim and its order as read, and the request. */
export interface SettleCase {
  managerUid: string;
  claim: ClaimRecord;
  order: OrderState;
  /** Put the claimed units back on hand (the goods came back). */
  restock: boolean;
  /** The manager's words to the buyer ('' when none). */
  note: string;
  ctx: SettleContext;
}

/** What a remedy gave, as the claim's settlement records it. */
export interface RemedyOutcome {
  amount: number;
  refund_id?: string | null;
  credit_note_id?: string | null;
  credit_note_number?: string | null;
  credit_entry_id?: string | null;
  replacement_order_id?: string | null;
  /** Units per product the remedy itself put back on hand (a refund by lines restocks its own). */
  restocked?: Record<string, number>;
}

/** What the transaction's read phase settled on, and its writes (made after every read). */
export interface StagedRemedy {
  outcome: RemedyOutcome;
  write(now: Timestamp): void;
}

/**
 * A remedy in three steps: `check` refuses what it cannot do before anything is written (the
 * claim is not locked yet); `apply` makes its effect outside Firestore (Stripe), idempotent on the
 * claim, so a retry or a takeover of an expired lock makes it once; `read` is the read phase of
 * the transaction that records the settlement, returning its writes.
 */
export interface Remedy<Effect> {
  remedy: ClaimRemedy;
  check(c: SettleCase): Promise<void>;
  apply(c: SettleCase): Promise<Effect>;
  read(tx: Transaction, db: Firestore, c: SettleCase, effect: Effect): Promise<StagedRemedy>;
}

/** The Stripe idempotency key of a claim's remedy: one effect per claim, whoever settles it. */
export const claimKey = (claimId: string, step: string) => `claim:${claimId}:${step}`;

/** The claim's units per product. */
export function claimUnits(claim: Pick<ClaimRecord, 'lines'>): Record<string, number> {
  const units: Record<string, number> = {};
  for (const line of claim.lines) {
    units[line.product_id] = (units[line.product_id] ?? 0) + line.quantity;
  }
  return units;
}
