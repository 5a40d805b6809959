import { queryOptions, useQuery } from '@tanstack/react-query';
import { doc, getDoc } from 'firebase/firestore/lite';
import { paths as docPaths, profileSchema, type Profile } from '@portal/domain';
import { db } from './firebase';
import { toDate } from './firestore-values';
import { queryKeys } from './query-keys';

/**
 * The signed-in user's profile (profiles/{uid}). Shared because the login flow, the portal
 * guard, the store header and the account page all read it. Null when there is no profile.
 */
export async function fetchProfile(uid: string): Promise<Profile | null> {
  const snapshot = await getDoc(doc(db, docPaths.profile(uid)));
  if (!snapshot.exists()) return null;
  const data = snapshot.data();
  return profileSchema.parse({
    ...data,
    created_at: toDate(data.created_at) ?? new Date(0),
    reviewed_at: toDate(data.reviewed_at),
  });
}

export const profileQueryOptions = (uid: string) =>
  queryOptions({ queryKey: queryKeys.profile(uid), queryFn: () => fetchProfile(uid) });

export function useProfile(uid: string | undefined) {
  return useQuery({ ...profileQueryOptions(uid ?? ''), enabled: !!uid });
}
