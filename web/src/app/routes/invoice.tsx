import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { InvoicePage } from '@/features/invoices';
import { orderQueryOptions } from '@/entities/orders';
import { buyerReads, prefetchLoader } from '../prefetch';

/** /portal/orders/:orderId/invoice: the buyer's invoice (inside the approved-buyer guard). */
export function Component() {
  const { orderId = '' } = useParams();
  return (
    <InvoicePage orderId={orderId} backTo={{ href: paths.account, label: 'Back to My Account' }} />
  );
}

/** The order, read alongside the guard's checks (the rules let a buyer read only their own). */
export const loader = prefetchLoader(
  buyerReads((_buyer, { params }) => [orderQueryOptions(params.orderId ?? '')]),
);
export { shouldRevalidate } from '../prefetch';
