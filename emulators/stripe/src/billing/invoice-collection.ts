import type Stripe from 'stripe';
import { newId } from '../core/ids.js';
import type { InvoicePaymentStore, StoredInvoicePayment } from './invoice-payment-store.js';
import type { BillingContact, Ledger } from '../payments/ledger.js';
import { buildPaymentIntent, type PaymentIntentStore } from '../payments/payment-intents.js';
import type { PaymentMethodStore } from '../payments/payment-methods.js';
import type { Invoice } from '../core/types.js';

/** What collecting an invoice's payment needs: the payment stores and the ledger. */
export interface CollectionContext {
  readonly paymentIntents: PaymentIntentStore;
  readonly invoicePayments: InvoicePaymentStore;
  readonly paymentMethods: PaymentMethodStore;
  readonly ledger: Ledger;
}

const CARD_DECLINED: Stripe.PaymentIntent.LastPaymentError = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  doc_url: 'https://stripe.com/docs/error-codes/card-declined',
  message: 'Your card was declined.',
  payment_method_type: 'card',
};

/** The invoice's customer as it names them, billed on the charge. */
function billingContact(invoice: Invoice): BillingContact {
  return {
    address: invoice.customer_address ? structuredClone(invoice.customer_address) : null,
    email: invoice.customer_email,
    name: invoice.customer_name,
    phone: invoice.customer_phone,
  };
}

/** How Stripe describes an invoice's payment intent. */
function paymentDescription(invoice: Invoice): string {
  if (invoice.billing_reason === 'subscription_create') return 'Subscription creation';
  if (invoice.billing_reason === 'manual') return 'Payment for Invoice';
  return 'Subscription update';
}

const BANK_DEBIT_FAILED: Stripe.PaymentIntent.LastPaymentError = {
  type: 'invalid_request_error',
  code: 'insufficient_funds',
  doc_url: 'https://stripe.com/docs/error-codes/insufficient-funds',
  message: "The customer's account has insufficient funds to cover this payment.",
  payment_method_type: 'us_bank_account',
};

/**
 * The invoice's default payment, made at its first attempt as Stripe's billing makes it: an
 * `open` invoice payment of what is due, and its payment intent (no metadata; described
 * `Subscription creation` or `Subscription update`), waiting for a payment method.
 */
function defaultPayment(
  ctx: CollectionContext,
  invoice: Invoice,
  at: number,
): StoredInvoicePayment {
  const existing = ctx.invoicePayments.defaultFor(invoice.id);
  if (existing) return existing;
  const paymentIntent = ctx.paymentIntents.add(
    buildPaymentIntent({
      amount: invoice.amount_due,
      currency: invoice.currency,
      customer: invoice.customer,
      created: at,
      status: 'requires_payment_method',
      metadata: {},
      description: paymentDescription(invoice),
      allowedPaymentMethodTypes: null,
      paymentMethodTypes: invoice.payment_settings.payment_method_types ?? ['card'],
      paymentMethod: null,
      shipping: null,
    }),
  );
  return ctx.invoicePayments.add({
    paymentIntent,
    payment: {
      id: newId('inpay', 24),
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: invoice.amount_due,
      created: at,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: paymentIntent.id },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
    },
  });
}

/**
 * One attempt to collect an open invoice with `paymentMethod`. Nothing due: paid without a
 * payment, as at Stripe. Otherwise through the invoice's default payment: paid, its payment
 * intent `succeeded` with the payment method and a charge in the ledger (refundable as a Checkout
 * payment is), and the invoice payment `paid`; declined, the payment intent
 * `requires_payment_method` with a `card_declined` `last_payment_error`, and the invoice payment
 * still `open` for the next attempt. Returns whether it was paid; the caller marks the invoice.
 */
export function collectInvoicePayment(
  ctx: CollectionContext,
  invoice: Invoice,
  paymentMethod: string | null,
  at: number,
): boolean {
  if (invoice.amount_due === 0) return true;
  const { payment, paymentIntent } = defaultPayment(ctx, invoice, at);
  if (!ctx.paymentMethods.charges(paymentMethod)) {
    paymentIntent.status = 'requires_payment_method';
    paymentIntent.payment_method = null;
    paymentIntent.last_payment_error = { ...CARD_DECLINED };
    return false;
  }
  paymentIntent.payment_method = paymentMethod;
  succeed(ctx, invoice, { payment, paymentIntent }, at);
  return true;
}

/** The payment intent received it all: its charge made, the invoice payment `paid`. */
function succeed(
  ctx: CollectionContext,
  invoice: Invoice,
  { payment, paymentIntent }: StoredInvoicePayment,
  at: number,
): void {
  paymentIntent.status = 'succeeded';
  paymentIntent.amount_received = paymentIntent.amount;
  paymentIntent.last_payment_error = null;
  ctx.ledger.charge(paymentIntent, billingContact(invoice), at);
  payment.status = 'paid';
  payment.amount_paid = paymentIntent.amount;
  payment.status_transitions.paid_at = at;
}

/** Whether the invoice's payment is a bank debit still processing (waiting to settle). */
export function bankPaymentProcessing(ctx: CollectionContext, invoice: Invoice): boolean {
  return ctx.invoicePayments.defaultFor(invoice.id)?.paymentIntent.status === 'processing';
}

/**
 * Starts a US bank account (ACH) debit of an open invoice: its payment intent `processing` with a
 * new `us_bank_account` payment method and no charge yet; the invoice stays open until it
 * settles (settleBankPayment).
 */
export function startBankPayment(ctx: CollectionContext, invoice: Invoice, at: number): void {
  const { paymentIntent } = defaultPayment(ctx, invoice, at);
  paymentIntent.status = 'processing';
  paymentIntent.payment_method = ctx.paymentMethods.create();
  paymentIntent.last_payment_error = null;
}

/**
 * Settles a processing bank debit as the bank would: succeeded, the payment intent `succeeded`
 * with its charge and the invoice payment `paid`; failed, the payment intent
 * `requires_payment_method` with a `last_payment_error` (insufficient funds) and the invoice
 * payment still `open`. The caller marks the invoice.
 */
export function settleBankPayment(
  ctx: CollectionContext,
  invoice: Invoice,
  outcome: 'succeeded' | 'failed',
  at: number,
): void {
  const stored = defaultPayment(ctx, invoice, at);
  if (outcome === 'succeeded') {
    succeed(ctx, invoice, stored, at);
    return;
  }
  stored.paymentIntent.status = 'requires_payment_method';
  stored.paymentIntent.payment_method = null;
  stored.paymentIntent.last_payment_error = { ...BANK_DEBIT_FAILED };
}
