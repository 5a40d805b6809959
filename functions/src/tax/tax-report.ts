import { FieldPath, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  ORDER_STATUSES,
  taxReportBounds,
  taxReportOf,
  type GetTaxReportResponse,
  type OrderStatus,
  type TaxReportOrder,
} from '@portal/domain';
import { creditNotesOnInvoice } from '../insights/sales-rollups';
import { log } from '../lib/log';
import { orderDocSchemas } from '../orders/order-record';

/** Orders read a page at a time: no single unbounded read, however busy the months were. */
export const TAX_REPORT_PAGE = 500;

/** The fields the report reads of an order (a projection: not the lines, history or refunds). */
const FIELDS = [
  'status',
  'created_at',
  'amount',
  'tax',
  'ship_to.address.state',
  'shipping_charge',
  'store_credit_applied',
  'payment_method',
  'payment_type',
  'claim_credits',
] as const;

const cents = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;

const isStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * An order as the report reads it, or null when it cannot be (logged: a tax report that skipped
 * an order would be wrong, so the log names it).
 */
function reportOrderOf(id: string, data: Record<string, unknown>): TaxReportOrder | null {
  const { status, created_at: createdAt, amount } = data;
  // Orders from before tax have no tax record (or null): they read as null, as the schema says.
  const tax = data.tax == null ? null : orderDocSchemas.tax.safeParse(data.tax);
  if (
    !isStatus(status) ||
    !(createdAt instanceof Timestamp) ||
    typeof amount !== 'number' ||
    tax?.success === false
  ) {
    log.error('tax_report_order_unreadable', { orderId: id });
    return null;
  }
  const shipTo = data.ship_to as { address?: { state?: unknown } } | null | undefined;
  const shipState = shipTo?.address?.state;
  return {
    status,
    created_at: createdAt.toDate(),
    amount,
    tax: tax?.data ?? null,
    ship_state: typeof shipState === 'string' ? shipState : null,
    shipping_charge: cents(data.shipping_charge),
    store_credit_applied: cents(data.store_credit_applied),
    credit_before_tax: data.payment_method === 'card' && data.payment_type === 'one_time',
    credit_notes_on_invoice: creditNotesOnInvoice(data.claim_credits),
  };
}

/**
 * getTaxReport (docs/manager-insight.md#tax-report): per month (Pacific) and state, the sales
 * taxed, the tax collected and the sales exempt, over the orders booked from the 1st of `from`
 * to the end of `to`. The orders are read by `created_at` (its automatic single-field index) a
 * page at a time, projected to the fields the report needs; taxReportOf does the counting.
 */
export async function taxReport(
  db: Firestore,
  from: string,
  to: string,
): Promise<GetTaxReportResponse> {
  const { start, endExclusive } = taxReportBounds(from, to);
  const query = db
    .collection(COLLECTIONS.orders)
    .where('created_at', '>=', Timestamp.fromDate(start))
    .where('created_at', '<', Timestamp.fromDate(endExclusive))
    .orderBy('created_at')
    .orderBy(FieldPath.documentId())
    .select(...FIELDS)
    .limit(TAX_REPORT_PAGE);
  const orders: TaxReportOrder[] = [];
  let page = await query.get();
  for (;;) {
    for (const doc of page.docs) {
      const order = reportOrderOf(doc.id, doc.data());
      if (order) orders.push(order);
    }
    if (page.size < TAX_REPORT_PAGE) break;
    const last = page.docs[page.size - 1]!;
    page = await query.startAfter(last.get('created_at'), last.id).get();
  }
  return { from, to, ...taxReportOf(orders, from, to) };
}
