import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  COLLECTIONS,
  paths as docPaths,
  productSchema,
  wholesalePriceSchema,
} from '@portal/domain';
import { collection, doc, writeBatch } from 'firebase/firestore/lite';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';
import type { AdminProduct } from './converters';

/** What the editor saves: the product and its wholesale price (null: leave it as it is). */
export type ProductData = Omit<AdminProduct, 'id'>;

/**
 * Creates (no id) or updates (id) a product. The product document (retail price only: every
 * approved buyer reads it) and its wholesale_prices document (read by wholesalers and managers
 * only) are written in one batch, so a buyer never sees one without the other. Each is parsed
 * with its domain schema again here, so nothing unvalidated reaches Firestore whatever the
 * caller did. Both are full overwrites, which also drops any field an older document kept.
 * Deactivating is a save with is_active flipped: orders copy their lines, so past orders are
 * untouched.
 */
export async function saveProduct({
  id,
  data,
}: {
  id?: string;
  data: ProductData;
}): Promise<string> {
  const { price_wholesaler, ...rest } = data;
  const product = productSchema.parse(rest);
  const wholesale =
    price_wholesaler === null ? null : wholesalePriceSchema.parse({ price_wholesaler });
  const productId = id ?? doc(collection(db, COLLECTIONS.products)).id;
  const batch = writeBatch(db);
  batch.set(doc(db, docPaths.product(productId)), product);
  if (wholesale) batch.set(doc(db, docPaths.wholesalePrice(productId)), wholesale);
  await batch.commit();
  return productId;
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
