import { COLLECTIONS, orderListSchema, type OrderList } from '@portal/domain';
import { collection, type DocumentData } from 'firebase/firestore/lite';
import { db, type Parsed } from '../firestore';

/**
 * order_lists/{listId}: a company's saved order lists (docs/data-model.md#order_lists), written
 * by the functions only; the company's approved members read theirs (firestore.rules).
 */
export const orderListsCollection = () => collection(db, COLLECTIONS.orderLists);

/** The one reading of an order list document: the domain schema, its times as Dates. */
export function parseOrderList(id: string, data: DocumentData): Parsed<OrderList> {
  const parsed = orderListSchema.safeParse(data);
  return parsed.success ? { success: true, data: { ...parsed.data, id } } : parsed;
}
