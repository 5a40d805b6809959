import type Stripe from 'stripe';
import type { EventRef } from '../stripe/stripe-event-log';
import { idOf } from '../orders/order-of-payment';
import {
  closeTermsOrder,
  failureMessageOf,
  recordTermsInvoicePaid,
  recordTermsOverdue,
  recordTermsPaymentFailed,
  recordTermsReminder,
  type TermsContext,
  type TermsTransition,
} from './invoice-transitions';
import { termsOrderOfInvoice } from './stripe-invoice';

/**
 * The invoice.* events of the portal's invoices on terms (metadata.kind terms_order), applied to
 * their orders (invoice-transitions.ts). Null for any other invoice: a standing order's
 * (standing-orders/renewals.ts handles those).
 */
export const TERMS_INVOICE_EVENTS = [
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.will_be_due',
  'invoice.overdue',
  'invoice.voided',
  'invoice.marked_uncollectible',
] as const satisfies readonly Stripe.Event.Type[];

type TermsEvent = Extract<Stripe.Event, { type: (typeof TERMS_INVOICE_EVENTS)[number] }>;

/** The event when it is about an invoice on terms, else null (not a type guard: its metadata decides). */
export function termsInvoiceEvent(event: Stripe.Event): TermsEvent | null {
  if (!(TERMS_INVOICE_EVENTS as readonly string[]).includes(event.type)) return null;
  const candidate = event as TermsEvent;
  return termsOrderOfInvoice(candidate.data.object) !== null ? candidate : null;
}

/** The payment intent that paid the invoice (refunds and disputes find the order by it). */
async function paymentIntentOf(ctx: TermsContext, invoiceId: string): Promise<string | null> {
  const payments = await ctx.stripe().invoicePayments.list({ invoice: invoiceId, status: 'paid' });
  const payment = payments.data[0]?.payment;
  return payment?.type === 'payment_intent' ? idOf(payment.payment_intent) : null;
}

export async function applyTermsInvoiceEvent(
  ctx: TermsContext,
  event: TermsEvent,
): Promise<TermsTransition> {
  const invoice = event.data.object;
  const orderId = termsOrderOfInvoice(invoice)!;
  const ref: EventRef = { id: event.id, type: event.type };
  switch (event.type) {
    case 'invoice.paid':
      return recordTermsInvoicePaid(
        ctx,
        orderId,
        {
          paymentIntentId: invoice.id ? await paymentIntentOf(ctx, invoice.id) : null,
          paidAt: invoice.status_transitions?.paid_at ?? null,
        },
        ref,
      );
    case 'invoice.payment_failed':
      return recordTermsPaymentFailed(
        ctx,
        orderId,
        { attempt: event.id, message: failureMessageOf(invoice) },
        ref,
      );
    case 'invoice.will_be_due':
      return recordTermsReminder(ctx, orderId, 'due-soon', ref);
    case 'invoice.overdue':
      return recordTermsOverdue(ctx, orderId, ref);
    case 'invoice.voided':
      return closeTermsOrder(
        ctx,
        orderId,
        { to: 'void', by: 'stripe', reason: 'Voided in Stripe.', mail: true },
        ref,
      );
    case 'invoice.marked_uncollectible':
      return closeTermsOrder(
        ctx,
        orderId,
        {
          to: 'uncollectible',
          by: 'stripe',
          reason: 'Marked uncollectible in Stripe.',
          mail: false,
        },
        ref,
      );
  }
}
