import {
  availableCredit,
  businessDay,
  daysPastDue,
  formatUsd,
  isReceivable,
  shortOrderId,
  type CompanyCredit,
  type Order,
} from '@portal/domain';
import { businessDayFormat } from '@/lib/intl-formats';

/** One open invoice of the statement, as printed. */
export interface StatementRow {
  number: string;
  po: string;
  issued: string;
  due: string;
  amount: string;
  daysPastDue: string;
}

/** A statement of the company's open invoices, in words (statement-pdf.ts draws it). */
export interface StatementContent {
  title: string;
  company: string;
  date: string;
  rows: StatementRow[];
  totals: [string, string][];
  fileName: string;
}

/** The invoice number of an order on terms: Stripe's, or the order's short id while issuing. */
export function termsInvoiceNumber(order: Pick<Order, 'id' | 'terms'>): string {
  return order.terms?.invoice_number ?? shortOrderId(order.id);
}

/** The orders on terms whose invoice is still owed (issuing, open, or a payment processing). */
export function openTermsOrders(orders: readonly Order[]): Order[] {
  return orders.filter((order) => order.terms && isReceivable(order.terms.state));
}

/** The statement of `company`'s open invoices at `now`, oldest due first. */
export function statementContent(
  company: string,
  orders: readonly Order[],
  credit: CompanyCredit,
  now: Date,
): StatementContent {
  const open = openTermsOrders(orders).sort(
    (a, b) => (a.terms?.due_at?.getTime() ?? Infinity) - (b.terms?.due_at?.getTime() ?? Infinity),
  );
  const total = open.reduce((sum, order) => sum + order.amount, 0);
  return {
    title: 'Statement of open invoices',
    company,
    date: businessDayFormat.format(now),
    rows: open.map((order) => {
      const due = order.terms?.due_at ?? null;
      return {
        number: termsInvoiceNumber(order),
        po: order.po_number || '—',
        issued: businessDayFormat.format(order.created_at),
        due: due ? businessDayFormat.format(due) : 'Being issued',
        amount: formatUsd(order.amount),
        daysPastDue: due ? String(daysPastDue(due, now)) : '0',
      };
    }),
    totals: [
      ['Total open', formatUsd(total)],
      ['Available credit', formatUsd(availableCredit(credit))],
    ],
    fileName: `statement-${businessDay(now)}.pdf`,
  };
}
