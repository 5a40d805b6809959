import { QuickOrderPage } from '@/features/shop';
import { productsQueryOptions } from '@/entities/catalog';
import { buyerReads, prefetchLoader } from '../prefetch';

export function Component() {
  return <QuickOrderPage />;
}

/** The catalog priced for the buyer's role, read alongside the guard's checks. */
export const loader = prefetchLoader(
  buyerReads(({ role, companyId }) => [productsQueryOptions({ role, companyId })]),
);
export { shouldRevalidate } from '../prefetch';
