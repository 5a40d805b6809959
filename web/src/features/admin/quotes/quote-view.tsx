/**
 * A quote once sent (sent, accepted, declined or expired), read-only: its state, how it was sent,
 * the company and where it ships, when it was sent and expires, its terms, the lines as priced
 * (overrides with their reasons), the note to the buyer, a decline's reason and its history; a
 * link to the printable quote (its document page) and, once accepted, to the order it became; a
 * payment link still open can be copied again. The quote is read again while shown.
 */
import {
  QUOTE_DELIVERY_LABELS,
  QUOTE_STATE_LABELS,
  quoteTermsText,
  routePath,
  shipToLines,
  type Quote,
} from '@portal/domain';
import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { TextSkeleton } from '@/components/skeleton';
import { Tag } from '@/components/tag';
import { useQuote } from '@/entities/quotes';
import { useReturnFocus } from '@/lib/focus-return';
import { adminOrderHref } from '../claims/claims-text';
import { PaymentLink } from './payment-link';
import { QuoteLinesTable } from './quote-lines-table';
import {
  formatMoment,
  quoteDocumentHref,
  quoteLabel,
  QUOTE_STATE_COLORS,
  QUOTES_TEXTS,
} from './quote-text';
import '../common/admin-tables.css';
import './quotes.css';

function QuoteFacts({ quote, onLeave }: { quote: Quote; onLeave: () => void }) {
  const facts: [string, ReactNode][] = [
    [
      'State',
      <Tag key="state" color={QUOTE_STATE_COLORS[quote.state]}>
        {QUOTE_STATE_LABELS[quote.state]}
      </Tag>,
    ],
    ['Sent as', quote.delivery ? QUOTE_DELIVERY_LABELS[quote.delivery] : '—'],
    [
      'Company',
      <Link
        key="company"
        to={routePath('adminCompany', { companyId: quote.company_id })}
        onClick={onLeave}
      >
        {quote.company_name || quote.company_id}
      </Link>,
    ],
    [
      'Ships to',
      quote.ship_to
        ? [quote.location_name, ...shipToLines(quote.ship_to)].filter(Boolean).join(', ')
        : quote.location_name || '—',
    ],
    [
      'Written by',
      `${quote.created_by_name || quote.created_by} on ${formatMoment(quote.created_at)}`,
    ],
    ['Sent', quote.sent_at ? formatMoment(quote.sent_at) : '—'],
    ['Expires', quote.expires_at ? formatMoment(quote.expires_at) : '—'],
    ['Terms', quoteTermsText(quote.net_days)],
  ];
  return (
    <dl className="quote-view__facts">
      {facts.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function QuoteBody({ quote, onLeave }: { quote: Quote; onLeave: () => void }) {
  const label = quoteLabel(quote);
  const openLink = quote.state === 'sent' && quote.checkout?.url ? quote.checkout.url : null;
  return (
    <div className="quote-view">
      <p className="admin-actions quote-view__links">
        {quote.number && (
          <a
            href={quoteDocumentHref(quote.id)}
            target="_blank"
            rel="noopener"
            aria-label={`${QUOTES_TEXTS.document} ${label} (opens in a new tab)`}
          >
            {QUOTES_TEXTS.document}
          </a>
        )}
        {quote.order_id && (
          <Link to={adminOrderHref(quote.order_id)} onClick={onLeave}>
            {QUOTES_TEXTS.openOrder}
          </Link>
        )}
      </p>
      <QuoteFacts quote={quote} onLeave={onLeave} />
      {openLink && <PaymentLink url={openLink} />}
      {quote.state === 'declined' && (
        <Alert
          type="warning"
          role={false}
          title="Declined by the buyer"
          description={quote.decline_reason || 'No reason given.'}
        />
      )}
      <section aria-labelledby="quote-view-lines">
        <h3 id="quote-view-lines" className="draft-editor__heading">
          Lines
        </h3>
        <QuoteLinesTable quote={quote} label={`Lines of ${label}`} />
      </section>
      <section aria-labelledby="quote-view-note">
        <h3 id="quote-view-note" className="draft-editor__heading">
          Note to the buyer
        </h3>
        <p className="quote-view__text">
          {quote.note_to_buyer || <span className="admin-secondary">No note.</span>}
        </p>
      </section>
      {quote.history.length > 0 && (
        <section aria-labelledby="quote-view-history">
          <h3 id="quote-view-history" className="draft-editor__heading">
            History
          </h3>
          <ol className="admin-timeline">
            {quote.history.map((event, index) => (
              <li key={index} className="admin-timeline__item">
                <div>
                  {QUOTE_STATE_LABELS[event.state]}
                  {event.by_name && ` · ${event.by_name}`}
                  {event.text && ` · ${event.text}`}
                </div>
                <div className="admin-timeline__time">{formatMoment(event.at)}</div>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

export function QuoteView({
  quoteId,
  quote: row,
  onClose,
}: {
  quoteId: string;
  /** The list's copy, shown while the quote is read again. */
  quote?: Quote;
  onClose: () => void;
}) {
  useReturnFocus();
  const read = useQuote(quoteId);
  const quote = read.data ?? row ?? null;
  const title = quote
    ? `Quote ${quoteLabel(quote)} · ${quote.company_name || quote.company_id}`
    : 'Quote';
  return (
    <Drawer
      open
      title={title}
      onClose={onClose}
      size="min(880px, 100vw)"
      rootClassName="quote-view-drawer"
      destroyOnHidden
    >
      {quote ? (
        <QuoteBody quote={quote} onLeave={onClose} />
      ) : read.isError || read.data === null ? (
        <Alert type="error" title="Could not load this quote." />
      ) : (
        <div role="status" aria-label="Loading the quote">
          <TextSkeleton rows={4} />
        </div>
      )}
    </Drawer>
  );
}
