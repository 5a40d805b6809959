import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { InvoicePage } from '@/features/invoices';

/** /portal/orders/:orderId/invoice: the buyer's invoice (inside the approved-buyer guard). */
export function Component() {
  const { orderId = '' } = useParams();
  return (
    <InvoicePage orderId={orderId} backTo={{ href: paths.account, label: 'Back to My Account' }} />
  );
}
