import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { QuotePage } from '@/features/invoices';
import { quoteQueryOptions } from '@/entities/quotes';
import { ManagerGuard } from '../guards/manager-guard';
import { managerReads, prefetchLoader } from '../prefetch';

/** /admin/quotes/:quoteId: any draft order or quote as its document, for managers. */
export function Component() {
  const { quoteId = '' } = useParams();
  return (
    <ManagerGuard>
      <QuotePage quoteId={quoteId} backTo={{ href: paths.admin, label: 'Back to the dashboard' }} />
    </ManagerGuard>
  );
}

/** The quote, read alongside the manager check. */
export const loader = prefetchLoader(
  managerReads(({ params }) => [quoteQueryOptions(params.quoteId ?? '')]),
);
export { shouldRevalidate } from '../prefetch';
