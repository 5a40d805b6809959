import { queryOptions, useQuery } from '@tanstack/react-query';
import { COLLECTIONS } from '@portal/domain';
import { collection, getDocs, orderBy, query } from 'firebase/firestore/lite';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';
import { toAdminProduct, type AdminProduct } from './converters';

/**
 * Every product, active and inactive, in catalog order, each with its wholesale price (managers
 * only; buyers filter is_active, and only wholesalers may read wholesale_prices).
 */
export async function fetchAllProducts(): Promise<AdminProduct[]> {
  const [products, prices] = await Promise.all([
    getDocs(query(collection(db, COLLECTIONS.products), orderBy('sort_order', 'asc'))),
    getDocs(collection(db, COLLECTIONS.wholesalePrices)),
  ]);
  const wholesale = new Map(prices.docs.map((d) => [d.id, d.data()] as const));
  return products.docs.map((d) => toAdminProduct(d.id, d.data(), wholesale.get(d.id)));
}

export const allProductsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.products(), queryFn: fetchAllProducts });

export function useAllProducts() {
  return useQuery(allProductsQueryOptions());
}
