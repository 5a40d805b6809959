import type Stripe from 'stripe';
import type { FormObject } from '../core/form-encoding.js';
import { readEnum, readString } from '../core/param-readers.js';
import { resourceMissing } from '../core/stripe-error.js';
import type { Invoice, InvoiceStatus, Known, Param } from '../core/types.js';

export const INVOICE_LIST_PARAMS: ReadonlyArray<Param<Stripe.InvoiceListParams>> = [
  'subscription',
  'customer',
  'collection_method',
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

const COLLECTION_METHODS: ReadonlyArray<Known<Stripe.InvoiceListParams.CollectionMethod>> = [
  'charge_automatically',
  'send_invoice',
];

export interface InvoiceFilter {
  subscription?: string;
  customer?: string;
  collectionMethod?: Invoice['collection_method'];
  status?: InvoiceStatus;
}

/** The reminders a clock advance sends about an open invoice's due date (each at most once). */
export type DueNotice = 'will_be_due' | 'overdue';

/** In-memory invoices, numbered `SBX-000001`, ... as they are finalized. */
export class InvoiceStore {
  private readonly invoices = new Map<string, Invoice>();
  private lastNumber = 0;
  private readonly notices = new Map<string, Set<DueNotice>>();
  private readonly terms = new Map<string, number>();

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
    const collectionMethod = readEnum(
      params.collection_method,
      'collection_method',
      COLLECTION_METHODS,
    );
    return {
      ...(subscription ? { subscription } : {}),
      ...(customer ? { customer } : {}),
      ...(collectionMethod ? { collectionMethod } : {}),
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
          (filter.collectionMethod === undefined ||
            invoice.collection_method === filter.collectionMethod) &&
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

  /**
   * Credit notes took what was left to pay: paid, with nothing collected (`amount_paid` is what
   * was paid before, if anything).
   */
  markPaidByCreditNotes(invoice: Invoice, at: number): void {
    invoice.status = 'paid';
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

  /** Open to uncollectible: still owed, and still payable. */
  markUncollectible(invoice: Invoice, at: number): void {
    invoice.status = 'uncollectible';
    invoice.next_payment_attempt = null;
    invoice.status_transitions.marked_uncollectible_at = at;
  }

  /** Paid outside Stripe (`paid_out_of_band`): paid in full with no payment recorded. */
  markPaidOutOfBand(invoice: Invoice, at: number): void {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_paid_off_stripe = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = at;
  }

  /**
   * A one-off invoice's `days_until_due` (the invoice object does not carry it in this API
   * version); null when it has none (charge_automatically, or a fixed `due_date`).
   */
  daysUntilDue(id: string): number | null {
    return this.terms.get(id) ?? null;
  }

  setDaysUntilDue(id: string, days: number | null): void {
    if (days === null) this.terms.delete(id);
    else this.terms.set(id, days);
  }

  /** A draft's amounts from its lines, after a line is added or removed. */
  recalculate(invoice: Invoice): void {
    const total = invoice.lines.data.reduce((sum, line) => sum + line.amount, 0);
    invoice.subtotal = total;
    invoice.subtotal_excluding_tax = total;
    invoice.total = total;
    invoice.total_excluding_tax = total;
    invoice.amount_due = total;
    invoice.amount_remaining = total;
  }

  /** Deletes a draft invoice. */
  delete(id: string): void {
    this.invoices.delete(id);
    this.notices.delete(id);
    this.terms.delete(id);
  }

  /** Whether a due-date reminder was sent for the invoice already. */
  noticeSent(id: string, notice: DueNotice): boolean {
    return this.notices.get(id)?.has(notice) === true;
  }

  recordNotice(id: string, notice: DueNotice): void {
    const sent = this.notices.get(id) ?? new Set<DueNotice>();
    sent.add(notice);
    this.notices.set(id, sent);
  }

  /** Forgets the invoices of these customers (a deleted test clock's); returns their ids. */
  forgetCustomers(customerIds: ReadonlySet<string>): Set<string> {
    const forgotten = new Set<string>();
    for (const [id, invoice] of this.invoices) {
      if (!customerIds.has(invoice.customer)) continue;
      this.invoices.delete(id);
      this.notices.delete(id);
      forgotten.add(id);
    }
    return forgotten;
  }

  clear(): void {
    this.invoices.clear();
    this.notices.clear();
    this.terms.clear();
    this.lastNumber = 0;
  }
}
