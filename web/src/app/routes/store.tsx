import { companyRoleCan, USUAL_ORDER_WINDOW } from '@portal/domain';
import { preloadUsualOrderCard, StorePage } from '@/features/shop';
import { preloadCatalogPricing, productsQueryOptions } from '@/entities/catalog';
import { recentOrdersQueryOptions } from '@/entities/orders';
import { buyerReads, prefetchLoader } from '../prefetch';

export function Component() {
  return <StorePage />;
}

/**
 * The catalog priced for the buyer's role, read alongside the guard's checks; for a member who
 * orders and sees all the company's orders, the newest orders too (the usual order, which the
 * store's skeleton waits for), so they do not wait for the profile first. A buyer who sees only
 * their locations' orders reads theirs once the profile names those locations. The catalog's
 * pricing chunk and the usual order's chunk download while the session is checked.
 */
export const loader = prefetchLoader(
  buyerReads(({ role, companyId, companyRole }) => [
    productsQueryOptions({ role, companyId }),
    ...(companyRoleCan(companyRole, 'order') && companyRoleCan(companyRole, 'allLocations')
      ? [recentOrdersQueryOptions(companyId, undefined, USUAL_ORDER_WINDOW)]
      : []),
  ]),
  { preload: [preloadCatalogPricing, preloadUsualOrderCard] },
);
export { shouldRevalidate } from '../prefetch';
