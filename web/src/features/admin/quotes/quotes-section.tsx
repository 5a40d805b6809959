import {
  formatUsd,
  QUOTE_DELIVERY_LABELS,
  QUOTE_STATE_LABELS,
  quoteStateAt,
  routePath,
  type Quote,
} from '@portal/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { ChoiceSegmented } from '@/components/choice-segmented';
import { PlusOutlined } from '@/components/icons';
import { lazyDialog } from '@/components/lazy-dialog';
import { Tag } from '@/components/tag';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import { usePhoneLayout } from '@/components/table/phone-layout';
import { TableError } from '@/components/table/table-states';
import { useFetchErrorToast } from '@/components/table/use-fetch-error-toast';
import { withAntdTheme } from '@/components/with-antd-theme';
import { useQuotes } from '@/entities/quotes';
import {
  formatDay,
  QUOTE_FILTER_LABELS,
  QUOTE_FILTERS,
  QUOTE_STATE_COLORS,
  QUOTES_TEXTS as TEXTS,
  quoteLabel,
  type QuoteFilter,
} from './quote-text';
import '../common/admin-tables.css';
import './quotes.css';

// The editor and the view (antd's Drawer, Select and inputs, with its theme) are fetched when a
// manager first opens one.
const DraftEditor = lazyDialog(
  withAntdTheme(() => import('./draft-editor').then((m) => m.DraftEditor)),
);
const QuoteView = lazyDialog(withAntdTheme(() => import('./quote-view').then((m) => m.QuoteView)));

/** What is open: a new draft, a saved draft in the editor, or a sent quote's view. */
type Opened =
  | { kind: 'new' }
  | { kind: 'draft'; quote: Quote }
  | { kind: 'view'; quoteId: string; quote?: Quote };

const company = (quote: Quote) => quote.company_name || quote.company_id;

/** "Open draft for Cloud Nine Smoke", "Open quote Q-000012 for Cloud Nine Smoke". */
export function openLabel(quote: Quote): string {
  return quote.number
    ? `Open quote ${quote.number} for ${company(quote)}`
    : `Open draft for ${company(quote)}`;
}

/** The phone card's button: "Edit draft for Cloud Nine Smoke", "View quote Q-000012 for …". */
export function cardButtonLabel(quote: Quote): string {
  return quote.number
    ? `${TEXTS.viewQuote} quote ${quote.number} for ${company(quote)}`
    : `${TEXTS.editDraft} draft for ${company(quote)}`;
}

function StateTag({ quote }: { quote: Quote }) {
  // Past its day a sent quote reads as expired (the server writes it so when it is next used).
  const [now] = useState(() => Date.now());
  const state = quoteStateAt(quote, now);
  return <Tag color={QUOTE_STATE_COLORS[state]}>{QUOTE_STATE_LABELS[state]}</Tag>;
}

const deliveryText = (quote: Quote) =>
  quote.delivery ? QUOTE_DELIVERY_LABELS[quote.delivery] : '—';
const expiresText = (quote: Quote) => (quote.expires_at ? formatDay(quote.expires_at) : '—');

function CompanyLink({ quote }: { quote: Quote }) {
  return (
    <Link to={routePath('adminCompany', { companyId: quote.company_id })}>{company(quote)}</Link>
  );
}

/** A quote on a phone: a card instead of a row that would need sideways scrolling. */
function QuoteCard({ quote, onOpen }: { quote: Quote; onOpen: () => void }) {
  return (
    <article className="admin-card" aria-label={`${quoteLabel(quote)} for ${company(quote)}`}>
      <div className="admin-card__top">
        <div className="admin-store-cell">
          <CompanyLink quote={quote} />
          {quote.location_name && <div className="admin-muted">{quote.location_name}</div>}
        </div>
        <StateTag quote={quote} />
      </div>
      <div className="admin-card__meta">
        <span>{quoteLabel(quote)}</span>
        <span>{deliveryText(quote)}</span>
        <span>Created {formatDay(quote.created_at)}</span>
        {quote.expires_at && <span>Expires {expiresText(quote)}</span>}
      </div>
      <div className="admin-card__amount">{formatUsd(quote.amount)}</div>
      {/* Its name starts with the words it shows ("Edit draft for …", "View quote Q-… for …"). */}
      <Button size="small" onClick={onOpen} aria-label={cardButtonLabel(quote)}>
        {quote.state === 'draft' ? TEXTS.editDraft : TEXTS.viewQuote}
      </Button>
    </article>
  );
}

/**
 * The Orders tab's draft orders and quotes (docs/order-lifecycle.md#draft-orders-and-quotes):
 * every draft and quote, newest first, filtered by state, with the company, location, state,
 * how it was sent, its total before tax, expiry and creation. "New draft order" and a draft's
 * row open the editor; a quote's row opens its read-only view, with its document and its order.
 * A chunk of its own: the Orders tab's first load does not carry it.
 */
