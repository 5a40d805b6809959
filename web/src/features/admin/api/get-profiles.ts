import { queryOptions, useQuery } from '@tanstack/react-query';
import { COLLECTIONS } from '@portal/domain';
import { collection, getDocs, orderBy, query } from 'firebase/firestore/lite';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';
import { toAdminProfile, type AdminProfile } from './converters';

/**
 * Every profile, newest first (SPEC section 7: "select all profiles newest first"). The status
 * filter of the User Management table works on this list in the browser: one single-field
 * query, no composite index, and the per-status counts come for free. A business with tens of
 * thousands of applicants would move the filter into the query (status == x, created_at desc).
 */
export async function fetchProfiles(): Promise<AdminProfile[]> {
  const snapshot = await getDocs(
    query(collection(db, COLLECTIONS.profiles), orderBy('created_at', 'desc')),
  );
  return snapshot.docs.map((d) => toAdminProfile(d.id, d.data()));
}

export const profilesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.profiles(), queryFn: fetchProfiles });

export function useProfiles() {
  return useQuery(profilesQueryOptions());
}
