import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatUsd,
  poNumberSchema,
  QUOTE_STATE_LABELS,
  quoteStateAt,
  quoteTermsText,
  routePath,
  termsOrderProblem,
  type AcceptQuoteRequest,
  type CompanyCredit,
  type Quote,
  type QuoteState,
  needsNewRequest,
} from '@portal/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { FormField } from '@/components/form-field';
import { DownOutlined, UpOutlined } from '@/components/icons';
import { lazyDialog } from '@/components/lazy-dialog';
import { Tag, type TagColor } from '@/components/tag';
import { TextInput } from '@/components/text-input';
import { withAntdTheme } from '@/components/with-antd-theme';
import { companyCreditKeys } from '@/entities/company-credit';
import { useAcceptQuote } from '@/entities/quotes';
import { quoteRefusal } from '../lib/quote-refusal';
import { QUOTE_TEXTS } from './quotes-text';

// The decline dialog (antd's Modal and its theme) is fetched when Decline is first pressed.
const DeclineQuoteDialog = lazyDialog(
  withAntdTheme(() => import('./decline-quote-dialog').then((m) => m.default)),
);

const STATE_COLORS: Readonly<Record<QuoteState, TagColor>> = {
  draft: 'default',
  sent: 'blue',
  accepted: 'green',
  declined: 'default',
  expired: 'gold',
};

/** A request id acceptQuote takes (/^[A-Za-z0-9_-]{8,64}$/): a UUID without its dashes. */
function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * Goes to the quote's Checkout page in the same tab (a tab opened after an await is blocked by
 * browsers). Kept apart so tests can watch it (the test DOM cannot navigate).
 */
export const quoteCheckout = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/** Why a PO number cannot be sent ('' when it can), by the domain's rule. */
function poNumberProblem(value: string): string {
  const parsed = poNumberSchema.safeParse(value);
  return parsed.success ? '' : (parsed.error.issues[0]?.message ?? 'Not a PO number');
}

/**
 * One quote of the company (docs/order-lifecycle.md#draft-orders-and-quotes): its number, state,
 * dates and total; opened, its lines at the prices quoted (an override is only its final price:
 * the buyer never sees the catalog's price or the manager's reason), shipping, the note and the
 * terms, and a link to its document. An open quote sent to accept is accepted (by card: on to
 * Checkout; on terms: the order is placed) or declined with a reason by an owner or a buyer; a
 * payment link is paid from the mail. A refusal shows as the server wrote it, with each line's
 * problem.
 */
export function QuoteCard({
  quote: stored,
  linked,
  canOrder,
  credit,
  orderHref,
}: {
  quote: Quote;
  /** The quote a link points at: it starts open, marked, and is scrolled to once. */
  linked: boolean;
  /** False for a viewer: no accepting or declining. */
  canOrder: boolean;
  /** The company's terms and credit (undefined while read, or without terms). */
  credit: CompanyCredit | undefined;
  /** My Account with an order open (the order a quote became). */
  orderHref: (orderId: string) => string;
}) {
  // Past its day it reads as expired here at once; the server refuses it from then on.
  const [now] = useState(() => Date.now());
  const quote = { ...stored, state: quoteStateAt(stored, now) };
  const [open, setOpen] = useState(linked || quote.state === 'sent');
  const ref = useRef<HTMLLIElement | null>(null);
  const scrolled = useRef(false);
  useEffect(() => {
    if (!linked || scrolled.current || !ref.current) return;
    scrolled.current = true;
    ref.current.scrollIntoView?.({ block: 'center' });
  }, [linked]);
  const number = quote.number ?? QUOTE_STATE_LABELS.draft;
  const detailsId = `quote-${quote.id}-details`;
  return (
    <li
      ref={ref}
      className={linked ? 'account-card quote-card order-card--linked' : 'account-card quote-card'}
      aria-label={QUOTE_TEXTS.label(number)}
    >
      <div className="order-card__summary">
        <div className="order-card__id">
          <strong>{number}</strong>
          {quote.sent_at && (
            <span className="order-card__date">{QUOTE_TEXTS.sent(quote.sent_at)}</span>
          )}
        </div>
        <span className="order-card__status">
          <Tag color={STATE_COLORS[quote.state]}>{QUOTE_STATE_LABELS[quote.state]}</Tag>
          {quote.expires_at && quote.state === 'sent' && (
            <span className="quote-card__valid">{QUOTE_TEXTS.validUntil(quote.expires_at)}</span>
          )}
        </span>
        <span className="order-card__amount">{formatUsd(quote.amount)}</span>
      </div>
      <div className="order-card__actions">
        <Button
          type="link"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={detailsId}
          icon={open ? <UpOutlined /> : <DownOutlined />}
          iconPlacement="end"
        >
          {open ? QUOTE_TEXTS.hideDetails : QUOTE_TEXTS.showDetails}
        </Button>
        <Link
          to={routePath('quote', { quoteId: quote.id })}
          className="quote-card__document"
          aria-label={QUOTE_TEXTS.viewPrintLabel(number)}
        >
          {QUOTE_TEXTS.viewPrint}
        </Link>
      </div>
      {open && (
        <div id={detailsId} className="quote-card__details">
          <QuoteLines quote={quote} number={number} />
          {quote.note_to_buyer.trim() && (
            <section className="quote-card__remark">
              <h3>{QUOTE_TEXTS.noteTitle}</h3>
              <p>{quote.note_to_buyer.trim()}</p>
            </section>
          )}
          <section className="quote-card__remark">
            <h3>{QUOTE_TEXTS.termsTitle}</h3>
            <p>
              {quoteTermsText(quote.delivery === 'payment_link' ? null : quote.net_days)}
              {quote.expires_at && ` ${QUOTE_TEXTS.validUntil(quote.expires_at)}.`}
            </p>
          </section>
          <QuoteOutcome
            quote={quote}
            canOrder={canOrder}
            credit={credit}
            number={number}
            orderHref={orderHref}
          />
        </div>
      )}
    </li>
  );
}

