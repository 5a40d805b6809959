import * as z from 'zod/mini';
import { atLeast, integer } from './en-messages';
import { formatUsd, type Cents } from './money';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from './plain-text';

/**
 * Payment terms (docs/payment-terms.md): a company a manager trusts buys now and pays by invoice
 * in 15, 30 or 60 days, within a credit limit. Its credit account is company_credit/{companyId}
 * (written by the functions only; its members and the managers read it). An order on terms is
 * made at once in the 'awaiting_payment' state; its Stripe Invoice (collection_method
 * send_invoice) is what the buyer pays, on Stripe's hosted invoice page.
 */

/** The terms a manager can give; 0 is none (card only), the default. */
export const NET_TERMS = [15, 30, 60] as const;
export type NetDays = (typeof NET_TERMS)[number];
export const TERMS_CHOICES = [0, ...NET_TERMS] as const;
export type TermsChoice = (typeof TERMS_CHOICES)[number];

export function isNetDays(value: unknown): value is NetDays {
  return NET_TERMS.includes(value as NetDays);
}

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

/** What a term order over the limit is refused with: the credit still available. */
export function overCreditLimitMessage(available: Cents): string {
  return `This order is over your available credit of ${formatUsd(available)}. Pay by card instead, or pay an open invoice first.`;
}

/** company_credit/{companyId} as stored (absent: no terms, nothing owed). */
export const companyCreditSchema = z.object({
  /** null: no terms (card only). */
  net_days: z._default(z.nullable(z.literal(NET_TERMS)), null),
  /** Cents. */
  credit_limit: z._default(z.number().check(integer(), atLeast(0)), 0),
  /** Cents: the orders on terms whose invoice is not paid, voided or written off. */
  open_balance: z._default(z.number().check(integer(), atLeast(0)), 0),
  /** Orders whose invoice is past due and unpaid: the company is on credit hold while any. */
  overdue_orders: z._default(z.array(z.string()), []),
});
export type CompanyCredit = z.output<typeof companyCreditSchema>;

export const NO_CREDIT: CompanyCredit = {
  net_days: null,
  credit_limit: 0,
  open_balance: 0,
  overdue_orders: [],
};

export function readCompanyCredit(data: unknown): CompanyCredit {
  const parsed = companyCreditSchema.safeParse(data ?? {});
  return parsed.success ? parsed.data : NO_CREDIT;
}

/** Cents the company may still order on terms (never below 0). */
export function availableCredit(credit: Pick<CompanyCredit, 'credit_limit' | 'open_balance'>) {
  return Math.max(0, credit.credit_limit - credit.open_balance);
}

export function isOnCreditHold(credit: Pick<CompanyCredit, 'overdue_orders'>): boolean {
  return credit.overdue_orders.length > 0;
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

/**
 * The invoice of an order on terms, as the order records it:
 * issuing (the order exists, its Stripe invoice is being made) -> open (sent; the buyer pays on
 * the hosted page; a bank payment settling leaves it open until it settles) -> paid; open -> void
 * (a manager voided it: the order is cancelled, its stock returns) or uncollectible (written off:
 * out of the open balance, the credit hold stays until it is paid).
 */
export const TERMS_INVOICE_STATES = ['issuing', 'open', 'paid', 'void', 'uncollectible'] as const;
export type TermsInvoiceState = (typeof TERMS_INVOICE_STATES)[number];

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

/** Whole days an invoice is past its due date at `now` (0 when not yet due). */
export function daysPastDue(dueAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - dueAt.getTime()) / DAY_MS));
}

