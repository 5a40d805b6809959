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

/** What an order charged between its lines and its total: each in cents. */
export interface OrderSummary {
  /** The lines' totals added up (backordered units included: they are charged). */
  goods: number;
  /** A quote's shipping charge; 0 when it ships free. */
  shipping: number;
  /** Its sales tax or exemption; null before tax. */
  tax: TaxOfOrder | null;
  /** Store credit spent on it (docs/payments.md#store-credit); 0 when none. */
  storeCredit: number;
}

/** An order's (or a checkout's) summary, from the fields the orders keep. */
export function orderSummaryOf(order: {
  items: readonly { line_total: number }[];
  tax?: TaxOfOrder | null | undefined;
  shipping_charge?: number | undefined;
  store_credit_applied?: number | undefined;
}): OrderSummary {
  return {
    goods: order.items.reduce((sum, line) => sum + line.line_total, 0),
    shipping: order.shipping_charge ?? 0,
    tax: order.tax ?? null,
    storeCredit: order.store_credit_applied ?? 0,
  };
}

/**
 * The rows between an order's lines and its total on the order page, the invoice's page and the
 * mails: Subtotal (the lines), Shipping when charged, "Sales tax (CA)" with the amount or "Sales
 * tax" with the exemption, and the store credit spent, taken off. So the rows add up to the
 * total charged (the order's `amount`). None for an order from before tax that charged neither
 * shipping nor store credit: its lines add up to its total. `format` writes cents as money.
 */
export function orderSummaryRows(
  summary: OrderSummary,
  format: (cents: number) => string,
): Array<[string, string]> {
  const { goods, shipping, tax, storeCredit } = summary;
  if (!tax && shipping === 0 && storeCredit === 0) return [];
  const rows: Array<[string, string]> = [['Subtotal', format(goods)]];
  if (shipping > 0) rows.push(['Shipping', format(shipping)]);
  if (tax?.exemption) rows.push(['Sales tax', exemptionText(tax.exemption)]);
  else if (tax)
    rows.push([tax.state ? `Sales tax (${tax.state})` : 'Sales tax', format(tax.amount)]);
  if (storeCredit > 0) rows.push([STORE_CREDIT_ROW, `-${format(storeCredit)}`]);
  return rows;
}

/** The row of the store credit an order spent, on its page, invoice and mails. */
export const STORE_CREDIT_ROW = 'Store credit';

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
