import { useParams } from 'react-router';
import { ProductPage } from '@/features/shop';

/** /portal/products/:productId: one product of the buyer's catalog (inside the approved-buyer guard). */
export function Component() {
  const { productId = '' } = useParams();
  return <ProductPage productId={productId} />;
}
