import { AccountPage } from '@/features/account';
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
  buyerReads(({ companyId }) => [ordersQueryOptions(companyId), supportContentQueryOptions()]),
);
export { shouldRevalidate } from '../prefetch';
