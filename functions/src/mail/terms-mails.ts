import { mailKeys } from '@portal/domain';
import type { Timestamp } from 'firebase-admin/firestore';
import type { PortalLinks } from './links';
import { buyerMail, type MailDeps } from './notifications';
import type { QueuedMail } from './outbox';
import type { MailOrderLine } from './templates/layout';
import * as messages from './templates/terms-messages';

/**
 * The buyer's mails of an order on payment terms (docs/payment-terms.md), one key per event, so
 * an event delivered again queues nothing new. The managers hear of a new order on terms with
 * the usual "new order" mail (notifications.ts).
 */
interface TermsOrder {
  id: string;
  user_id: string;
  store_name: string;
  po_number: string;
  amount: number;
  items: readonly MailOrderLine[];
  terms: {
    net_days: number;
    invoice_number: string | null;
    hosted_invoice_url: string | null;
    due_at: Timestamp | null;
  } | null;
}

function factsOf(order: TermsOrder, links: PortalLinks): messages.InvoiceFacts {
  return {
    storeName: order.store_name,
    orderId: order.id,
    invoiceNumber: order.terms?.invoice_number ?? null,
    poNumber: order.po_number,
    amount: order.amount,
    dueAt: order.terms?.due_at?.toDate() ?? null,
    payUrl: order.terms?.hosted_invoice_url ?? null,
    ordersUrl: links.accountInvoices(),
  };
}

export function termsOrderPlacedMail(deps: MailDeps, order: TermsOrder): Promise<QueuedMail[]> {
  return buyerMail(deps, order, 'terms-order-placed', mailKeys.termsOrderPlaced(order.id), (l) =>
    messages.termsOrderPlaced({
      ...factsOf(order, l),
      netDays: order.terms?.net_days ?? 0,
      items: order.items,
    }),
  );
}

/** `round`: 'due-soon' for Stripe's reminder, or the manager's reminder number. */
export function invoiceReminderMail(deps: MailDeps, order: TermsOrder, round: string) {
  return buyerMail(
    deps,
    order,
    'invoice-reminder',
    mailKeys.invoiceReminder(order.id, round),
    (l) => messages.invoiceDueSoon(factsOf(order, l)),
  );
}

export function invoiceOverdueMail(deps: MailDeps, order: TermsOrder) {
  return buyerMail(deps, order, 'invoice-overdue', mailKeys.invoiceOverdue(order.id), (l) =>
    messages.invoiceOverdue(factsOf(order, l)),
  );
}

export function invoicePaymentFailedMail(
  deps: MailDeps,
  order: TermsOrder,
  attempt: string,
  reason: string,
) {
  return buyerMail(
    deps,
    order,
    'invoice-payment-failed',
    mailKeys.invoicePaymentFailed(order.id, attempt),
    (l) => messages.invoicePaymentFailed({ ...factsOf(order, l), reason }),
  );
}

export function invoicePaidMail(deps: MailDeps, order: TermsOrder) {
  return buyerMail(deps, order, 'invoice-paid', mailKeys.invoicePaid(order.id), (l) =>
    messages.invoicePaid(factsOf(order, l)),
  );
}

export function invoiceVoidedMail(deps: MailDeps, order: TermsOrder, reason: string) {
  return buyerMail(deps, order, 'invoice-voided', mailKeys.invoiceVoided(order.id), (l) =>
    messages.invoiceVoided({ ...factsOf(order, l), reason }),
  );
}
