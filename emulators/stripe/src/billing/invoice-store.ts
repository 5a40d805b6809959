import type Stripe from 'stripe';
import type { FormObject } from '../core/form-encoding.js';
import { readEnum, readString } from '../core/param-readers.js';
import { resourceMissing } from '../core/stripe-error.js';
import type { Invoice, InvoiceStatus, Known, Param } from '../core/types.js';

export const INVOICE_LIST_PARAMS: ReadonlyArray<Param<Stripe.InvoiceListParams>> = [
  'subscription',
  'customer',
  'status',
  'limit',
  'starting_after',
  'ending_before',
  'expand',
];
const LIST_STATUSES: ReadonlyArray<Known<Stripe.InvoiceListParams.Status>> = [
  'draft',
  'open',
  'paid',
  'uncollectible',
  'void',
];

export interface InvoiceFilter {
  subscription?: string;
  customer?: string;
  status?: InvoiceStatus;
}

/** In-memory invoices, numbered `SBX-000001`, ... as they are finalized. */
export class InvoiceStore {
  private readonly invoices = new Map<string, Invoice>();
  private lastNumber = 0;

  add(invoice: Invoice): Invoice {
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  get(id: string): Invoice | undefined {
    return this.invoices.get(id);
  }

  /** The invoice a request's URL names: 404 when missing. */
  require(id: string): Invoice {
    const invoice = this.invoices.get(id);
    if (!invoice) throw resourceMissing('invoice', id, 'invoice');
    return invoice;
  }

  readFilter(params: FormObject): InvoiceFilter {
    const subscription = readString(params.subscription, 'subscription') || undefined;
    const customer = readString(params.customer, 'customer') || undefined;
    const status = readEnum(params.status, 'status', LIST_STATUSES);
    return {
      ...(subscription ? { subscription } : {}),
      ...(customer ? { customer } : {}),
      ...(status ? { status } : {}),
    };
  }

  /** Newest first. */
  list(filter: InvoiceFilter): Invoice[] {
    return [...this.invoices.values()]
      .reverse()
      .filter(
        (invoice) =>
          (filter.subscription === undefined ||
            invoice.parent?.subscription_details?.subscription === filter.subscription) &&
          (filter.customer === undefined || invoice.customer === filter.customer) &&
          (filter.status === undefined || invoice.status === filter.status),
      );
  }

  /** Draft to open: numbered, its amounts due. */
  finalize(invoice: Invoice, at: number): void {
    this.lastNumber += 1;
    invoice.number = `SBX-${String(this.lastNumber).padStart(6, '0')}`;
    invoice.status = 'open';
    invoice.effective_at = at;
    invoice.ending_balance = 0;
    invoice.status_transitions.finalized_at = at;
  }

  /** A payment attempt went through: paid in full. */
  markPaid(invoice: Invoice, at: number): void {
    invoice.attempt_count += 1;
    invoice.attempted = true;
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = at;
  }

  /** A payment attempt was declined: the invoice stays open (the sandbox does not retry it). */
  markPaymentFailed(invoice: Invoice): void {
    invoice.attempt_count += 1;
    invoice.attempted = true;
    invoice.next_payment_attempt = null;
  }

  /** Open to void: nothing is owed. */
  markVoid(invoice: Invoice, at: number): void {
    invoice.status = 'void';
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.voided_at = at;
  }

  /** Forgets the invoices of these customers (a deleted test clock's); returns their ids. */
  forgetCustomers(customerIds: ReadonlySet<string>): Set<string> {
    const forgotten = new Set<string>();
    for (const [id, invoice] of this.invoices) {
      if (!customerIds.has(invoice.customer)) continue;
      this.invoices.delete(id);
      forgotten.add(id);
    }
    return forgotten;
  }

  clear(): void {
    this.invoices.clear();
    this.lastNumber = 0;
  }
}
