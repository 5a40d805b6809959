import type { Cents } from './money';
import type { OrderStatus } from './orders';

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

/** What an invoice says about the payment (the order's status and refunds). */
export type InvoicePaymentStatus =
  | 'Paid'
  | 'Payment processing'
  | 'Refunded'
  | 'Partially refunded'
  | 'Cancelled'
  | 'Awaiting payment'
  | 'Void'
  | 'Written off';

export function invoicePaymentStatus(order: {
  status: OrderStatus;
  amount: Cents;
  refunded_amount: Cents;
  /** An order on payment terms: its invoice's state (docs/payment-terms.md). */
  terms?: { state: string } | null;
}): InvoicePaymentStatus {
  const terms = order.terms?.state;
  if (terms === 'void') return 'Void';
  if (terms === 'uncollectible') return 'Written off';
  if (terms === 'open' || terms === 'issuing') return 'Awaiting payment';
  if (order.refunded_amount > 0) {
    return order.refunded_amount >= order.amount ? 'Refunded' : 'Partially refunded';
  }
  if (order.status === 'pending') return 'Payment processing';
  if (order.status === 'cancelled') return 'Cancelled';
  return 'Paid';
}

/**
 * The invoice's money lines: subtotal, shipping (free, but for a quote's shipping charge), tax,
 * the store credit spent, total (what was charged: the order's amount), refunded, net paid.
 */
export function invoiceTotals(order: {
  items: readonly { line_total: Cents }[];
  refunded_amount: Cents;
  /** Sales tax charged (docs/tax.md); absent or null before tax. */
  tax?: { amount: Cents } | null;
  /** Cents charged for shipping (a quote's); absent or 0 when it shipped free. */
  shipping_charge?: Cents;
  /** Store credit spent on the order (docs/payments.md#store-credit); absent or 0 when none. */
  store_credit_applied?: Cents;
}) {
  const subtotal = order.items.reduce((sum, line) => sum + line.line_total, 0);
  const shipping = order.shipping_charge ?? 0;
  const tax = order.tax?.amount ?? 0;
  const storeCredit = order.store_credit_applied ?? 0;
  const total = subtotal + shipping + tax - storeCredit;
  return {
    subtotal,
    shipping,
    tax,
    storeCredit,
    total,
    refunded: order.refunded_amount,
    net: total - order.refunded_amount,
  };
}
