import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { paths, QUOTE_MESSAGES, type QuoteState } from '@portal/domain';
import { NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import { readOrder } from '../orders/order-record';
import { placeOnTerms, refuseVoidedRetry } from '../terms/terms-order';
import { payerOfQuote, type QuotePayer } from './quote-checkout';
import {
  openQuoteCheckout,
  orderText,
  quoteClosedMessage,
  quoteOrderLines,
  readQuoteCounter,
  readQuoteIn,
  refuseQuoteConflicts,
  stageQuoteAccepted,
  SYSTEM_ACTOR,
  type QuoteActor,
} from './quote-payments';
import { quoteRef, type QuoteDeps, type QuoteRecord } from './quote-record';

/**
 * A quote placed on the company's payment terms (docs/order-lifecycle.md#draft-orders-and-quotes):
 * a member accepting a quote with "Place on terms", or a manager sending a draft that way at
 * once. The order is booked by the same transaction as any order on terms
 * (terms/terms-order.ts placeOnTerms): the credit limit checked (goods, shipping and tax must fit
 * the open balance), the stock checked again line by line and taken (no hold caps: a manager sold
 * these quantities), the invoice number allocated; and in that same transaction the quote is
 * marked accepted by the order (a draft numbered too, from counters/quotes). So two members
 * placing it at once make one order: the second transaction reads the quote accepted. The Stripe
 * invoice then lists the lines at the quoted prices and an item "Shipping" (not taxed).
 *
 * The order: source 'quote', quote {id, number}, shipping_charge; user_id the payer's (a
 * manager's placement: the company's owner); placed_by_name the member's, or the manager's who
 * placed it. If Stripe cannot issue the invoice, the order is voided and the quote goes back to
 * the state it was in (keeping its number), so it can be placed again.
 */

export interface QuoteTermsRequest {
  /** The browser's key for this press of the button: a retry answers the same order. */
  requestId: string;
  poNumber: string;
  /** A manager placing a draft on terms (sendDraftOrder): who, for the history and the order. */
  placedBy?: QuoteActor;
}

/** The order a request to place the quote on terms makes (a retry finds it). */
export function quoteTermsOrderId(quoteId: string, uid: string, requestId: string): string {
  const hash = createHash('sha256').update(`${quoteId}\n${uid}\n${requestId}`).digest('hex');
  return `terms_${hash.slice(0, 24)}`;
}

/** The states a quote may be placed on terms from: a draft (a manager), a quote sent to accept. */
function requirePlaceable(quote: QuoteRecord, byManager: boolean): void {
  if (quote.state === 'draft' && byManager) return;
  if (quote.state !== 'sent') {
    throw new PreconditionError(
      quote.state === 'draft' ? QUOTE_MESSAGES.notFound : quoteClosedMessage(quote.state),
    );
  }
  if (quote.delivery === 'payment_link') {
    throw new PreconditionError(QUOTE_MESSAGES.paymentLinkOnly);
  }
}

export async function placeQuoteOnTerms(
  ctx: QuoteDeps,
  quote: QuoteRecord,
  payer: QuotePayer,
  request: QuoteTermsRequest,
): Promise<{ orderId: string; invoiceUrl: string | null }> {
  const { db } = ctx;
  const byManager = request.placedBy !== undefined;
  const orderId = quoteTermsOrderId(quote.id, payer.uid, request.requestId);
  // A retry of a request that placed the order answers that order (one whose invoice could not
  // be issued is refused again: nothing was ordered).
  const earlier = readOrder(await db.doc(paths.order(orderId)).get());
  if (earlier) {
    refuseVoidedRetry(earlier);
    return { orderId, invoiceUrl: earlier.terms?.hosted_invoice_url ?? null };
  }
  requirePlaceable(quote, byManager);
  const profile = await payerOfQuote(ctx, quote, payer);
  const actor = request.placedBy ?? { uid: payer.uid, name: profile.fullName };
  const lines = quoteOrderLines(quote);
  const placed = await placeOnTerms(
    ctx,
    {
      orderId,
      buyer: payer,
      profile,
      lines,
      source: 'quote',
      poNumber: request.poNumber,
      quote: {
        id: quote.id,
        shippingAmount: quote.shipping_amount,
        placedByName: actor.name || profile.fullName,
        alsoBook: async (tx, stock) => {
          const current = await readQuoteIn(tx, db, quote.id);
          if (!current) throw new NotFoundError(QUOTE_MESSAGES.notFound);
          requirePlaceable(current, byManager);
          // A card checkout paying it now would make a second order.
          if (openQuoteCheckout(current, ctx.now())) {
            throw new PreconditionError(QUOTE_MESSAGES.beingPaid);
          }
          refuseQuoteConflicts(lines, stock);
          const counter = current.number ? null : await readQuoteCounter(tx, db);
          const number = current.number ?? counter!.number;
          return {
            number,
            write: ({ netDays, now }) => {
              counter?.take();
              stageQuoteAccepted(tx, db, current, {
                orderId,
                by: actor,
                now,
                text: orderText('terms', orderId),
                ...(current.state === 'draft' ? { placed: { number, netDays } } : {}),
              });
            },
          };
        },
      },
    },
    (voided) => reopenQuote(ctx, quote.id, voided, quote.state),
  );
  return { orderId: placed.orderId, invoiceUrl: placed.invoiceUrl };
}

/**
 * The order's invoice could not be issued and the order was voided: the quote it accepted goes
 * back to the state it was in, keeping its number (numbers have no gaps), so it can be placed
 * again or paid by card.
 */
async function reopenQuote(
  ctx: QuoteDeps,
  quoteId: string,
  orderId: string,
  was: QuoteState,
): Promise<void> {
  const { db } = ctx;
  await db.runTransaction(async (tx) => {
    const current = await readQuoteIn(tx, db, quoteId);
    if (current?.state !== 'accepted' || current.order_id !== orderId) return;
    const now = Timestamp.now();
    tx.update(quoteRef(db, quoteId), {
      state: was,
      order_id: null,
      accepted_by: null,
      ...(was === 'draft' ? { delivery: null } : {}),
      updated_at: now,
      history: [
        ...current.history,
        {
          state: was,
          at: now,
          by: SYSTEM_ACTOR.uid,
          by_name: '',
          text: 'The invoice could not be issued, so nothing was ordered.',
        },
      ],
    });
  });
  log.warn('quote_reopened', { quoteId, orderId });
}
