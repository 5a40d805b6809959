import type Stripe from 'stripe';
import type { FormObject } from '../core/form-encoding.js';
import { assertKnownKeys, readEnum, readObject, readString } from '../core/param-readers.js';
import { missingParam, resourceMissing } from '../core/stripe-error.js';
import type { InvoicePayment, Known, Param, PaymentIntent } from '../core/types.js';

export const INVOICE_PAYMENT_LIST_PARAMS: ReadonlyArray<Param<Stripe.InvoicePaymentListParams>> = [
  'invoice',
  'payment',
  'status',
  'limit',
  'starting_after',
  'ending_before',
  'expand',
];
const PAYMENT_FILTER_PARAMS: ReadonlyArray<Param<Stripe.InvoicePaymentListParams.Payment>> = [
  'type',
  'payment_intent',
  'payment_record',
];
const PAYMENT_TYPES: ReadonlyArray<Known<Stripe.InvoicePaymentListParams.Payment.Type>> = [
  'payment_intent',
  'payment_record',
];
const LIST_STATUSES: ReadonlyArray<Known<Stripe.InvoicePaymentListParams.Status>> = [
  'canceled',
  'open',
  'paid',
];

export interface InvoicePaymentFilter {
  invoice?: string;
  status?: InvoicePayment['status'];
  /** `payment[type]`: the sandbox's payments are all of payment intents. */
  type?: Known<Stripe.InvoicePaymentListParams.Payment.Type>;
  paymentIntent?: string;
  paymentRecord?: string;
}

/** An invoice payment and the payment intent that pays it. */
export interface StoredInvoicePayment {
  payment: InvoicePayment;
  paymentIntent: PaymentIntent;
}

/**
 * In-memory invoice payments: each invoice charged has one, its default payment, made at its
 * first payment attempt (invoice-collection.ts) with the payment intent every attempt uses.
 */
export class InvoicePaymentStore {
  private readonly payments = new Map<string, StoredInvoicePayment>();

  add(stored: StoredInvoicePayment): StoredInvoicePayment {
    this.payments.set(stored.payment.id, stored);
    return stored;
  }

  get(id: string): InvoicePayment | undefined {
    return this.payments.get(id)?.payment;
  }

  /** The invoice payment a request's URL names: 404 when missing. */
  require(id: string): InvoicePayment {
    const payment = this.get(id);
    if (!payment) throw resourceMissing('invoice_payment', id, 'invoice_payment');
    return payment;
  }

  /** The invoice's default payment, once a payment has been attempted. */
  defaultFor(invoiceId: string): StoredInvoicePayment | undefined {
    for (const stored of this.payments.values()) {
      if (stored.payment.invoice === invoiceId && stored.payment.is_default) return stored;
    }
    return undefined;
  }

  readFilter(params: FormObject): InvoicePaymentFilter {
    const invoice = readString(params.invoice, 'invoice') || undefined;
    const status = readEnum(params.status, 'status', LIST_STATUSES);
    const payment = readObject(params.payment, 'payment');
    if (!payment) {
      return { ...(invoice ? { invoice } : {}), ...(status ? { status } : {}) };
    }
    assertKnownKeys(payment, PAYMENT_FILTER_PARAMS, 'payment');
    const type = readEnum(payment.type, 'payment[type]', PAYMENT_TYPES);
    if (!type) throw missingParam('payment[type]');
    const paymentIntent =
      readString(payment.payment_intent, 'payment[payment_intent]') || undefined;
    const paymentRecord =
      readString(payment.payment_record, 'payment[payment_record]') || undefined;
    return {
      ...(invoice ? { invoice } : {}),
      ...(status ? { status } : {}),
      type,
      ...(paymentIntent ? { paymentIntent } : {}),
      ...(paymentRecord ? { paymentRecord } : {}),
    };
  }

  /** Newest first. */
  list(filter: InvoicePaymentFilter): InvoicePayment[] {
    return [...this.payments.values()]
      .reverse()
      .map((stored) => stored.payment)
      .filter(
        (payment) =>
          (filter.invoice === undefined || payment.invoice === filter.invoice) &&
          (filter.status === undefined || payment.status === filter.status) &&
          (filter.type === undefined || payment.payment.type === filter.type) &&
          (filter.paymentIntent === undefined ||
            payment.payment.payment_intent === filter.paymentIntent) &&
          // The sandbox records no payments outside Stripe (payment records).
          filter.paymentRecord === undefined,
      );
  }

  /** Forgets the payments of these invoices (a deleted test clock's). */
  forgetInvoices(invoiceIds: ReadonlySet<string>): void {
    for (const [id, stored] of this.payments) {
      if (invoiceIds.has(stored.payment.invoice)) this.payments.delete(id);
    }
  }

  clear(): void {
    this.payments.clear();
  }
}
