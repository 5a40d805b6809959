import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  formatQuoteNumber,
  isOverride,
  paths,
  productSchema,
  QUOTE_MESSAGES,
  quoteLineConflicts,
  shortOrderId,
  type OrderLine,
  type QuoteProduct,
  type QuoteState,
} from '@portal/domain';
import { PreconditionError } from '../lib/errors';
import type { StockHold, StockRead } from '../orders/stock';
import { quoteRef, readQuote, type QuoteEventDoc, type QuoteRecord } from './quote-record';

/**
 * The moves of a quote that happen inside other transactions (docs/order-lifecycle.md#draft-orders-and-quotes):
 * the claim of the checkout that pays it (checkout/checkout-lock.ts), the webhook's order of a
 * completed checkout and the end of an unpaid one (checkout/checkout-transitions.ts), and the
 * booking of an order on terms (terms/terms-order.ts). Each reads the quote in that transaction
 * and returns its writes, so a quote is accepted exactly when its order is made, and one order
 * at most is booked for it: whichever transaction commits second reads it accepted.
 */

/** Who moves a quote, as its history names them ('system': expiry). */
export interface QuoteActor {
  uid: string;
  name: string;
}

export const SYSTEM_ACTOR: QuoteActor = { uid: 'system', name: '' };

/** Reads the quote a checkout (or a booking) pays, in the transaction. */
export async function readQuoteIn(
  tx: Transaction,
  db: Firestore,
  quoteId: string,
): Promise<QuoteRecord | null> {
  return readQuote(await tx.get(quoteRef(db, quoteId)));
}

/** The words a quote that can no longer be paid is refused with, by its state. */
export function quoteClosedMessage(state: QuoteState): string {
  if (state === 'accepted') return QUOTE_MESSAGES.accepted;
  if (state === 'declined') return QUOTE_MESSAGES.declined;
  if (state === 'expired') return QUOTE_MESSAGES.expired;
  return QUOTE_MESSAGES.notOpen;
}

function event(state: QuoteState, by: QuoteActor, now: Timestamp, text: string): QuoteEventDoc {
  return { state, at: now, by: by.uid, by_name: by.name, text };
}

/**
 * What a completed checkout of `quote` does with it: 'accept' (the quote is still open, or its
 * own checkout's session outlived its expiry: the buyer paid what they were sold), 'recorded'
 * (already accepted by this very order), or 'refuse' (accepted by another order, or declined:
 * the payment must not make a second order; it is refunded).
 */
export function quoteOutcomeOf(
  quote: QuoteRecord | null,
  orderId: string,
): 'accept' | 'recorded' | 'refuse' {
  if (!quote) return 'refuse';
  if (quote.state === 'accepted') return quote.order_id === orderId ? 'recorded' : 'refuse';
  if (quote.state === 'sent') return 'accept';
  if (quote.state === 'expired') return quote.order_id === null ? 'accept' : 'refuse';
  return 'refuse';
}

/**
 * Marks the quote accepted by its order, in the transaction that makes the order: the order, who
 * accepted it, the history, and no checkout open any more. A draft placed on terms at once is
 * numbered here too (`number`: from the quote counter, read in the same transaction).
 */
export function stageQuoteAccepted(
  tx: Transaction,
  db: Firestore,
  quote: QuoteRecord,
  fields: {
    orderId: string;
    by: QuoteActor;
    now: Timestamp;
    text: string;
    /** A draft placed on terms: its number, how it was sent, its terms. */
    placed?: { number: string; netDays: number | null };
  },
): void {
  const { now } = fields;
  tx.update(quoteRef(db, quote.id), {
    state: 'accepted' satisfies QuoteState,
    order_id: fields.orderId,
    accepted_by: fields.by.uid,
    checkout: null,
    updated_at: now,
    history: [...quote.history, event('accepted', fields.by, now, fields.text)],
    ...(fields.placed
      ? {
          number: fields.placed.number,
          delivery: 'terms',
          net_days: fields.placed.netDays,
          sent_at: now,
        }
      : {}),
  });
}

/** The history's words for an order made from a quote. */
export const orderText = (how: 'card' | 'terms', orderId: string) =>
  `${how === 'card' ? 'Paid by card' : 'Placed on terms'}: order ${shortOrderId(orderId)}`;

/**
 * The checkout that paid (or was paying) the quote ended without an order: the quote no longer
 * records it, so another can start. A payment link whose session expired unpaid leaves the quote
 * expired (PAYMENT_LINK_HOURS). Nothing when the quote records another checkout, or none.
 */
