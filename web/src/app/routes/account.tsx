import { AccountPage } from '@/features/account';
import { companyRoleCan } from '@portal/domain';
import { ordersQueryOptions } from '@/entities/orders';
import { supportContentQueryOptions } from '@/entities/support';
import { buyerReads, prefetchLoader } from '../prefetch';

export function Component() {
  return <AccountPage />;
}

/**
 * The company's orders (the default tab) and the support content, read alongside the guard's
 * checks.
 */
export const loader = prefetchLoader(
  // A buyer member reads their share of the orders, which needs their locations (the profile):
  // the page reads it then.
  buyerReads(({ companyId, companyRole }) => [
    ...(companyRoleCan(companyRole, 'allLocations') ? [ordersQueryOptions(companyId)] : []),
    supportContentQueryOptions(),
  ]),
);
export { shouldRevalidate } from '../prefetch';