/** The lines at the prices quoted, then subtotal, shipping, sales tax and total. */
function QuoteLines({ quote, number }: { quote: Quote; number: string }) {
  return (
    <>
      <ul className="order-card__lines" aria-label={QUOTE_TEXTS.lines(number)}>
        {quote.lines.map((line, index) => (
          <li key={`${line.product_id}-${index}`} className="order-line quote-line">
            <span className="order-line__name">
              {line.name}
              {line.sku && <span className="quote-line__sku">{line.sku}</span>}
            </span>
            <span className="order-line__qty">
              {line.quantity} × {formatUsd(line.unit_amount)}
            </span>
            <span className="order-line__total">{formatUsd(line.line_total)}</span>
          </li>
        ))}
      </ul>
      <dl className="quote-card__totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatUsd(quote.goods_amount)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{quote.shipping_amount > 0 ? formatUsd(quote.shipping_amount) : 'Free'}</dd>
        </div>
        <div>
          <dt>Sales tax</dt>
          <dd>{QUOTE_TEXTS.taxLine}</dd>
        </div>
        <div className="quote-card__total">
          <dt>Total</dt>
          <dd>{formatUsd(quote.amount)}</dd>
        </div>
      </dl>
    </>
  );
}

/** What became of the quote, or what the member can do with it now. */
function QuoteOutcome({
  quote,
  number,
  canOrder,
  credit,
  orderHref,
}: {
  quote: Quote;
  number: string;
  canOrder: boolean;
  credit: CompanyCredit | undefined;
  orderHref: (orderId: string) => string;
}) {
  if (quote.state === 'accepted') {
    return (
      <p className="quote-card__outcome">
        {QUOTE_TEXTS.accepted}{' '}
        {quote.order_id && <Link to={orderHref(quote.order_id)}>{QUOTE_TEXTS.openOrder}</Link>}
      </p>
    );
  }
  if (quote.state === 'declined') {
    return <p className="quote-card__outcome">{QUOTE_TEXTS.declined(quote.decline_reason)}</p>;
  }
  if (quote.state === 'expired') {
    return <Alert type="warning" role="status" title={QUOTE_TEXTS.expired} />;
  }
  if (quote.state !== 'sent') return null;
  if (quote.delivery === 'payment_link') {
    const until = quote.checkout?.expires_at ?? quote.expires_at;
    return (
      <p className="quote-card__outcome">
        <strong>{QUOTE_TEXTS.paymentLink}.</strong> {until && QUOTE_TEXTS.paymentLinkUntil(until)}
      </p>
    );
  }
  if (!canOrder) return <p className="quote-card__outcome">{QUOTE_TEXTS.viewerText}</p>;
  return <QuoteActions quote={quote} number={number} credit={credit} orderHref={orderHref} />;
}

/**
 * Accept and pay by card (on to the Checkout page at the quoted prices), Accept on terms (when
 * the company has terms: the order is placed at once) with an optional PO number, and Decline.
 * One request id per way of paying, for as long as the card is shown: pressing again after a
 * network failure answers the acceptance already made instead of making a second.
 */
