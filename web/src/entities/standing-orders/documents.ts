import { COLLECTIONS, standingOrderSchema, type StandingOrder } from '@portal/domain';
import { collection, type DocumentData } from 'firebase/firestore/lite';
import { db, type Parsed } from '../firestore';

/**
 * standing_orders/{id}: a buyer's recurring order, written by the functions only; the buyer reads
 * their own, managers read all.
 */
export const standingOrdersCollection = () => collection(db, COLLECTIONS.standingOrders);

/** The one reading of a standing order document (the schema turns its Timestamps into Dates). */
export function parseStandingOrder(id: string, data: DocumentData): Parsed<StandingOrder> {
  const parsed = standingOrderSchema.safeParse(data);
  return parsed.success ? { success: true, data: { ...parsed.data, id } } : parsed;
}
