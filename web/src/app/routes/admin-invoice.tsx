import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { InvoicePage } from '@/features/invoices';
import { ManagerGuard } from '../guards/manager-guard';
import { orderQueryOptions } from '@/entities/orders';
import { managerReads, prefetchLoader } from '../prefetch';

/** /admin/orders/:orderId/invoice: any order's invoice, for managers. */
export function Component() {
  const { orderId = '' } = useParams();
  return (
    <ManagerGuard>
      <InvoicePage
        orderId={orderId}
        backTo={{ href: paths.admin, label: 'Back to the dashboard' }}
      />
    </ManagerGuard>
  );
}

/** The order, read alongside the manager check. */
export const loader = prefetchLoader(
  managerReads(({ params }) => [orderQueryOptions(params.orderId ?? '')]),
);
export { shouldRevalidate } from '../prefetch';
