import { shortOrderId, type ReceivableInvoice } from '@portal/domain';

export const receivablesKeys = {
  all: ['admin', 'receivables'] as const,
};

export const RECEIVABLES_TEXTS = {
  loadFailed: 'Could not load receivables',
  none: 'No open invoices.',
  noMatch: 'No invoices match these filters.',
  reminderSent: 'Reminder sent.',
  reminderFailed: 'Could not send the reminder.',
  exported: (count: number) => `Exported ${count} invoice${count === 1 ? '' : 's'}.`,
} as const;

/** An invoice by its number, or by its order while the number is not issued yet. */
export function invoiceName(invoice: Pick<ReceivableInvoice, 'invoiceNumber' | 'orderId'>) {
  return invoice.invoiceNumber ?? `for order ${shortOrderId(invoice.orderId)}`;
}

export const CLOSE_INVOICE_TEXTS = {
  void: {
    title: (name: string) => `Void invoice ${name}`,
    ok: 'Void invoice',
    warning: 'Voiding cancels the order and returns its stock.',
    done: 'Invoice voided.',
    failed: 'Could not void the invoice.',
  },
  uncollectible: {
    title: (name: string) => `Mark invoice ${name} uncollectible`,
    ok: 'Mark uncollectible',
    warning:
      'Marking it uncollectible writes the invoice off: the buyer is not asked to pay it any more and it leaves the open balance. The order is not cancelled.',
    done: 'Invoice marked uncollectible.',
    failed: 'Could not mark the invoice uncollectible.',
  },
} as const;
