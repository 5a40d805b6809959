import { useSearchParams } from 'react-router';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ReloadOutlined } from '@/components/icons';
import { TextSkeleton } from '@/components/skeleton';
import { useCompanyCredit } from '@/entities/company-credit';
import { useCompanyQuotes } from '@/entities/quotes';
import { QuoteCard } from './quote-card';
import { LINKED_QUOTE_PARAM, QUOTE_TEXTS } from './quotes-text';
import './quotes.css';

/** Quote ids: Firestore document ids. */
const QUOTE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * My Account's Quotes tab (docs/order-lifecycle.md#draft-orders-and-quotes): the quotes sent to
 * the company, newest first, each with its state; the open ones start opened, and so does the one
 * a link names (?tab=quotes&quote=<id>, the quote mail's link). Every member reads them; owners
 * and buyers accept or decline them.
 */
export function QuotesTab({
  companyId,
  canOrder,
  orderHref,
}: {
  companyId: string;
  canOrder: boolean;
  /** My Account with an order open. */
  orderHref: (orderId: string) => string;
}) {
  const quotes = useCompanyQuotes(companyId);
  // The terms decide whether "Accept on terms" is offered (the server checks them again).
  const credit = useCompanyCredit(companyId);
  const [params] = useSearchParams();
  const raw = params.get(LINKED_QUOTE_PARAM);
  const linked = raw && QUOTE_ID.test(raw) ? raw : null;

  if (quotes.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={QUOTE_TEXTS.loading} className="account-list">
        {[0, 1].map((index) => (
          <div key={index} className="account-card">
            <TextSkeleton rows={2} />
          </div>
        ))}
      </div>
    );
  }
  if (quotes.isError) {
    return (
      <div className="account-state" role="alert">
        <h2>{QUOTE_TEXTS.loadFailed}</h2>
        <Button icon={<ReloadOutlined />} onClick={() => void quotes.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const missing =
    linked && !quotes.data.some((quote) => quote.id === linked) ? (
      <Alert
        className="account-notice"
        type="warning"
        title={QUOTE_TEXTS.linkedMissing}
        description={QUOTE_TEXTS.linkedMissingText}
      />
    ) : null;
  if (quotes.data.length === 0) {
    return (
      <div className="account-state">
        {missing}
        <h2>{QUOTE_TEXTS.empty}</h2>
        <p>{QUOTE_TEXTS.emptyText}</p>
      </div>
    );
  }
  return (
    <>
      {missing}
      <ul className="account-list" aria-label={QUOTE_TEXTS.list}>
        {quotes.data.map((quote) => (
          <QuoteCard
            key={quote.id}
            quote={quote}
            linked={quote.id === linked}
            canOrder={canOrder}
            credit={credit.data}
            orderHref={orderHref}
          />
        ))}
      </ul>
    </>
  );
}
