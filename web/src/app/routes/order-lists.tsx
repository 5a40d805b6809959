import { OrderListsPage } from '@/features/shop';
import { preloadCatalogPricing, productsQueryOptions } from '@/entities/catalog';
import { orderListsQueryOptions } from '@/entities/order-lists';
import { buyerReads, prefetchLoader } from '../prefetch';

export function Component() {
  return <OrderListsPage />;
}

/** The company's lists and the catalog priced for the buyer, read alongside the guard's checks. */
export const loader = prefetchLoader(
  buyerReads(({ role, companyId }) => [
    orderListsQueryOptions(companyId),
    productsQueryOptions({ role, companyId }),
  ]),
  { preload: [preloadCatalogPricing] },
);
export { shouldRevalidate } from '../prefetch';
