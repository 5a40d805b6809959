import { queryOptions, useQuery } from '@tanstack/react-query';
import { COLLECTIONS, type SupportContent } from '@portal/domain';
import { collection, getDocs, orderBy, query } from 'firebase/firestore/lite';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';
import { toSupportItem } from './converters';

/** Support tutorials ordered by category (SPEC section 7). */
export async function fetchSupportContent(): Promise<SupportContent[]> {
  const snapshot = await getDocs(
    query(collection(db, COLLECTIONS.supportContent), orderBy('category', 'asc')),
  );
  return snapshot.docs.map((d) => toSupportItem(d.id, d.data()));
}

export const adminSupportQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.support(), queryFn: fetchSupportContent });

export function useAdminSupportContent() {
  return useQuery(adminSupportQueryOptions());
}
