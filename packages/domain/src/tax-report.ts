/**
 * The managers' tax report (docs/tax.md#the-tax-report): per state and month, what was sold
 * taxed, the tax collected on it, and what was sold exempt under a resale certificate. One pure
 * function, used by the functions (getTaxReport) and checked against a plain loop in the tests.
 */
import { businessDay } from './business-day';
import { startOfBusinessDay } from './insights';
import type { OrderStatus } from './orders';
import type { TaxReportRow, TaxReportTotals } from './tax-schemas';
import { compareCodes } from './text-order';

/** The order facts the report reads. */
export interface TaxReportOrder {
  status: OrderStatus;
  created_at: Date;
  /** Cents: what the order charges, tax included. */
  amount: number;
  tax: { amount: number; state: string; exemption: unknown } | null;
  /** The ship-to's state, when the tax record has none. */
  ship_state?: string | null;
  /** Cents of `amount` charged for shipping (a quote's): never taxed. */
  shipping_charge?: number;
  /**
   * Cents of store credit the order spent. A one-time card checkout spent it as a discount,
   * before tax; an invoice (on terms, a standing order's) spent it as a balance, after tax, so
   * its goods were taxed whole.
   */
  store_credit_applied?: number;
  /** Whether the credit was a discount before tax: a one-time card checkout's. */
  credit_before_tax?: boolean;
  /** Cents of claims' credit notes that lowered the order's open invoice (after tax). */
  credit_notes_on_invoice?: number;
}

/**
 * The sales a taxed (or exempt) order's tax was figured on: what it charged less the tax and
 * the shipping (not taxed), plus what was taken off after tax (store credit on an invoice, a
 * credit note on an open invoice). A card checkout's store credit was a discount before tax: its
 * sales are the goods less it.
 */
export function taxedSalesOf(order: TaxReportOrder): number {
  const afterTax =
    (order.credit_before_tax ? 0 : (order.store_credit_applied ?? 0)) +
    (order.credit_notes_on_invoice ?? 0);
  return order.amount - (order.tax?.amount ?? 0) - (order.shipping_charge ?? 0) + afterTax;
}

/**
 * Orders that are sales: paid or on terms, not cancelled, not waiting for a payment to clear.
 * Orders from before tax (no tax record) are not in the report.
 */
export function countsInTaxReport(order: TaxReportOrder): boolean {
  return order.tax !== null && order.status !== 'cancelled' && order.status !== 'pending';
}

/** The month (YYYY-MM, Pacific) an order is reported in. */
export function taxReportMonth(at: Date): string {
  return businessDay(at).slice(0, 7);
}

/** The longest report one call answers, in months (two years: a filing period and more). */
export const TAX_REPORT_MAX_MONTHS = 24;

/** What a range of months can have wrong, as getTaxReportRequest words it. */
export const TAX_REPORT_RANGE_MESSAGES = {
  month: 'Use a month as YYYY-MM.',
  order: 'The first month comes before the last.',
  length: `Choose at most ${TAX_REPORT_MAX_MONTHS} months.`,
} as const;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** How many months `from` to `to` covers, both included (0 when `to` comes before `from`). */
export function taxReportMonthCount(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return Math.max(0, index(to) - index(from) + 1);
}

/** What is wrong with a range of months for the report, or null (the callable's rule). */
export function taxReportRangeProblem(from: string, to: string): string | null {
  if (!MONTH.test(from) || !MONTH.test(to)) return TAX_REPORT_RANGE_MESSAGES.month;
  if (from > to) return TAX_REPORT_RANGE_MESSAGES.order;
  if (taxReportMonthCount(from, to) > TAX_REPORT_MAX_MONTHS)
    return TAX_REPORT_RANGE_MESSAGES.length;
  return null;
}

/** The month `count` months after `month` (YYYY-MM; a negative count goes back). */
export function addTaxReportMonths(month: string, count: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The instants the months `from` to `to` cover in Pacific time: from the start of the 1st of
 * `from` to the start of the 1st of the month after `to` (excluded).
 */
export function taxReportBounds(from: string, to: string): { start: Date; endExclusive: Date } {
  return {
    start: startOfBusinessDay(`${from}-01`),
    endExclusive: startOfBusinessDay(`${addTaxReportMonths(to, 1)}-01`),
  };
}

/** Rows by month then state, and their totals, for the orders booked in [from, to] months. */
export function taxReportOf(
  orders: Iterable<TaxReportOrder>,
  from: string,
  to: string,
): { rows: TaxReportRow[]; totals: TaxReportTotals } {
  const rows = new Map<string, TaxReportRow>();
  const totals: TaxReportTotals = { orders: 0, taxableSales: 0, taxCollected: 0, exemptSales: 0 };
  for (const order of orders) {
    if (!countsInTaxReport(order) || !order.tax) continue;
    const month = taxReportMonth(order.created_at);
    if (month < from || month > to) continue;
    const state = order.tax.state || order.ship_state || '';
    const key = `${month} ${state}`;
    let row = rows.get(key);
    if (!row) {
      row = { month, state, orders: 0, taxableSales: 0, taxCollected: 0, exemptSales: 0 };
      rows.set(key, row);
    }
    const goods = taxedSalesOf(order);
    row.orders += 1;
    totals.orders += 1;
    if (order.tax.exemption) {
      row.exemptSales += goods;
      totals.exemptSales += goods;
    } else {
      row.taxableSales += goods;
      totals.taxableSales += goods;
    }
    // Tax charged is collected, whatever the order says of an exemption.
    row.taxCollected += order.tax.amount;
    totals.taxCollected += order.tax.amount;
  }
  const sorted = [...rows.values()].sort(
    (a, b) => compareCodes(a.month, b.month) || compareCodes(a.state, b.state),
  );
  return { rows: sorted, totals };
}

/** The report as CSV for filing: a header, one line per row, and a totals line. */
export function taxReportCsv(rows: readonly TaxReportRow[], totals: TaxReportTotals): string {
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  const lines = [
    'Month,State,Orders,Taxable sales (USD),Tax collected (USD),Exempt sales (USD)',
    ...rows.map((row) =>
      [
        row.month,
        row.state,
        row.orders,
        dollars(row.taxableSales),
        dollars(row.taxCollected),
        dollars(row.exemptSales),
      ].join(','),
    ),
    [
      'Total',
      '',
      totals.orders,
      dollars(totals.taxableSales),
      dollars(totals.taxCollected),
      dollars(totals.exemptSales),
    ].join(','),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
