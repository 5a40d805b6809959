import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { collection, getDocs, orderBy, query, where } from 'firebase/firestore/lite';
import {
  COLLECTIONS,
  productSchema,
  unitPriceFor,
  wholesalePriceSchema,
  withWholesalePrice,
  type BuyerRole,
  type Cents,
  type Product,
  type WholesalePrice,
} from '@portal/domain';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';

/** A catalog product as this buyer sees it: the product document and the unit price they pay. */
export type ShopProduct = Product & { unit_price: Cents };

/**
 * The wholesale prices, by product id: a wholesaler lists the whole (small) collection, which
 * the rules open to approved wholesalers only. Malformed documents are left out.
 */
async function fetchWholesalePrices(): Promise<Map<string, WholesalePrice>> {
  const snapshot = await getDocs(collection(db, COLLECTIONS.wholesalePrices));
  const prices = new Map<string, WholesalePrice>();
  for (const document of snapshot.docs) {
    const parsed = wholesalePriceSchema.safeParse(document.data());
    if (parsed.success) prices.set(document.id, parsed.data);
  }
  return prices;
}

/**
 * The active catalog, in sort order, priced for the buyer's role. The `is_active == true` filter
 * is required: the security rules only let buyers list active products, and they judge the
 * query, not the documents. Product documents carry the retail price only; a wholesaler's
 * store also lists wholesale_prices and joins it by id, a retailer's never asks for it (the
 * rules would refuse). A document that does not match its schema, or an active product a
 * wholesaler has no wholesale price for (checkout would refuse it), is left out rather than
 * breaking the page.
 */
export async function fetchProducts(role: BuyerRole): Promise<ShopProduct[]> {
  const [snapshot, wholesale] = await Promise.all([
    getDocs(
      query(
        collection(db, COLLECTIONS.products),
        where('is_active', '==', true),
        orderBy('sort_order', 'asc'),
      ),
    ),
    role === 'wholesaler' ? fetchWholesalePrices() : Promise.resolve(null),
  ]);
  const products: ShopProduct[] = [];
  for (const document of snapshot.docs) {
    const parsed = productSchema.safeParse(document.data());
    if (!parsed.success) continue;
    const product: Product = { ...parsed.data, id: document.id };
    const price = wholesale?.get(document.id);
    const unit_price = unitPriceFor(price ? withWholesalePrice(product, price) : product, role);
    if (unit_price !== null) products.push({ ...product, unit_price });
  }
  return products;
}

/**
 * The catalog for a role (undefined while the buyer's profile, which says the role, loads: the
 * query waits rather than fetching a retailer's view first). Keyed by role under
 * queryKeys.products(), so invalidating that key refreshes every role's view.
 */
export const productsQueryOptions = (role: BuyerRole | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.products(), role ?? 'unknown'] as const,
    queryFn: role ? () => fetchProducts(role) : skipToken,
  });

export function useProducts(role: BuyerRole | undefined) {
  return useQuery(productsQueryOptions(role));
}
