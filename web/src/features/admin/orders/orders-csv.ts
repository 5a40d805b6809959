import type { OrderRow } from '@portal/domain';
import { buildCsv, centsToCsvAmount } from '@/components/table/csv';

export const ORDERS_CSV_HEADER = [
  'Order ID',
  'Date',
  'Store',
  'Status',
  'Payment Type',
  'Amount (USD)',
  'Refunded (USD)',
  'Invoice',
  'Email',
  'Role',
  'Ship To',
  'Items',
  'Paid At',
] as const;

/** One order as CSV cells: ISO instants, dollars, raw status and role values. */
export function orderCsvRow(order: OrderRow): string[] {
  return [
    order.id,
    order.createdAt,
    order.storeName,
    order.status,
    order.paymentType,
    centsToCsvAmount(order.amount),
    centsToCsvAmount(order.refundedAmount),
    order.invoiceNumber ?? '',
    order.email ?? '',
    order.role ?? '',
    order.shipTo ?? '',
    order.lines,
    order.paidAt ?? '',
  ];
}

/** The orders export: a header row and one row per order, in the order given. */
export function buildOrdersCsv(orders: readonly OrderRow[]): string {
  return buildCsv(ORDERS_CSV_HEADER, orders.map(orderCsvRow));
}
