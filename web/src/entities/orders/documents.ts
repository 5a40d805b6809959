import { COLLECTIONS, orderSchema, type Order } from '@portal/domain';
import { collection, type DocumentData } from 'firebase/firestore/lite';
import { db, toDate, type Parsed } from '../firestore';

/** orders/{id}: written by the functions at checkout, read by the buyer and by managers. */
export const ordersCollection = () => collection(db, COLLECTIONS.orders);

/**
 * The one reading of an order document, in full (the buyer's order history): timestamps become
 * Dates, then the domain schema checks the whole order.
 */
export function parseOrder(id: string, data: DocumentData): Parsed<Order> {
  const history = Array.isArray(data.status_history)
    ? (data.status_history as Record<string, unknown>[])
    : [];
  const parsed = orderSchema.safeParse({
    ...data,
    created_at: toDate(data.created_at),
    paid_at: toDate(data.paid_at),
    status_history: history.map((change) => ({ ...change, at: toDate(change.at) })),
  });
  return parsed.success ? { success: true, data: { ...parsed.data, id } } : parsed;
}

/** What the manager's dashboard and export show of an order (the rest is not needed there). */
const orderSummarySchema = orderSchema.pick({
  user_id: true,
  store_name: true,
  items: true,
  amount: true,
  payment_type: true,
  status: true,
  created_at: true,
});
export type OrderSummary = ReturnType<typeof orderSummarySchema.parse> & { id: string };

/** The same document read for the dashboard: only its summary is checked. */
export function parseOrderSummary(id: string, data: DocumentData): Parsed<OrderSummary> {
  const parsed = orderSummarySchema.safeParse({
    ...data,
    created_at: toDate(data.created_at) ?? new Date(0),
  });
  return parsed.success ? { success: true, data: { id, ...parsed.data } } : parsed;
}
