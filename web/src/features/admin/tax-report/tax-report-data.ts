import { addTaxReportMonths } from '@portal/domain';
import { dateFormatter } from '@/lib/intl-formats';

export const taxReportKeys = {
  all: ['admin', 'tax-report'] as const,
  range: (from: string, to: string) => [...taxReportKeys.all, from, to] as const,
};

export const TAX_REPORT_TEXTS = {
  title: 'Tax report',
  note: 'Tax collected as charged on orders (refunds not deducted). Orders from before sales tax are not included.',
  none: 'No taxed or exempt sales in these months.',
  chooseMonths: 'Choose the months above.',
  loadFailed: 'Could not load the tax report',
  download: 'Download CSV',
} as const;

/** The months the range's selects offer: this month and the 35 before it, newest first. */
export const MONTHS_OFFERED = 36;

/** The range the tab opens with: the last 3 months through `thisMonth`. */
export function defaultTaxReportRange(thisMonth: string): { from: string; to: string } {
  return { from: addTaxReportMonths(thisMonth, -2), to: thisMonth };
}

const monthFormat = dateFormatter({
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 2026-03 as "Mar 2026". */
export function monthLabel(month: string): string {
  return monthFormat.format(new Date(`${month}-01T12:00:00Z`));
}

/** The months a select offers, newest first, as its options. */
export function monthOptions(thisMonth: string): Array<{ value: string; label: string }> {
  return Array.from({ length: MONTHS_OFFERED }, (_, i) => {
    const month = addTaxReportMonths(thisMonth, -i);
    return { value: month, label: monthLabel(month) };
  });
}

/** tax-report-2026-01-to-2026-03.csv */
export function taxReportFileName(from: string, to: string): string {
  return `tax-report-${from}-to-${to}.csv`;
}
