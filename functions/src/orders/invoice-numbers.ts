import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { formatInvoiceNumber, paths } from '@portal/domain';

/**
 * counters/invoices { next }: the next invoice sequence number. Read and advanced in the same
 * transaction that makes an order paid, so numbers have no gaps and no duplicates: two payments
 * committing at once conflict on the counter and one of them runs again with the next number.
 */
export interface InvoiceCounter {
  ref: DocumentReference;
  next: number;
}

/** Reads the counter (a transaction reads everything before it writes). */
export async function readInvoiceCounter(tx: Transaction, db: Firestore): Promise<InvoiceCounter> {
  const ref = db.doc(paths.invoiceCounter());
  const snap = await tx.get(ref);
  if (!snap.exists) return { ref, next: 1 };
  const next: unknown = snap.get('next');
  if (typeof next !== 'number' || !Number.isSafeInteger(next) || next < 1) {
    // Never guess: a wrong guess would hand out a number twice.
    throw new Error(`${paths.invoiceCounter()} holds no valid next number`);
  }
  return { ref, next };
}

/** Takes the counter's number for one order and advances the counter. */
export function allocateInvoiceNumber(tx: Transaction, counter: InvoiceCounter): string {
  const number = formatInvoiceNumber(counter.next);
  tx.set(counter.ref, { next: counter.next + 1 });
  return number;
}
