import { queryOptions, useQuery } from '@tanstack/react-query';
import { collection, getDocs, orderBy, query } from 'firebase/firestore/lite';
import { COLLECTIONS, supportContentSchema, type SupportContent } from '@portal/domain';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';

/** Video tutorials ordered by category (SPEC section 7), then by title within a category. */
export async function fetchSupportContent(): Promise<SupportContent[]> {
  const snapshot = await getDocs(
    query(collection(db, COLLECTIONS.supportContent), orderBy('category', 'asc')),
  );
  const items = snapshot.docs.flatMap((document) => {
    const parsed = supportContentSchema.safeParse(document.data());
    return parsed.success ? [{ ...parsed.data, id: document.id }] : [];
  });
  return items.sort(
    (a, b) => a.category.localeCompare(b.category) || a.title.localeCompare(b.title),
  );
}

export const supportContentQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.support(), queryFn: fetchSupportContent });

export function useSupportContent() {
  return useQuery(supportContentQueryOptions());
}
