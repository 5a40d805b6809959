import { companyRoleCan, USUAL_ORDER_WINDOW } from '@portal/domain';
import { preloadFirstRowImages, preloadUsualOrderCard, StorePage } from '@/features/shop';
import {
  preloadCatalogPricing,
  productsQueryOptions,
  type PricedProduct,
} from '@/entities/catalog';
import { recentOrdersQueryOptions } from '@/entities/orders';
import { buyerReads, prefetchLoader } from '../prefetch';

export function Component() {
  return <StorePage />;
}

/**
 * The catalog priced for the buyer's role, read alongside the guard's checks, and the pictures
 * of the grid's first row asked for as soon as it has come (before the page renders a card); for
 * a member who orders and sees all the company's orders, the newest orders too (the usual order,
 * which the store's skeleton waits for), so they do not wait for the profile first. A buyer who
 * sees only their locations' orders reads theirs once the profile names those locations. The
 * catalog's pricing chunk and the usual order's chunk download while the session is checked.
 */
export const loader = prefetchLoader(
  buyerReads(({ role, companyId, companyRole }, { request }) => [
    {
      ...productsQueryOptions({ role, companyId }),
      whenRead: (catalog: PricedProduct[]) =>
        preloadFirstRowImages(catalog, new URL(request.url).searchParams),
    },
    ...(companyRoleCan(companyRole, 'order') && companyRoleCan(companyRole, 'allLocations')
      ? [recentOrdersQueryOptions(companyId, undefined, USUAL_ORDER_WINDOW)]
      : []),
  ]),
  { preload: [preloadCatalogPricing, preloadUsualOrderCard] },
);
export { shouldRevalidate } from '../prefetch';
