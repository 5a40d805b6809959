import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { formatQuoteNumber, paths } from '@portal/domain';

/**
 * counters/quotes { next }: the next quote sequence number (Q-000123). Read and advanced in the
 * same transaction that moves a draft to sent (or, placed on terms, to accepted), so numbers have
 * no gaps and no duplicates: two sends committing at once conflict on the counter and one of them
 * runs again with the next number, and a send that fails commits nothing, the number included.
 * The same pattern as the invoices' (orders/invoice-numbers.ts).
 */
export interface QuoteCounter {
  ref: DocumentReference;
  next: number;
}

/** Reads the counter (a transaction reads everything before it writes). */
export async function readQuoteCounter(tx: Transaction, db: Firestore): Promise<QuoteCounter> {
  const ref = db.doc(paths.quoteCounter());
  const snap = await tx.get(ref);
  if (!snap.exists) return { ref, next: 1 };
  const next: unknown = snap.get('next');
  if (typeof next !== 'number' || !Number.isSafeInteger(next) || next < 1) {
    // Never guess: a wrong guess would hand out a number twice.
    throw new Error(`${paths.quoteCounter()} holds no valid next number`);
  }
  return { ref, next };
}

/** Takes the counter's number for one quote and advances the counter. */
export function allocateQuoteNumber(tx: Transaction, counter: QuoteCounter): string {
  const number = formatQuoteNumber(counter.next);
  tx.set(counter.ref, { next: counter.next + 1 });
  return number;
}
