import { useMutation, useQueryClient } from '@tanstack/react-query';
import { doc, updateDoc } from 'firebase/firestore/lite';
import { paths as docPaths, profileUpdateSchema, type ProfileUpdate } from '@portal/domain';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';

/** Updates only `store_name` of profiles/{uid}: the one field a buyer may change (SPEC section 5). */
export async function updateStoreName(uid: string, update: ProfileUpdate): Promise<void> {
  const { storeName } = profileUpdateSchema.parse(update);
  await updateDoc(doc(db, docPaths.profile(uid)), { store_name: storeName });
}

export function useUpdateStoreName(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => updateStoreName(uid, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile(uid) }),
  });
}
