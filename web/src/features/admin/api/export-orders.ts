import { useMutation } from '@tanstack/react-query';
import { COLLECTIONS, ORDER_EXPORT_MAX } from '@portal/domain';
import { collection, getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import { db } from '@/lib/firebase';
import type { DateRange } from '../utils/date-range';
import { toAdminOrder, type AdminOrder } from './converters';

/** A safety bound on one export; a wider range is cut and the manager is told to narrow it. */
export const EXPORT_MAX_ORDERS = ORDER_EXPORT_MAX;

export interface ExportedOrders {
  orders: AdminOrder[];
  truncated: boolean;
}

/** Orders created in [start, endExclusive), oldest first. */
export async function fetchOrdersForExport(range: DateRange): Promise<ExportedOrders> {
  const snapshot = await getDocs(
    query(
      collection(db, COLLECTIONS.orders),
      where('created_at', '>=', range.start),
      where('created_at', '<', range.endExclusive),
      orderBy('created_at', 'asc'),
      limit(EXPORT_MAX_ORDERS + 1),
    ),
  );
  const docs = snapshot.docs.slice(0, EXPORT_MAX_ORDERS);
  return {
    orders: docs.map((d) => toAdminOrder(d.id, d.data())),
    truncated: snapshot.docs.length > EXPORT_MAX_ORDERS,
  };
}

/** A mutation rather than a query: the export runs when the manager asks, and is not cached. */
export function useExportOrders() {
  return useMutation({ mutationFn: fetchOrdersForExport });
}
