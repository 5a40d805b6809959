import {
  shipToLines,
  type OrderLine,
  type OrderStatus,
  type PaymentType,
  type ShipTo,
} from '@portal/domain';

/** The fields of an order the export needs (OrderSummary satisfies it). */
export interface CsvOrder {
  id: string;
  created_at: Date;
  store_name: string;
  status: OrderStatus;
  payment_type: PaymentType;
  amount: number;
  items: readonly Pick<OrderLine, 'name' | 'quantity'>[];
  invoice_number: string | null;
  refunded_amount: number;
  ship_to: ShipTo | null;
}

export const ORDERS_CSV_HEADER = [
  'Order ID',
  'Date',
  'Store',
  'Status',
  'Payment Type',
  'Amount (USD)',
  'Refunded (USD)',
  'Invoice',
  'Ship To',
  'Items',
] as const;

/**
 * A spreadsheet would run a cell starting with = + - @ (or tab / carriage return) as a formula
 * (CSV injection); a leading single quote makes it plain text.
 */
function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break; quotes doubled. */
export function csvCell(raw: string): string {
  const value = neutraliseFormula(raw);
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Cents as dollars with two decimals and no currency sign or grouping, e.g. 123456 -> "1234.56". */
export function centsToCsvAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function orderCsvRow(order: CsvOrder): string[] {
  return [
    order.id,
    order.created_at.toISOString(),
    order.store_name,
    order.status,
    order.payment_type,
    centsToCsvAmount(order.amount),
    centsToCsvAmount(order.refunded_amount),
    order.invoice_number ?? '',
    order.ship_to ? shipToLines(order.ship_to).join(', ') : '',
    order.items.map((line) => `${line.name} x ${line.quantity}`).join('; '),
  ];
}

/**
 * The orders export: a header row and one row per order, CRLF line ends (RFC 4180), and a UTF-8
 * byte-order mark so spreadsheet apps read accented store names correctly.
 */
export function buildOrdersCsv(orders: readonly CsvOrder[]): string {
  const rows = [[...ORDERS_CSV_HEADER], ...orders.map(orderCsvRow)];
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
