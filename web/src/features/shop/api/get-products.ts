import { queryOptions, useQuery } from '@tanstack/react-query';
import { collection, getDocs, orderBy, query, where } from 'firebase/firestore/lite';
import { COLLECTIONS, productSchema, type Product } from '@portal/domain';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';

/**
 * The active catalog, in sort order. The `is_active == true` filter is required: the security
 * rules only let buyers list active products, and they judge the query, not the documents.
 * A document that does not match the product schema is left out rather than breaking the page.
 */
export async function fetchProducts(): Promise<Product[]> {
  const snapshot = await getDocs(
    query(
      collection(db, COLLECTIONS.products),
      where('is_active', '==', true),
      orderBy('sort_order', 'asc'),
    ),
  );
  const products: Product[] = [];
  for (const document of snapshot.docs) {
    const parsed = productSchema.safeParse(document.data());
    if (parsed.success) products.push({ ...parsed.data, id: document.id });
  }
  return products;
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.products(), queryFn: fetchProducts });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
