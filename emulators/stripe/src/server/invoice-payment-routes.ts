import type Stripe from 'stripe';
import { INVOICE_PAYMENT_LIST_PARAMS } from '../billing/invoice-payment-store.js';
import { paginate, readPageParams } from '../core/pagination.js';
import { assertKnownKeys } from '../core/param-readers.js';
import { readExpand, type Handler, type Route } from './route-types.js';
import type { SandboxState } from './sandbox-state.js';
import { missingReference } from '../core/stripe-error.js';
import type { Invoice, InvoicePayment, Param } from '../core/types.js';

/** `payments` is an includable property: absent unless `expand[]=payments` asks for it. */
export const INVOICE_EXPANDABLE: ReadonlyArray<Param<Stripe.Invoice>> = ['payments'];
const PAYMENT_EXPANDABLE = ['invoice', 'payment.payment_intent'];
const PAYMENT_LIST_EXPANDABLE = PAYMENT_EXPANDABLE.map((field) => `data.${field}`);
const EXPAND_ONLY: ReadonlyArray<Param<Stripe.InvoicePaymentRetrieveParams>> = ['expand'];
const LIST_URL = '/v1/invoice_payments';

/** The invoice as Stripe returns it: with its `payments` (newest first) when they are asked for. */
export function renderInvoice(
  state: SandboxState,
  invoice: Invoice,
  expand: ReadonlyArray<string>,
): Invoice {
  if (!expand.includes('payments')) return invoice;
  const payments = state.invoicePayments.list({ invoice: invoice.id });
  return { ...invoice, payments: paginate(payments, { limit: 10 }, LIST_URL, 'invoice_payment') };
}

/** An invoice payment, its `invoice` and `payment.payment_intent` expanded when asked. */
function renderPayment(
  state: SandboxState,
  payment: InvoicePayment,
  expand: ReadonlyArray<string>,
): Stripe.InvoicePayment {
  const invoice = expand.includes('invoice') ? state.invoices.get(payment.invoice) : undefined;
  const paymentIntent = expand.includes('payment.payment_intent')
    ? state.paymentIntents.get(payment.payment.payment_intent)
    : undefined;
  return {
    ...payment,
    ...(invoice ? { invoice: invoice as Stripe.Invoice } : {}),
    ...(paymentIntent ? { payment: { ...payment.payment, payment_intent: paymentIntent } } : {}),
  };
}

const retrieveInvoicePayment: Handler = (state, request, match) => {
  assertKnownKeys(request.params, EXPAND_ONLY, '');
  const expand = readExpand(request.params, PAYMENT_EXPANDABLE);
  const payment = state.invoicePayments.require(match[1] as string);
  return { status: 200, body: renderPayment(state, payment, expand) };
};

/** GET /v1/invoice_payments: newest first; an `invoice` that does not exist is refused. */
const listInvoicePayments: Handler = (state, request) => {
  assertKnownKeys(request.params, INVOICE_PAYMENT_LIST_PARAMS, '');
  const expand = readExpand(request.params, PAYMENT_LIST_EXPANDABLE).map((field) =>
    field.slice('data.'.length),
  );
  const page = readPageParams(request.params);
  const filter = state.invoicePayments.readFilter(request.params);
  if (filter.invoice !== undefined && !state.invoices.get(filter.invoice)) {
    throw missingReference('invoice', filter.invoice, 'invoice');
  }
  const list = paginate(state.invoicePayments.list(filter), page, LIST_URL, 'invoice_payment');
  return {
    status: 200,
    body: { ...list, data: list.data.map((payment) => renderPayment(state, payment, expand)) },
  };
};

/** The payments of invoices (each invoice charged has one, paid by a payment intent). */
export const INVOICE_PAYMENT_ROUTES: ReadonlyArray<Route> = [
  { method: 'GET', pattern: /^\/v1\/invoice_payments$/, handler: listInvoicePayments },
  {
    method: 'GET',
    pattern: /^\/v1\/invoice_payments\/([^/]+)$/,
    handler: retrieveInvoicePayment,
  },
];