function QuoteActions({
  quote,
  number,
  credit,
  orderHref,
}: {
  quote: Quote;
  number: string;
  credit: CompanyCredit | undefined;
  orderHref: (orderId: string) => string;
}) {
  const queryClient = useQueryClient();
  const accept = useAcceptQuote();
  const [requestIds, setRequestIds] = useState(() => ({
    card: newRequestId(),
    terms: newRequestId(),
  }));
  const [poNumber, setPoNumber] = useState('');
  const [declining, setDeclining] = useState(false);
  const poId = useId();
  const { reset } = accept;
  // Coming Back from the Checkout page may restore this page from the back/forward cache with
  // the button still working: start fresh then.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const netDays = credit?.net_days ?? null;
  const termsProblem = credit && netDays ? termsOrderProblem(credit, quote.amount) : null;
  const poProblem = poNumberProblem(poNumber);
  const paying = accept.variables?.payWith;
  const busy = accept.isPending || (accept.isSuccess && accept.data.kind === 'checkout');
  const placed = accept.isSuccess && accept.data.kind === 'order' ? accept.data : null;
  const refusal = accept.isError ? quoteRefusal(accept.error, QUOTE_TEXTS.acceptFailed) : null;

  const acceptWith = (payWith: AcceptQuoteRequest['payWith']) => {
    if (busy || poProblem) return;
    const po = poNumber.trim();
    accept.mutate(
      {
        quoteId: quote.id,
        payWith,
        requestId: requestIds[payWith],
        ...(po ? { poNumber: po } : {}),
      },
      {
        onSuccess: (answer) => {
          if (answer.kind === 'checkout') quoteCheckout.go(answer.url);
          else {
            // An order on terms: the orders (every key under 'orders', as the cart's terms order
            // does) and the credit it used are read again.
            void queryClient.invalidateQueries({ queryKey: ['orders'] });
            void queryClient.invalidateQueries({ queryKey: companyCreditKeys.all });
          }
        },
        onError: (error) => {
          // The invoice could not be issued: that id's order is void, so the next press is new.
          if (needsNewRequest(error)) {
            setRequestIds((ids) => ({ ...ids, [payWith]: newRequestId() }));
          }
        },
      },
    );
  };

  if (placed) {
    return (
      <Alert
        type="success"
        role="status"
        title={QUOTE_TEXTS.placedOnTerms}
        description={<Link to={orderHref(placed.orderId)}>{QUOTE_TEXTS.openOrder}</Link>}
      />
    );
  }
  return (
    <div className="quote-card__accept">
      <FormField
        id={poId}
        label={QUOTE_TEXTS.poNumber}
        hint={QUOTE_TEXTS.poHint}
        error={poProblem || undefined}
        className="quote-card__po"
      >
        {(control) => (
          <TextInput
            {...control}
            name="po-number"
            autoComplete="off"
            value={poNumber}
            disabled={busy}
            onChange={(event) => {
              setPoNumber(event.target.value);
              if (accept.isError) reset();
            }}
          />
        )}
      </FormField>
      <div className="quote-card__buttons">
        <Button
          type="primary"
          loading={busy && paying === 'card'}
          disabled={busy && paying !== 'card'}
          onClick={() => acceptWith('card')}
        >
          {QUOTE_TEXTS.acceptCard}
        </Button>
        {netDays ? (
          <Button
            loading={busy && paying === 'terms'}
            disabled={(busy && paying !== 'terms') || Boolean(termsProblem)}
            aria-describedby={termsProblem ? `${poId}-terms` : undefined}
            onClick={() => acceptWith('terms')}
          >
            {QUOTE_TEXTS.acceptTerms}
          </Button>
        ) : null}
        <Button
          danger
          disabled={busy}
          onClick={() => setDeclining(true)}
          onMouseEnter={() => void DeclineQuoteDialog.preload().catch(() => undefined)}
        >
          {QUOTE_TEXTS.decline}
        </Button>
      </div>
      {termsProblem && (
        <p id={`${poId}-terms`} className="quote-card__hint">
          {termsProblem}
        </p>
      )}
      {refusal && (
        <Alert
          type="error"
          title={refusal.message}
          description={
            refusal.conflicts.length > 0 ? (
              <ul className="quote-card__conflicts" aria-label={QUOTE_TEXTS.refusedLines}>
                {refusal.conflicts.map((conflict, index) => (
                  <li key={`${conflict.productId}-${index}`}>{conflict.message}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
      {declining && (
        <DeclineQuoteDialog
          quoteId={quote.id}
          number={number}
          onClose={() => setDeclining(false)}
        />
      )}
    </div>
  );
}