export default function QuotesSection() {
  const [filter, setFilter] = useState<QuoteFilter>('all');
  const quotes = useQuotes(filter);
  useFetchErrorToast(quotes.isError);
  const phone = usePhoneLayout();
  const [picked, setOpened] = useState<Opened | null>(null);
  // A mail's link names a quote (?quote=<id>, a declined quote): its view opens at once.
  const [params, setParams] = useSearchParams();
  const linkedId = params.get('quote');
  const opened: Opened | null = picked ?? (linkedId ? { kind: 'view', quoteId: linkedId } : null);
  const close = () => {
    setOpened(null);
    if (linkedId) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('quote');
          return next;
        },
        { replace: true },
      );
    }
  };
  const rows = quotes.data ?? [];
  const open = (quote: Quote) =>
    setOpened(
      quote.state === 'draft'
        ? { kind: 'draft', quote }
        : { kind: 'view', quoteId: quote.id, quote },
    );
  const preloadEditor = () => void DraftEditor.preload().catch(() => undefined);
  const preloadView = () => void QuoteView.preload().catch(() => undefined);

  const columns: readonly DataColumn<Quote>[] = [
    {
      title: 'Quote',
      key: 'quote',
      className: 'admin-cell--nowrap',
      render: (quote) => (
        <Button
          type="link"
          size="small"
          className="quotes-open"
          onClick={() => open(quote)}
          onMouseEnter={quote.state === 'draft' ? preloadEditor : preloadView}
          onFocus={quote.state === 'draft' ? preloadEditor : preloadView}
          aria-label={openLabel(quote)}
        >
          {quoteLabel(quote)}
        </Button>
      ),
    },
    {
      title: 'Company',
      key: 'company',
      render: (quote) => (
        <div className="admin-store-cell">
          <CompanyLink quote={quote} />
        </div>
      ),
    },
    { title: 'Location', key: 'location', render: (quote) => quote.location_name || '—' },
    {
      title: 'State',
      key: 'state',
      className: 'admin-cell--nowrap',
      render: (quote) => <StateTag quote={quote} />,
    },
    { title: 'Delivery', key: 'delivery', render: deliveryText },
    {
      title: 'Total',
      key: 'total',
      align: 'right',
      className: 'admin-cell--nowrap',
      render: (quote) => formatUsd(quote.amount),
    },
    { title: 'Expires', key: 'expires', className: 'admin-cell--nowrap', render: expiresText },
    {
      title: 'Created',
      key: 'created',
      className: 'admin-cell--nowrap',
      render: (quote) => formatDay(quote.created_at),
    },
  ];

  const empty = TEXTS.none[filter];
  return (
    <section aria-labelledby="quotes-title" className="quotes-section">
      <div className="admin-section-header">
        <h2 id="quotes-title" className="admin-section-title">
          {TEXTS.title}
        </h2>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setOpened({ kind: 'new' })}
          onMouseEnter={preloadEditor}
          onFocus={preloadEditor}
        >
          {TEXTS.newDraft}
        </Button>
      </div>
      <p className="admin-secondary admin-paragraph">{TEXTS.intro}</p>
      <div className="admin-filter quotes-section__filter">
        <ChoiceSegmented<QuoteFilter>
          aria-label={TEXTS.filter}
          options={QUOTE_FILTERS.map((value) => ({ value, label: QUOTE_FILTER_LABELS[value] }))}
          value={filter}
          onChange={setFilter}
        />
      </div>
      {quotes.isError && !quotes.data ? (
        <TableError text={TEXTS.loadFailed} onRetry={() => void quotes.refetch()} />
      ) : phone ? (
        <div className="admin-cards" aria-busy={quotes.isPending || undefined}>
          {quotes.isPending ? (
            <p className="admin-secondary" role="status">
              Loading…
            </p>
          ) : rows.length === 0 ? (
            <p className="admin-secondary">{empty}</p>
          ) : (
            rows.map((quote) => (
              <QuoteCard key={quote.id} quote={quote} onOpen={() => open(quote)} />
            ))
          )}
        </div>
      ) : (
        <DataTable<Quote>
          label={TEXTS.title}
          size="small"
          rowKey={(quote) => quote.id}
          columns={columns}
          rows={rows}
          loading={quotes.isPending}
          empty={empty}
        />
      )}
      {opened?.kind === 'new' || opened?.kind === 'draft' ? (
        <DraftEditor
          draft={opened.kind === 'draft' ? opened.quote : null}
          onClose={() => setOpened(null)}
          onSent={(quoteId) => setOpened({ kind: 'view', quoteId })}
        />
      ) : opened?.kind === 'view' ? (
        <QuoteView quoteId={opened.quoteId} quote={opened.quote} onClose={close} />
      ) : null}
    </section>
  );
}
