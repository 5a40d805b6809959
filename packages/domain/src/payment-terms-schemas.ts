import * as z from 'zod/mini';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from './plain-text';
import { poNumberSchema } from './po-number';

export { poNumberSchema } from './po-number';
import {
  TERMS_CHOICES,
  TERMS_LIMITS,
  TERMS_MESSAGES,
  type AgingBucket,
  type AgingTotals,
  type NetDays,
  type TermsInvoiceState,
} from './payment-terms';
import type { Cents } from './money';

/** The callables of payment terms (docs/payment-terms.md): requests and answers. */

const docId = z
  .string()
  .check(z.minLength(1), z.maxLength(128), z.regex(/^[^/]+$/, 'Not a document id'));

const reasonText = z.string().check(
  z.trim(),
  z.minLength(1, TERMS_MESSAGES.reason),
  z.maxLength(TERMS_LIMITS.reason, TERMS_MESSAGES.reason),
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
