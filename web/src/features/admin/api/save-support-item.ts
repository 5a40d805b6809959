import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  COLLECTIONS,
  paths as docPaths,
  supportContentSchema,
  type SupportContent,
} from '@portal/domain';
import { collection, doc, setDoc, updateDoc } from 'firebase/firestore/lite';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';

export type SupportItemData = Omit<SupportContent, 'id'>;

/** Creates (no id) or updates (id) a tutorial, parsed with the domain schema first. */
export async function saveSupportItem({
  id,
  data,
}: {
  id?: string;
  data: SupportItemData;
}): Promise<string> {
  const valid = supportContentSchema.parse(data);
  if (id) {
    await updateDoc(doc(db, docPaths.supportItem(id)), valid);
    return id;
  }
  const ref = doc(collection(db, COLLECTIONS.supportContent));
  await setDoc(ref, valid);
  return ref.id;
}

export function useSaveSupportItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSupportItem,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.support() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.support() }),
      ]);
    },
  });
}
