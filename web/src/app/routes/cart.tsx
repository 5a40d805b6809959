import { CartPage } from '@/features/shop';
import { preloadCatalogPricing, productsQueryOptions } from '@/entities/catalog';
import { buyerReads, prefetchLoader } from '../prefetch';

export function Component() {
  return <CartPage />;
}

/** The catalog priced for the buyer's role, read alongside the guard's checks. */
export const loader = prefetchLoader(
  buyerReads(({ role, companyId }) => [productsQueryOptions({ role, companyId })]),
  { preload: [preloadCatalogPricing] },
);
export { shouldRevalidate } from '../prefetch';
