import { compareText, ORDER_LIST_LIMITS, type OrderList } from '@portal/domain';
import { getDocs, limit, query, where } from 'firebase/firestore/lite';
import { parseDocuments } from '../firestore';
import { orderListsCollection, parseOrderList } from './documents';

/** Most recently changed first, then by name. */
export function sortOrderLists(lists: readonly OrderList[]): OrderList[] {
  const time = (list: OrderList) => list.updated_at?.getTime() ?? 0;
  return [...lists].sort((a, b) => time(b) - time(a) || compareText(a.name, b.name));
}

/**
 * The company's lists (at most 50: the functions keep no more), most recently changed first. The
 * `company_id` filter is what the rules prove a member's read with; a single-field filter needs
 * no composite index, and so few lists are sorted here.
 */
export async function fetchOrderLists(companyId: string): Promise<OrderList[]> {
  const snapshot = await getDocs(
    query(
      orderListsCollection(),
      where('company_id', '==', companyId),
      limit(ORDER_LIST_LIMITS.lists),
    ),
  );
  return sortOrderLists(parseDocuments(snapshot.docs, parseOrderList, 'skip'));
}