export function stageQuoteCheckoutEnded(
  tx: Transaction,
  db: Firestore,
  quote: QuoteRecord | null,
  checkoutId: string,
  how: 'expired' | 'closed',
  now: Timestamp = Timestamp.now(),
): void {
  if (!quote || quote.checkout?.checkout_id !== checkoutId) return;
  const expires = how === 'expired' && quote.state === 'sent' && quote.delivery === 'payment_link';
  tx.update(quoteRef(db, quote.id), {
    checkout: null,
    updated_at: now,
    ...(expires
      ? {
          state: 'expired' satisfies QuoteState,
          history: [
            ...quote.history,
            event('expired', SYSTEM_ACTOR, now, 'The payment link expired unpaid.'),
          ],
        }
      : {}),
  });
}

/** The quote's expiry reached on the company's clock: written by 'system', refused from then on. */
export function stageQuoteExpired(
  tx: Transaction,
  db: Firestore,
  quote: QuoteRecord,
  now: Timestamp = Timestamp.now(),
): void {
  tx.update(quoteRef(db, quote.id), {
    state: 'expired' satisfies QuoteState,
    checkout: null,
    updated_at: now,
    history: [...quote.history, event('expired', SYSTEM_ACTOR, now, '')],
  });
}

/**
 * The products as the conflicts check reads them (quoteLineConflicts), from the documents a
 * transaction read for its stock move. `own`: units a checkout about to be replaced holds (they
 * are the caller's: not counted as reserved by others).
 */
export function quoteProductsOf(stock: StockRead, own: StockHold = {}): Map<string, QuoteProduct> {
  const products = new Map<string, QuoteProduct>();
  for (const [productId, snap] of stock) {
    if (!snap.exists) continue;
    const parsed = productSchema.safeParse(snap.data());
    if (!parsed.success) continue;
    const product = parsed.data;
    // Stock as the shards count it (the document's own figures are the last fold's).
    const count = stock.count(productId);
    products.set(productId, {
      ...product,
      ...(count ? { stock_on_hand: count.onHand } : {}),
      stock_reserved: Math.max(
        0,
        (count?.reserved ?? product.stock_reserved ?? 0) - (own[productId] ?? 0),
      ),
    });
  }
  return products;
}

/**
 * Refuses, line by line, a quote's lines the catalog cannot fill now (a product gone or
 * inactive, a case pack or minimum broken, too few units): PreconditionError with
 * QUOTE_MESSAGES.conflicts and each line's conflict in `details.conflicts`.
 */
export function refuseQuoteConflicts(
  lines: readonly Pick<OrderLine, 'product_id' | 'name' | 'quantity'>[],
  stock: StockRead,
  own: StockHold = {},
): void {
  const conflicts = quoteLineConflicts(lines, quoteProductsOf(stock, own));
  if (conflicts.length > 0) throw new PreconditionError(QUOTE_MESSAGES.conflicts, { conflicts });
}

/** counters/quotes { next }: read in the transaction that numbers a quote (gapless). */
export async function readQuoteCounter(tx: Transaction, db: Firestore) {
  const ref = db.doc(paths.quoteCounter());
  const snap = await tx.get(ref);
  const next: unknown = snap.exists ? snap.get('next') : 1;
  if (typeof next !== 'number' || !Number.isSafeInteger(next) || next < 1) {
    // Never guess: a wrong guess would hand out a number twice.
    throw new Error(`${paths.quoteCounter()} holds no valid next number`);
  }
  return {
    number: formatQuoteNumber(next),
    /** Takes the number: the counter moves on (call once, with the quote's other writes). */
    take: () => tx.set(ref, { next: next + 1 }),
  };
}

/**
 * The quote's lines as an order's (checkout/checkout-record.ts, orders): at the prices quoted,
 * never the catalog's of today. A line whose price the manager did not override keeps the price
 * list behind it (and the tier's price it lowered), as a cart's line would; an overridden one
 * is the manager's price, from no list.
 */
export function quoteOrderLines(quote: Pick<QuoteRecord, 'lines'>): OrderLine[] {
  return quote.lines.map((line) => {
    const listed = !isOverride(line);
    return {
      product_id: line.product_id,
      name: line.name,
      description: line.description,
      image_url: line.image_url,
      unit_amount: line.unit_amount,
      quantity: line.quantity,
      line_total: line.unit_amount * line.quantity,
      sku: line.sku,
      case_pack: line.case_pack,
      ...(listed && line.price_list ? { price_list: line.price_list } : {}),
      ...(listed && line.tier_unit_amount !== undefined
        ? { tier_unit_amount: line.tier_unit_amount }
        : {}),
      backordered: 0,
    };
  });
}

/**
 * The Checkout Session that pays the quote while it can still be paid (its hold has not ended),
 * or null: one at a time, so the quote makes one order.
 */
export function openQuoteCheckout(quote: Pick<QuoteRecord, 'checkout'>, now: number) {
  const checkout = quote.checkout;
  return checkout && checkout.expires_at.toMillis() > now ? checkout : null;
}
