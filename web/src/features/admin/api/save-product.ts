import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COLLECTIONS, paths as docPaths, productSchema, type Product } from '@portal/domain';
import { collection, doc, setDoc, updateDoc } from 'firebase/firestore/lite';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';

export type ProductData = Omit<Product, 'id'>;

/**
 * Creates (no id) or updates (id) a product. The data is parsed with the domain schema again
 * here, so nothing unvalidated reaches Firestore whatever the caller did. Deactivating is an
 * update of is_active: orders copy their lines, so past orders are untouched.
 */
export async function saveProduct({
  id,
  data,
}: {
  id?: string;
  data: ProductData;
}): Promise<string> {
  const valid = productSchema.parse(data);
  if (id) {
    await updateDoc(doc(db, docPaths.product(id)), valid);
    return id;
  }
  const ref = doc(collection(db, COLLECTIONS.products));
  await setDoc(ref, valid);
  return ref.id;
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.products() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products() }),
      ]);
    },
  });
}
