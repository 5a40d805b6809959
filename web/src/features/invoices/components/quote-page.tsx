import { seller } from '@/config/seller';
import { useQuote } from '@/entities/quotes';
import { usePageTitle } from '@/lib/use-page-title';
import { quoteContent } from '../lib/quote-content';
import { DocumentLoading, DocumentProblem, DocumentView, type BackTo } from './document-view';

/**
 * A quote as a printable document with a PDF (docs/order-lifecycle.md#draft-orders-and-quotes):
 * a member of the company opens the quotes sent to it, a manager any, a draft too (the rules
 * decide what can be read: to a buyer, anything else is not found).
 */
export function QuotePage({ quoteId, backTo }: { quoteId: string; backTo: BackTo }) {
  usePageTitle('Quote');
  const quote = useQuote(quoteId);

  if (quote.isPending) return <DocumentLoading label="Loading quote" />;
  if (quote.isError) {
    return (
      <DocumentProblem
        backTo={backTo}
        error="The quote could not be loaded. Try again in a moment."
      />
    );
  }
  if (!quote.data) {
    return (
      <DocumentProblem backTo={backTo}>
        <h1>Quote not found.</h1>
        <p>It may have been sent to another company, or it was deleted.</p>
      </DocumentProblem>
    );
  }
  return <DocumentView content={quoteContent(quote.data, seller)} backTo={backTo} />;
}
