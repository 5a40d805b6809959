import { useParams } from 'react-router';
import { QuotePage } from '@/features/invoices';
import { quoteQueryOptions } from '@/entities/quotes';
import { paths } from '@/config/paths';
import { buyerReads, prefetchLoader } from '../prefetch';

/** /portal/quotes/:quoteId: a quote sent to the buyer's company (inside the approved-buyer guard). */
export function Component() {
  const { quoteId = '' } = useParams();
  return (
    <QuotePage
      quoteId={quoteId}
      // My Account's Quotes tab with this quote open (the quote mail's link too).
      backTo={{
        href: `${paths.account}?tab=quotes&quote=${encodeURIComponent(quoteId)}`,
        label: 'Back to My Account',
      }}
    />
  );
}

/** The quote, read alongside the guard's checks (the rules let a member read only theirs). */
export const loader = prefetchLoader(
  buyerReads((_buyer, { params }) => [quoteQueryOptions(params.quoteId ?? '')]),
);
export { shouldRevalidate } from '../prefetch';
