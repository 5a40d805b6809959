import { queryOptions, useQuery } from '@tanstack/react-query';
import { COLLECTIONS, type Product } from '@portal/domain';
import { collection, getDocs, orderBy, query } from 'firebase/firestore/lite';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';
import { toProduct } from './converters';

/** Every product, active and inactive, in catalog order (managers only; buyers filter is_active). */
export async function fetchAllProducts(): Promise<Product[]> {
  const snapshot = await getDocs(
    query(collection(db, COLLECTIONS.products), orderBy('sort_order', 'asc')),
  );
  return snapshot.docs.map((d) => toProduct(d.id, d.data()));
}

export const allProductsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.products(), queryFn: fetchAllProducts });

export function useAllProducts() {
  return useQuery(allProductsQueryOptions());
}
