import { useParams } from 'react-router';
import { accountQuotePath } from '@portal/domain';
import { QuotePage } from '@/features/invoices';
import { quoteQueryOptions } from '@/entities/quotes';
import { buyerReads, prefetchLoader } from '../prefetch';

/** /portal/quotes/:quoteId: a quote sent to the buyer's company (inside the approved-buyer guard). */
export function Component() {
  const { quoteId = '' } = useParams();
  return (
    <QuotePage
      quoteId={quoteId}
      backTo={{ href: accountQuotePath(quoteId), label: 'Back to My Account' }}
    />
  );
}

/** The quote, read alongside the guard's checks (the rules let a member read only theirs). */
export const loader = prefetchLoader(
  buyerReads((_buyer, { params }) => [quoteQueryOptions(params.quoteId ?? '')]),
);
export { shouldRevalidate } from '../prefetch';