/** The aging bucket of an unpaid invoice due at `dueAt`. */
export function agingBucket(dueAt: Date, now: Date): AgingBucket {
  if (now.getTime() <= dueAt.getTime()) return 'current';
  const days = daysPastDue(dueAt, now);
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

// ---- requests --------------------------------------------------------------------------------

const docId = z
  .string()
  .check(z.minLength(1), z.maxLength(128), z.regex(/^[^/]+$/, 'Not a document id'));

const reasonText = z.string().check(
  z.trim(),
  z.minLength(1, TERMS_MESSAGES.reason),
  z.maxLength(TERMS_LIMITS.reason, TERMS_MESSAGES.reason),
  z.refine((value) => !hasUnsafeText(value), UNSAFE_TEXT_MESSAGE),
);

/** A purchase order number: optional, up to 40 characters of plain text ('' when none). */
export const poNumberSchema = z.string({ error: TERMS_MESSAGES.poNumber }).check(
  z.trim(),
  z.maxLength(TERMS_LIMITS.poNumber, TERMS_MESSAGES.poNumber),
  z.refine((value) => !hasUnsafeText(value), UNSAFE_TEXT_MESSAGE),
);

/** setCompanyTerms: a manager gives a company terms (0: none) and a credit limit, with a reason. */
export const setCompanyTermsRequest = z.strictObject({
  companyId: docId,
  netDays: z.literal(TERMS_CHOICES, { error: TERMS_MESSAGES.netDays }),
  /** Cents. */
  creditLimit: z
    .number({ error: TERMS_MESSAGES.creditLimit })
    .check(
      z.int({ error: TERMS_MESSAGES.creditLimit }),
      z.gte(0, TERMS_MESSAGES.creditLimit),
      z.lte(TERMS_LIMITS.maxCreditLimit, TERMS_MESSAGES.creditLimit),
    ),
  reason: reasonText,
});
export type SetCompanyTermsRequest = z.input<typeof setCompanyTermsRequest>;
export interface SetCompanyTermsResponse {
  companyId: string;
  netDays: NetDays | null;
  creditLimit: Cents;
}

/**
 * placeTermsOrder: the caller's cart (or Buy Now of `productId`) as an order on the company's
 * terms. `requestId` is made by the browser once per press of the button: a repeated call with
 * it answers the same order instead of placing another.
 */
export const placeTermsOrderRequest = z.strictObject({
  requestId: z
    .string()
    .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not a request id (8 to 64 letters and digits)')),
  productId: z.optional(docId),
  locationId: z.optional(docId),
  poNumber: z._default(poNumberSchema, ''),
});
export type PlaceTermsOrderRequest = z.input<typeof placeTermsOrderRequest>;
export interface PlaceTermsOrderResponse {
  orderId: string;
  /** Stripe's hosted invoice page, where the buyer pays (null if the invoice is still issuing). */
  invoiceUrl: string | null;
  /** ISO: when the invoice is due (null while issuing). */
  dueAt: string | null;
  /** Cents: the order's amount. */
  amount: Cents;
}

/** closeTermsInvoice: a manager voids an invoice (the order is cancelled) or writes it off. */
export const CLOSE_INVOICE_ACTIONS = ['void', 'uncollectible'] as const;
export type CloseInvoiceAction = (typeof CLOSE_INVOICE_ACTIONS)[number];
export const closeTermsInvoiceRequest = z.strictObject({
  orderId: docId,
  action: z.enum(CLOSE_INVOICE_ACTIONS),
  reason: reasonText,
});
export type CloseTermsInvoiceRequest = z.input<typeof closeTermsInvoiceRequest>;
export interface CloseTermsInvoiceResponse {
  orderId: string;
  state: TermsInvoiceState;
}

/** sendInvoiceReminder: a manager mails the buyer a reminder of an open invoice now. */
export const sendInvoiceReminderRequest = z.strictObject({ orderId: docId });
export type SendInvoiceReminderRequest = z.input<typeof sendInvoiceReminderRequest>;
export interface SendInvoiceReminderResponse {
  orderId: string;
}

/** getReceivables: the managers' Receivables tab. */
export const getReceivablesRequest = z.strictObject({});
export interface ReceivableInvoice {
  orderId: string;
  companyId: string;
  companyName: string;
  invoiceNumber: string | null;
  poNumber: string;
  /** Cents. */
  amount: Cents;
  /** ISO. */
  issuedAt: string;
  /** ISO, null while issuing. */
  dueAt: string | null;
  state: TermsInvoiceState;
  daysPastDue: number;
  bucket: AgingBucket;
  invoiceUrl: string | null;
}
export interface ReceivableCompany {
  companyId: string;
  companyName: string;
  netDays: NetDays | null;
  creditLimit: Cents;
  openBalance: Cents;
  available: Cents;
  onHold: boolean;
  aging: AgingTotals;
}
export interface GetReceivablesResponse {
  /** ISO: the moment the aging was computed at. */
  asOf: string;
  companies: ReceivableCompany[];
  invoices: ReceivableInvoice[];
  totals: AgingTotals & { open: Cents };
}
