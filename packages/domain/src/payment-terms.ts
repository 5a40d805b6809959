import { businessDay } from './business-day';
import { formatUsd, type Cents } from './money';
import {
  availableCredit,
  isOnCreditHold,
  NET_TERMS,
  type CompanyCredit,
  type NetDays,
  type TermsInvoiceState,
} from './payment-terms-states';

export {
  availableCredit,
  isNetDays,
  isOnCreditHold,
  NET_TERMS,
  NO_CREDIT,
  readCompanyCredit,
  TERMS_INVOICE_STATES,
  type CompanyCredit,
  type NetDays,
  type TermsInvoiceState,
} from './payment-terms-states';

/**
 * Payment terms (docs/payment-terms.md): a company a manager trusts buys now and pays by invoice
 * in 15, 30 or 60 days, within a credit limit. Its credit account is company_credit/{companyId}
 * (written by the functions only; its members and the managers read it). An order on terms is
 * made at once in the 'awaiting_payment' state; its Stripe Invoice (collection_method
 * send_invoice) is what the buyer pays, on Stripe's hosted invoice page. The callables' request
 * schemas are in payment-terms-schemas.ts, so that a page which only shows terms loads no schema.
 */

export const TERMS_CHOICES = [0, ...NET_TERMS] as const;
export type TermsChoice = (typeof TERMS_CHOICES)[number];

export const TERMS_LIMITS = {
  /** Cents: the largest credit limit a manager may set ($1,000,000). */
  maxCreditLimit: 100_000_000,
  poNumber: 40,
  reason: 500,
} as const;

export function termsLabel(netDays: NetDays | null): string {
  return netDays ? `Net ${netDays}` : 'None (card only)';
}

/** The cart's two ways to pay. */
export const PAY_BY_CARD_LABEL = 'Pay by card now';
export function payByInvoiceLabel(netDays: NetDays): string {
  return `Invoice, due in ${netDays} days`;
}

export const TERMS_MESSAGES = {
  noTerms: 'Your company has no payment terms. Pay by card instead.',
  onHold:
    'Your company is on credit hold because an invoice is past due. Pay the overdue invoice to order on terms again, or pay by card now.',
  poNumber: `A PO number has at most ${TERMS_LIMITS.poNumber} characters.`,
  reason: `Enter a reason (up to ${TERMS_LIMITS.reason} characters).`,
  creditLimit: 'Enter a credit limit from $0 to $1,000,000, in whole cents.',
  netDays: 'Choose None, Net 15, Net 30 or Net 60.',
  notOnTerms: 'This order was not placed on terms.',
  invoiceNotOpen: 'This invoice is no longer open.',
  invoicePending: 'The invoice for this order is still being issued. Try again in a minute.',
} as const;

/**
 * The details of a refusal after which the same request id would only be refused again: an
 * order on terms whose invoice could not be issued is voided and keeps that id, so the next
 * attempt takes a new one (the cart's and the quote card's request ids).
 */
export const NEW_REQUEST_NEEDED = { newRequest: true } as const;

/** Whether a refusal's details ask for a new request id (NEW_REQUEST_NEEDED). */
export function needsNewRequest(error: unknown): boolean {
  const details =
    typeof error === 'object' && error !== null ? (error as { details?: unknown }).details : null;
  return (
    typeof details === 'object' &&
    details !== null &&
    (details as { newRequest?: unknown }).newRequest === true
  );
}

/** What a term order over the limit is refused with: the credit still available. */
export function overCreditLimitMessage(available: Cents): string {
  return `This order is over your available credit of ${formatUsd(available)}. Pay by card instead, or pay an open invoice first.`;
}

/**
 * Why a term order of `amount` cents is refused, or null when it fits: no terms, on hold, or over
 * the available credit (open balance plus the order must fit the limit).
 */
export function termsOrderProblem(credit: CompanyCredit, amount: Cents): string | null {
  if (!credit.net_days) return TERMS_MESSAGES.noTerms;
  if (isOnCreditHold(credit)) return TERMS_MESSAGES.onHold;
  if (credit.open_balance + amount > credit.credit_limit) {
    return overCreditLimitMessage(availableCredit(credit));
  }
  return null;
}

export const TERMS_INVOICE_STATE_LABELS: Readonly<Record<TermsInvoiceState, string>> = {
  issuing: 'Being issued',
  open: 'Open',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

/** The states in which an invoice counts in the company's open balance. */
export function isReceivable(state: TermsInvoiceState): boolean {
  return state === 'issuing' || state === 'open';
}

// ---- aging ---------------------------------------------------------------------------------

export const AGING_BUCKETS = ['current', '1-30', '31-60', '61-90', 'over-90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Readonly<Record<AgingBucket, string>> = {
  current: 'Current',
  '1-30': '1 to 30 days',
  '31-60': '31 to 60 days',
  '61-90': '61 to 90 days',
  'over-90': 'Over 90 days',
};

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of the business day (Pacific) an instant falls on. */
const businessDayNumber = (at: Date) =>
  Math.round(Date.parse(`${businessDay(at)}T00:00:00Z`) / DAY_MS);

/**
 * Days an invoice is past its due date at `now`, in the business's days (0 when not yet due):
 * an invoice due Dec 7 (as it prints) is 1 day past due on Dec 8, whatever the hour Stripe's
 * due date carries. The aging buckets and the Overdue filter count the same days.
 */
export function daysPastDue(dueAt: Date, now: Date): number {
  return Math.max(0, businessDayNumber(now) - businessDayNumber(dueAt));
}

/** The aging bucket of an unpaid invoice due at `dueAt`. */
export function agingBucket(dueAt: Date, now: Date): AgingBucket {
  const days = daysPastDue(dueAt, now);
  if (days === 0) return 'current';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return 'over-90';
}

export type AgingTotals = Record<AgingBucket, Cents>;

export function emptyAging(): AgingTotals {
  return { current: 0, '1-30': 0, '31-60': 0, '61-90': 0, 'over-90': 0 };
}

/** Sums unpaid invoices into the aging buckets (an invoice with no due date yet is current). */
export function agingOf(
  invoices: Iterable<{ amount: Cents; due_at: Date | null }>,
  now: Date,
): AgingTotals {
  const totals = emptyAging();
  for (const invoice of invoices) {
    totals[invoice.due_at ? agingBucket(invoice.due_at, now) : 'current'] += invoice.amount;
  }
  return totals;
}
