import {
  Timestamp,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { paths, type StoreCreditEntryKind } from '@portal/domain';

/**
 * The mirror of a company's store credit (docs/payments.md#store-credit): store_credit/{companyId}
 * { balance, updated_at } and store_credit/{companyId}/entries/{entryId}, each change with the
 * reason for it. Written only by the functions, inside the transaction of the change it follows
 * (a claim settled, a checkout made or closed, an invoice finalized), so each change is applied
 * once: an entry's id names its cause (`claim-<claimId>`, `checkout-<checkoutId>`,
 * `invoice-<invoiceId>`...), and a change whose entry exists already is not applied again.
 *
 * The balance is the company's Stripe customer balance turned around: Stripe keeps a credit as a
 * negative balance, the mirror as a positive one. It never goes below 0.
 */

/** The id of each kind of entry, from what caused it. */
export const entryIds = {
  claim: (claimId: string) => `claim-${claimId}`,
  creditNote: (claimId: string) => `credit-note-${claimId}`,
  checkout: (checkoutId: string) => `checkout-${checkoutId}`,
  checkoutReleased: (checkoutId: string) => `checkout-released-${checkoutId}`,
  invoice: (invoiceId: string) => `invoice-${invoiceId}`,
  invoiceVoided: (invoiceId: string) => `invoice-void-${invoiceId}`,
  orderReturned: (orderId: string) => `order-returned-${orderId}`,
} as const;

/** One change of the balance, as staged. */
export interface CreditChange {
  id: string;
  kind: StoreCreditEntryKind;
  /** Signed cents: + the company gains credit, − it spends some (capped at the balance). */
  amount: number;
  description: string;
  claimId?: string | null;
  orderId?: string | null;
  invoiceId?: string | null;
  stripeBalanceTransactionId?: string | null;
}

/** The entries a transaction read, by id: its amount when it exists. */
type EntriesRead = ReadonlyMap<string, number | null>;

/** A company's balance read in a transaction, and the changes staged on it. */
export class StoreCreditLedger {
  private staged: Array<CreditChange & { applied: number; after: number }> = [];
  private current: number;

  constructor(
    private readonly tx: Transaction,
    private readonly db: Firestore,
    readonly companyId: string,
    private readonly ref: DocumentReference,
    readonly balanceBefore: number,
    private readonly entries: EntriesRead,
  ) {
    this.current = balanceBefore;
  }

  /** The balance with the staged changes. */
  get balance(): number {
    return this.current;
  }

  /** True when the entry was read and exists (its change was made before). */
  has(entryId: string): boolean {
    return this.entries.get(entryId) !== null && this.entries.get(entryId) !== undefined;
  }

  /** The signed cents of an entry that exists, or null. */
  amountOf(entryId: string): number | null {
    return this.entries.get(entryId) ?? null;
  }

  /**
   * Stages a change (nothing when its entry exists already, or it was staged): the balance moves
   * by `amount`, never below 0 (a debit is capped at what is left). Returns the cents applied.
   */
  stage(change: CreditChange): number {
    if (!this.entries.has(change.id)) {
      throw new Error(`Store credit entry ${change.id} was not read in the transaction`);
    }
    if (this.has(change.id) || this.staged.some((s) => s.id === change.id)) return 0;
    const applied = Math.max(-this.current, Math.round(change.amount));
    this.current += applied;
    this.staged.push({ ...change, applied, after: this.current });
    return applied;
  }

  /** Writes the staged changes (after every read of the transaction). */
  write(now: Timestamp = Timestamp.now()): void {
    if (this.staged.length === 0) return;
    this.tx.set(this.ref, { balance: this.current, updated_at: now }, { merge: true });
    for (const change of this.staged) {
      this.tx.create(this.db.doc(paths.storeCreditEntry(this.companyId, change.id)), {
        kind: change.kind,
        amount: change.applied,
        balance_after: change.after,
        description: change.description,
        claim_id: change.claimId ?? null,
        order_id: change.orderId ?? null,
        invoice_id: change.invoiceId ?? null,
        stripe_balance_transaction_id: change.stripeBalanceTransactionId ?? null,
        at: now,
      });
    }
  }
}

const cents = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) ? value : 0;

/**
 * Reads a company's balance and the entries `entryIds` in the transaction (reads first: call it
 * in the transaction's read phase), for staging changes on it.
 */
export async function readStoreCredit(
  tx: Transaction,
  db: Firestore,
  companyId: string,
  ids: readonly string[],
): Promise<StoreCreditLedger> {
  const ref = db.doc(paths.storeCredit(companyId));
  const unique = [...new Set(ids)];
  const snaps = await tx.getAll(
    ref,
    ...unique.map((id) => db.doc(paths.storeCreditEntry(companyId, id))),
  );
  const entries = new Map<string, number | null>(
    unique.map((id, index) => {
      const snap = snaps[index + 1]!;
      return [id, snap.exists ? cents(snap.get('amount')) : null];
    }),
  );
  const balance = Math.max(0, cents(snaps[0]!.get('balance')));
  return new StoreCreditLedger(tx, db, companyId, ref, balance, entries);
}

/** Records the Stripe balance transaction of an entry made before it (outside a transaction). */
export async function stampBalanceTransaction(
  db: Firestore,
  companyId: string,
  entryId: string,
  transactionId: string,
): Promise<void> {
  await db
    .doc(paths.storeCreditEntry(companyId, entryId))
    .set({ stripe_balance_transaction_id: transactionId }, { merge: true });
}

/** The company's balance now (outside a transaction): what the cart's estimate shows. */
export async function storeCreditBalance(db: Firestore, companyId: string): Promise<number> {
  if (!companyId) return 0;
  const snap = await db.doc(paths.storeCredit(companyId)).get();
  return Math.max(0, cents(snap.get('balance')));
}
