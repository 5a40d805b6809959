import { businessDayText, formatUsd } from '@portal/domain';
import { mailLineItems, type Block, type MailContent, type MailOrderLine } from './layout';

/**
 * The mails of orders on payment terms (docs/payment-terms.md): the invoice issued, a reminder
 * before it is due, past due (credit hold), a failed payment, paid, and voided. Each names the
 * invoice, the PO number when the buyer typed one, and links to Stripe's hosted invoice page.
 */

export interface InvoiceFacts {
  storeName: string;
  orderId: string;
  /** Stripe's invoice number, or null while it is being issued. */
  invoiceNumber: string | null;
  poNumber: string;
  amount: number;
  dueAt: Date | null;
  /** Stripe's hosted invoice page (pay by card or bank account), or null. */
  payUrl: string | null;
  ordersUrl: string;
}

function label(p: InvoiceFacts): string {
  return p.invoiceNumber ? `invoice ${p.invoiceNumber}` : `order ${p.orderId.slice(0, 8)}`;
}

function factsBlock(p: InvoiceFacts): Block {
  const rows: Array<readonly [string, string]> = [
    ['Invoice', p.invoiceNumber ?? 'Being issued'],
    ['Order', p.orderId],
  ];
  if (p.poNumber) rows.push(['PO number', p.poNumber]);
  rows.push(['Amount due', formatUsd(p.amount)]);
  if (p.dueAt) rows.push(['Due', businessDayText(p.dueAt)]);
  return { kind: 'facts', rows };
}

function payBlocks(p: InvoiceFacts): Block[] {
  return [
    ...(p.payUrl ? [{ kind: 'button', label: 'Pay invoice', url: p.payUrl } as const] : []),
    { kind: 'link', label: 'View your invoices', url: p.ordersUrl },
  ];
}

const due = (p: InvoiceFacts) => (p.dueAt ? businessDayText(p.dueAt) : 'on the invoice');

export function termsOrderPlaced(
  p: InvoiceFacts & {
    netDays: number;
    /** Backordered lines are marked "Backordered · Expected Dec 10, 2026". */
    items: readonly MailOrderLine[];
  },
): MailContent {
  return {
    subject: `Order confirmed on Net ${p.netDays}: ${label(p)}`,
    preview: `Your order of ${formatUsd(p.amount)} is confirmed. Payment is due ${due(p)}.`,
    heading: 'Your order is confirmed',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: `Thanks for your order. It is on your Net ${p.netDays} terms: we ship it now, and the invoice is due ${due(p)}. Pay it online by card or US bank account.`,
      },
      factsBlock(p),
      {
        kind: 'lines',
        items: mailLineItems(p.items),
        total: formatUsd(p.amount),
      },
      ...payBlocks(p),
    ],
  };
}

export function invoiceDueSoon(p: InvoiceFacts): MailContent {
  return {
    subject: `Payment reminder: ${label(p)} is due ${due(p)}`,
    preview: `${formatUsd(p.amount)} is due ${due(p)}.`,
    heading: 'Your invoice is due soon',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: `A friendly reminder: ${formatUsd(p.amount)} is due ${due(p)}. If you have already paid, thank you; you can ignore this message.`,
      },
      factsBlock(p),
      ...payBlocks(p),
    ],
  };
}

export function invoiceOverdue(p: InvoiceFacts): MailContent {
  return {
    subject: `Past due: ${label(p)}`,
    preview: `${formatUsd(p.amount)} was due ${due(p)}. New orders on terms are on hold.`,
    heading: 'Your invoice is past due',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: `${formatUsd(p.amount)} was due ${due(p)} and we have not received it. Until it is paid, your company is on credit hold: new orders on terms are refused, and you can still pay by card.`,
      },
      factsBlock(p),
      ...payBlocks(p),
    ],
  };
}

export function invoicePaymentFailed(p: InvoiceFacts & { reason: string }): MailContent {
  return {
    subject: `Payment failed: ${label(p)}`,
    preview: `Your payment of ${formatUsd(p.amount)} did not go through.`,
    heading: 'Your payment did not go through',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: `Your payment of ${formatUsd(p.amount)} did not go through${p.reason ? ` (${p.reason})` : ''}. The invoice is still open and due ${due(p)}. Please pay it again with another card or bank account.`,
      },
      factsBlock(p),
      ...payBlocks(p),
    ],
  };
}

export function invoicePaid(p: InvoiceFacts): MailContent {
  return {
    subject: `Payment received: ${label(p)}`,
    preview: `We received ${formatUsd(p.amount)}. Thank you.`,
    heading: 'Payment received',
    greetingName: p.storeName,
    blocks: [
      { kind: 'text', text: `We received your payment of ${formatUsd(p.amount)}. Thank you.` },
      factsBlock({ ...p, dueAt: null }),
      { kind: 'link', label: 'View your invoices', url: p.ordersUrl },
    ],
  };
}

export function invoiceVoided(p: InvoiceFacts & { reason: string }): MailContent {
  return {
    subject: `Invoice voided: ${label(p)}`,
    preview: `The invoice of ${formatUsd(p.amount)} was voided and the order cancelled.`,
    heading: 'Your invoice was voided',
    greetingName: p.storeName,
    blocks: [
      {
        kind: 'text',
        text: `The invoice of ${formatUsd(p.amount)} was voided and its order cancelled. You owe nothing for it.${p.reason ? ` Reason: ${p.reason}` : ''}`,
      },
      factsBlock({ ...p, dueAt: null }),
      { kind: 'link', label: 'View your invoices', url: p.ordersUrl },
    ],
  };
}
