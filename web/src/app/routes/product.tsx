import { useParams } from 'react-router';
import { ProductPage } from '@/features/shop';
import { preloadCatalogPricing, productQueryOptions } from '@/entities/catalog';
import { buyerReads, prefetchLoader } from '../prefetch';

/** /portal/products/:productId: one product of the buyer's catalog (inside the approved-buyer guard). */
export function Component() {
  const { productId = '' } = useParams();
  return <ProductPage productId={productId} />;
}

/** The product priced for the buyer's company, read alongside the guard's checks. */
export const loader = prefetchLoader(
  buyerReads(({ role, companyId }, { params }, client) => [
    productQueryOptions({ role, companyId }, params.productId ?? '', client),
  ]),
  { preload: [preloadCatalogPricing] },
);
export { shouldRevalidate } from '../prefetch';
