/**
 * The callables of sales tax and resale certificates (docs/tax.md), and the stored certificate as
 * the browser reads it.
 */
import * as z from 'zod/mini';
import type { Cents } from './money';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from './plain-text';
import { US_STATES } from './ship-to';
import {
  TAX_CERTIFICATE_STATES,
  TAX_CERTIFICATE_TYPES,
  TAX_LIMITS,
  TAX_MESSAGES,
  type TaxExemption,
} from './tax-certificates';

const docId = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, 'Not a document id'));

const isoDay = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A real calendar day, YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  if (!isoDay.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A certificate number as printed on it: letters, digits, spaces and - / . (1 to 40). */
export const certificateNumberSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, TAX_MESSAGES.number),
    z.maxLength(TAX_LIMITS.number, TAX_MESSAGES.number),
    z.regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, TAX_MESSAGES.number),
  );

/**
 * submitTaxCertificate: the company owner, having uploaded the file to
 * taxCertificateFilePath(companyId, certificateId), submits it for review.
 */
export const submitTaxCertificateRequest = z.strictObject({
  certificateId: docId,
  state: z.enum(US_STATES, { error: TAX_MESSAGES.state }),
  number: certificateNumberSchema,
  /** The last valid day (YYYY-MM-DD), or null: it does not expire. */
  expiresOn: z.nullable(
    z
      .string({ error: TAX_MESSAGES.expiresOn })
      .check(z.refine(isCalendarDay, TAX_MESSAGES.expiresOn)),
  ),
  /** The name of the file as the owner chose it (shown to the managers). */
  fileName: z.string().check(
    z.trim(),
    z.minLength(1, 'Name the file.'),
    z.maxLength(
      TAX_LIMITS.fileName,
      `Use a file name of at most ${TAX_LIMITS.fileName} characters.`,
    ),
    z.refine((value) => !hasUnsafeText(value), UNSAFE_TEXT_MESSAGE),
  ),
});
export type SubmitTaxCertificateRequest = z.input<typeof submitTaxCertificateRequest>;
export interface SubmitTaxCertificateResponse {
  certificateId: string;
  status: 'pending';
}

/** reviewTaxCertificate: a manager approves a pending certificate, or rejects it with a reason. */
export const reviewTaxCertificateRequest = z.discriminatedUnion('decision', [
  z.strictObject({ certificateId: docId, decision: z.literal('approve') }),
  z.strictObject({
    certificateId: docId,
    decision: z.literal('reject'),
    reason: z.string({ error: TAX_MESSAGES.reason }).check(
      z.trim(),
      z.minLength(1, TAX_MESSAGES.reason),
      z.maxLength(TAX_LIMITS.reason, TAX_MESSAGES.reason),
      z.refine((value) => !hasUnsafeText(value), UNSAFE_TEXT_MESSAGE),
    ),
  }),
]);
export type ReviewTaxCertificateRequest = z.input<typeof reviewTaxCertificateRequest>;
export interface ReviewTaxCertificateResponse {
  certificateId: string;
  status: 'approved' | 'rejected';
}

/**
 * estimateTax: the tax the caller's cart (or Buy Now of `productId`) would pay shipping to a
 * location of theirs: the cart's estimate before checkout. Stripe has the final word at checkout.
 */
export const estimateTaxRequest = z.strictObject({
  locationId: docId,
  productId: z.optional(docId),
});
export type EstimateTaxRequest = z.input<typeof estimateTaxRequest>;
export interface EstimateTaxResponse {
  /** The ship-to state the estimate is for. */
  state: string;
  /** Cents: the goods, as the server prices them. */
  subtotal: Cents;
  /**
   * Cents: 0 when exempt. For a one-time card checkout: the tax of the goods less the store
   * credit it would spend (`storeCredit`), as Stripe taxes the discounted amount.
   */
  tax: Cents;
  /**
   * Cents: the tax of all the goods, no store credit taken off: what a standing order or an order
   * on terms is taxed (their invoices are taxed whole; Stripe applies a balance after the tax).
   * Absent: the same as `tax`.
   */
  fullTax?: Cents;
  /** The certificate that exempts it, or null: taxed. */
  exemption: TaxExemption | null;
  /**
   * The company's certificate for this state that has expired (the cart says so), or null.
   * Only when no other certificate exempts the order.
   */
  expiredCertificate: TaxExemption | null;
  /**
   * Cents of the company's store credit a card checkout of this cart would spend (creditToApply,
   * docs/payments.md#store-credit): the cart shows "Store credit −$X". 0 or absent: none. The
   * tax estimate is for the goods less it (Stripe taxes the discounted amount).
   */
  storeCredit?: Cents;
}

/**
 * getTaxReport: the managers' tax report, months from `from` to `to` (YYYY-MM, Pacific), at most
 * 24 of them. The rule is written out here and again in tax-report.ts (TAX_REPORT_MAX_MONTHS,
 * taxReportRangeProblem, which the Tax tab checks with): the buyers' pages load this module, and
 * importing the report's module would bring them its Pacific calendar. tax-report.test.ts keeps
 * the two in step.
 */
const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
const month = z.string().check(z.regex(monthPattern, 'Use a month as YYYY-MM.'));
const monthIndex = (value: string) => Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7));
/** Both months well formed: only then is their order and distance worth a message. */
const bothMonths = (value: { from: string; to: string }) =>
  monthPattern.test(value.from) && monthPattern.test(value.to);
export const getTaxReportRequest = z.strictObject({ from: month, to: month }).check(
  z.refine(
    (value) => !bothMonths(value) || value.from <= value.to,
    'The first month comes before the last.',
  ),
  z.refine(
    (value) => !bothMonths(value) || monthIndex(value.to) - monthIndex(value.from) < 24,
    'Choose at most 24 months.',
  ),
);
export type GetTaxReportRequest = z.input<typeof getTaxReportRequest>;

/** One state in one month: what was sold and taxed, and what was sold exempt. */
export interface TaxReportRow {
  /** YYYY-MM (Pacific) of the order's booking. */
  month: string;
  state: string;
  orders: number;
  /** Cents: goods sold taxed (tax not included). */
  taxableSales: Cents;
  /** Cents: tax collected (charged on the orders; refunds not deducted). */
  taxCollected: Cents;
  /** Cents: goods sold exempt under a resale certificate. */
  exemptSales: Cents;
}
export interface TaxReportTotals {
  orders: number;
  taxableSales: Cents;
  taxCollected: Cents;
  exemptSales: Cents;
}
export interface GetTaxReportResponse {
  from: string;
  to: string;
  rows: TaxReportRow[];
  totals: TaxReportTotals;
}

/**
 * tax_certificates/{id} as stored (written by the functions only; the company's members and the
 * managers read it).
 */
export const taxCertificateRecordSchema = z.object({
  company_id: z.string(),
  state: z.string(),
  number: z.string(),
  expires_on: z.nullable(z.string()),
  file_path: z.string(),
  file_name: z._default(z.string(), ''),
  content_type: z.enum(TAX_CERTIFICATE_TYPES),
  size: z.number(),
  status: z.enum(TAX_CERTIFICATE_STATES),
  submitted_by: z._default(z.string(), ''),
  submitted_by_name: z._default(z.string(), ''),
  rejection_reason: z._default(z.string(), ''),
  reviewed_by: z._default(z.string(), ''),
  /** The reminders mailed before expiry (days before: 30, 7). */
  reminders_sent: z._default(z.array(z.number()), []),
});
export type TaxCertificateRecord = z.output<typeof taxCertificateRecordSchema>;
