/**
 * Invoice numbers: allocated in one transaction from a counter when an order is paid, so they
 * have no gaps and no duplicates. Shown as INV-000123 (at least six digits).
 */
export const INVOICE_PREFIX = 'INV-';

export function formatInvoiceNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError(`Not an invoice sequence number: ${sequence}`);
  }
  return `${INVOICE_PREFIX}${String(sequence).padStart(6, '0')}`;
}

/** "INV-000123" or "inv-123" -> 123; null for anything else. */
export function parseInvoiceNumber(text: string): number | null {
  const m = /^INV-(\d{1,15})$/i.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}
