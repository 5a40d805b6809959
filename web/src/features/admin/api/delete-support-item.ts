import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths as docPaths } from '@portal/domain';
import { deleteDoc, doc } from 'firebase/firestore/lite';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';

export async function deleteSupportItem(id: string): Promise<void> {
  await deleteDoc(doc(db, docPaths.supportItem(id)));
}

export function useDeleteSupportItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSupportItem,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.support() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.support() }),
      ]);
    },
  });
}
