import * as z from 'zod/mini';
import { orderSchema } from './order-schema';
import { firstIssueText } from './en-messages';
import { effectiveOrderStatus } from './orders';
import { companyOfRecord } from './companies';
import type { BuyerRole } from './roles';
import { shipToLines } from './ship-to';
import type { TermsInvoiceState } from './payment-terms';

/**
 * A row of the managers' Orders table (searchOrders, the store page, the CSV export), derived
 * from the one order schema: the search reads ORDER_ROW_FIELDS of each order, parses them with a
 * pick of that schema, and maps them to the row. A stored field listed in ROW_COPIED_FIELDS
 * reaches the row under its camelCase name (instants as ISO strings) with no code of its own.
 */

/** The stored fields a row is made of: what the search asks Firestore for. */
export const ORDER_ROW_FIELDS = [
  'invoice_number',
  'user_id',
  'company_id',
  'store_name',
  'buyer_email',
  'buyer_role',
  'status',
  'amount',
  'refunded_amount',
  'items',
  'payment_type',
  'ship_to',
  'created_at',
  'paid_at',
  'payment_method',
  'po_number',
  'terms',
] as const;
type RowField = (typeof ORDER_ROW_FIELDS)[number];

/** The stored fields the row carries as they are, renamed to camelCase. */
export const ROW_COPIED_FIELDS = [
  'invoice_number',
  'user_id',
  'store_name',
  'status',
  'amount',
  'refunded_amount',
  'payment_type',
  'created_at',
  'paid_at',
  'payment_method',
  'po_number',
] as const satisfies readonly RowField[];
type CopiedField = (typeof ROW_COPIED_FIELDS)[number];

const rowMask = Object.fromEntries(ORDER_ROW_FIELDS.map((field) => [field, true])) as {
  [K in RowField]: true;
};
/** The row's part of an order document, read by the one order schema. */
export const orderRowSourceSchema = z.pick(orderSchema, rowMask);
export type OrderRowSource = z.output<typeof orderRowSourceSchema>;

/** "refunded_amount" → "refundedAmount", as a type. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;
/** An instant travels as an ISO string (the callable answers in JSON). */
type Wire<T> = T extends Date ? string : T;

export type OrderRow = { id: string } & {
  [K in CopiedField as Camel<K>]: Wire<OrderRowSource[K]>;
} & {
  /** The company the order belongs to (companyOfRecord: an order from before companies, its buyer's). */
  companyId: string;
  /** The buyer's sign-in address (kept on the order by the search triggers). */
  email: string | null;
  role: BuyerRole | null;
  itemCount: number;
  /** The lines in words: "Purple Dream Syrup x 4; Blue Coast Syrup x 2". */
  lines: string;
  /** The ship-to on one line, or null when the order has none. */
  shipTo: string | null;
  /** An order on payment terms: its invoice's state and due date (ISO); null on card orders. */
  termsState: TermsInvoiceState | null;
  dueAt: string | null;
};

const camel = (field: string) => field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const wire = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** An order's row part as a row. An order refunded in full while processing reads refunded. */
export function orderRowOf(id: string, order: OrderRowSource): OrderRow {
  const copied = Object.fromEntries(
    ROW_COPIED_FIELDS.map((field) => [camel(field), wire(order[field])]),
  ) as { [K in CopiedField as Camel<K>]: Wire<OrderRowSource[K]> };
  return {
    id,
    ...copied,
    status: effectiveOrderStatus(order),
    companyId: companyOfRecord(order),
    email: order.buyer_email ?? null,
    role: order.buyer_role ?? null,
    itemCount: order.items.length,
    lines: order.items.map((item) => `${item.name} x ${item.quantity}`).join('; '),
    shipTo: order.ship_to ? shipToLines(order.ship_to).join(', ') : null,
    termsState: order.terms?.state ?? null,
    dueAt: order.terms?.due_at?.toISOString() ?? null,
  };
}

/** A stored order (Timestamps or Dates) as a row, or the schema's complaint when it does not read. */
export function parseOrderRow(
  id: string,
  data: unknown,
): { success: true; row: OrderRow } | { success: false; problem: string } {
  const parsed = orderRowSourceSchema.safeParse(data);
  if (parsed.success) return { success: true, row: orderRowOf(id, parsed.data) };
  return { success: false, problem: firstIssueText(parsed.error) };
}

/** A stored value as it compares: an instant (a Date, a Timestamp) by its time. */
function comparable(value: unknown): string | undefined {
  const date =
    value !== null &&
    typeof value === 'object' &&
    'toDate' in value &&
    typeof (value as { toDate: unknown }).toDate === 'function'
      ? (value as { toDate: () => unknown }).toDate()
      : value;
  return JSON.stringify(date instanceof Date ? date.getTime() : date);
}

/** Whether two stored versions of a document are alike in `fields` (instants by their time). */
export function sameStoredFields(
  fields: readonly string[],
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): boolean {
  return fields.every((field) => comparable(before[field]) === comparable(after[field]));
}
