import {
  AGING_LABELS,
  businessDay,
  TERMS_INVOICE_STATE_LABELS,
  type AgingBucket,
  type ReceivableCompany,
  type ReceivableInvoice,
} from '@portal/domain';
import { buildCsv, centsToCsvAmount } from '@/components/table/csv';

/** The Receivables tab's filters: a company name search, one aging bucket, overdue only. */
export interface ReceivablesFilter {
  q: string;
  bucket: AgingBucket | null;
  overdueOnly: boolean;
}

export const NO_FILTER: ReceivablesFilter = { q: '', bucket: null, overdueOnly: false };

const matchesName = (name: string, q: string) =>
  q.trim() === '' || name.toLowerCase().includes(q.trim().toLowerCase());

/** The invoices the filter keeps: past due (overdue only) means a day or more past its due date. */
export function filterInvoices(
  invoices: readonly ReceivableInvoice[],
  filter: ReceivablesFilter,
): ReceivableInvoice[] {
  return invoices.filter(
    (invoice) =>
      matchesName(invoice.companyName, filter.q) &&
      (filter.bucket === null || invoice.bucket === filter.bucket) &&
      (!filter.overdueOnly || invoice.daysPastDue > 0),
  );
}

/**
 * The companies the filter keeps: by name; with an aging bucket, those owing in it; overdue
 * only, those on credit hold or owing anything past due.
 */
export function filterCompanies(
  companies: readonly ReceivableCompany[],
  filter: ReceivablesFilter,
): ReceivableCompany[] {
  return companies.filter((company) => {
    if (!matchesName(company.companyName, filter.q)) return false;
    if (filter.bucket !== null && company.aging[filter.bucket] <= 0) return false;
    if (filter.overdueOnly) {
      const pastDue = company.openBalance - company.aging.current;
      return company.onHold || pastDue > 0;
    }
    return true;
  });
}

/**
 * An ISO instant as the business's day (2026-03-15, Pacific, as the table and the invoice print
 * it), '' when none.
 */
const isoDay = (iso: string | null) => (iso ? businessDay(new Date(iso)) : '');

export const RECEIVABLES_CSV_HEADER = [
  'Company',
  'Invoice number',
  'PO number',
  'Issued',
  'Due',
  'Days past due',
  'Aging',
  'Amount',
  'State',
  'Order id',
] as const;

/** The invoices as CSV: a header row, amounts in dollars with two decimals, every cell quoted. */
export function buildReceivablesCsv(invoices: readonly ReceivableInvoice[]): string {
  return buildCsv(
    RECEIVABLES_CSV_HEADER,
    invoices.map((invoice) => [
      invoice.companyName,
      invoice.invoiceNumber ?? '',
      invoice.poNumber,
      isoDay(invoice.issuedAt),
      isoDay(invoice.dueAt),
      String(invoice.daysPastDue),
      AGING_LABELS[invoice.bucket],
      centsToCsvAmount(invoice.amount),
      TERMS_INVOICE_STATE_LABELS[invoice.state],
      invoice.orderId,
    ]),
  );
}

/** receivables-2026-03-15.csv, with the filter: receivables-2026-03-15-31-60-overdue.csv. */
export function receivablesFileName(asOf: string, filter: ReceivablesFilter): string {
  const parts = ['receivables', isoDay(asOf) || 'now'];
  if (filter.bucket) parts.push(filter.bucket);
  if (filter.overdueOnly) parts.push('overdue');
  return `${parts.join('-')}.csv`;
}
