/**
 * An order's sales tax as its documents show it (docs/tax.md): the exemption's words, the rows of
 * the order page, invoice and mails, the order card's line, the cart's notice of an expired
 * certificate. Small on purpose: the buyers' first pages load it.
 */
import { formatCalendarDay } from './calendar-day';

/** What an exempt order records of the certificate that exempts it. */
export interface TaxExemption {
  certificate_id: string;
  number: string;
  state: string;
  expires_on: string | null;
}

/** A certificate's expiry, "Mar 5, 2027" for 2027-03-05 (the date as written). */
export const formatCertificateDate = formatCalendarDay;

/** "Exempt: resale certificate SR-123, CA, valid to Mar 5, 2027", on the order, invoice and mails. */
export function exemptionText(exemption: TaxExemption): string {
  const validity =
    exemption.expires_on === null
      ? 'does not expire'
      : `valid to ${formatCertificateDate(exemption.expires_on)}`;
  return `Exempt: resale certificate ${exemption.number}, ${exemption.state}, ${validity}`;
}

/** An order's tax as its documents show it (the order's `tax` record). */
export interface TaxOfOrder {
  amount: number;
  state: string;
  exemption: TaxExemption | null;
}

/**
 * The rows between an order's lines and its total on the order page, the invoice, the PDF and
 * the mails: Subtotal, then "Sales tax (CA)" with the amount, or "Sales tax" with the exemption.
 * None for an order from before tax. `format` writes cents as money.
 */
export function taxSummaryRows(
  amount: number,
  tax: TaxOfOrder | null,
  format: (cents: number) => string,
): Array<[string, string]> {
  if (!tax) return [];
  const subtotal: [string, string] = ['Subtotal', format(amount - tax.amount)];
  if (tax.exemption) return [subtotal, ['Sales tax', exemptionText(tax.exemption)]];
  return [subtotal, [tax.state ? `Sales tax (${tax.state})` : 'Sales tax', format(tax.amount)]];
}

/**
 * One line for an order card: "Includes $7.25 sales tax (CA)", or the exemption, or null before
 * tax (and for an untaxed sale to a state without sales tax: "No sales tax (OR)").
 */
export function orderTaxPhrase(
  tax: TaxOfOrder | null,
  format: (cents: number) => string,
): string | null {
  if (!tax) return null;
  if (tax.exemption) return exemptionText(tax.exemption);
  const where = tax.state ? ` (${tax.state})` : '';
  return tax.amount > 0
    ? `Includes ${format(tax.amount)} sales tax${where}`
    : `No sales tax${where}`;
}

/** What the cart says when the company's certificate for the ship-to's state has expired. */
export function certificateExpiredNotice(certificate: TaxExemption): string {
  const when = certificate.expires_on ? ` on ${formatCertificateDate(certificate.expires_on)}` : '';
  return `Your resale certificate for ${certificate.state} expired${when}, so this order is taxed. Upload a new one in My Account.`;
}
