import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { restockDatesOf } from '../orders/stock';
import {
  COLLECTIONS,
  orderTotal,
  orderTotalProblem,
  QUOTE_MESSAGES,
  type QuoteDelivery,
} from '@portal/domain';
import { buyerAccountOpen } from '../accounts/current-approval';
import { checkoutFingerprint } from '../checkout/checkout-lines';
import {
  CHECKOUT_SESSION_LIFETIME_MS,
  PAYMENT_LINK_LIFETIME_MS,
} from '../checkout/checkout-session';
import {
  openCheckoutSession,
  profileOfApprovedBuyer,
  type BuyerProfile,
} from '../checkout/create-checkout';
import { NOT_APPROVED } from '../lib/caller';
import { NotAllowedError, NotFoundError, PreconditionError } from '../lib/errors';
import { taxTreatmentFor } from '../tax/order-tax';
import {
  quoteClosedMessage,
  quoteOrderLines,
  readQuoteIn,
  refuseQuoteConflicts,
} from './quote-payments';
import { quoteRef, type QuoteDeps, type QuoteRecord } from './quote-record';

/**
 * Paying a quote by card (docs/order-lifecycle.md#draft-orders-and-quotes): a Stripe Checkout
 * Session for exactly the quote's lines at the quoted prices, and its shipping charge, made by
 * the same machinery as a cart's checkout (checkout/create-checkout.ts openCheckoutSession):
 * stock checked again line by line and held, the company's customer, its store credit, Stripe
 * Tax. What differs:
 *
 * - the lock is the quote's (checkout_locks/quote_{id}), shared by the company's members: one
 *   checkout pays the quote at a time. The member whose checkout it is gets the same URL back;
 *   another member is told the quote is being paid (QUOTE_MESSAGES.beingPaid). A member's own
 *   cart checkout neither uses nor retires it;
 * - a member who accepts the quote holds its stock for a buyer's hour; a payment link (made for
 *   the company's owner when a manager sends the draft that way) for a day, Stripe's longest
 *   session (PAYMENT_LINK_HOURS);
 * - the buyer's hold caps do not apply: a manager sold these quantities on purpose;
 * - the checkout (and the order it becomes) has source 'quote' and names the quote; the quote
 *   records the checkout (`checkout`) in the claim's transaction; no cart line is touched.
 *
 * The order is made by the webhook, as for any checkout; its transaction marks the quote
 * accepted (checkout/checkout-transitions.ts). An unpaid session that expires clears the quote's
 * checkout, or, a payment link's, expires the quote.
 *
 * The order's placed_by_name: the member who accepted it; for a payment link, the manager who
 * wrote the quote (its created_by_name), since the owner did not place it themselves. Its
 * user_id is the payer's in both cases (the owner's for a payment link).
 */

export interface QuotePayer {
  uid: string;
  email?: string | undefined;
}

export type QuoteCheckoutPurpose = 'accept' | 'payment_link';

/** How a quote must have been sent to be paid for this purpose. */
const DELIVERY_OF: Record<QuoteCheckoutPurpose, QuoteDelivery> = {
  accept: 'quote',
  payment_link: 'payment_link',
};

/**
 * The payer's profile for the quote: approved, allowed to order, a member of the quote's company
 * (QUOTE_MESSAGES.notYours otherwise), with the quote's location (the Checkout pre-fills its
 * ship-to; none: Checkout asks). A disabled account is refused as not approved.
 */
export async function payerOfQuote(
  ctx: QuoteDeps,
  quote: Pick<QuoteRecord, 'company_id' | 'location_id'>,
  payer: QuotePayer,
): Promise<BuyerProfile> {
  const [profile, accountOpen] = await Promise.all([
    profileOfApprovedBuyer(ctx.db, payer.uid, quote.location_id ?? null),
    buyerAccountOpen(ctx, payer.uid),
  ]);
  if (!accountOpen) throw new NotAllowedError(NOT_APPROVED);
  if (profile.companyId !== quote.company_id) throw new NotAllowedError(QUOTE_MESSAGES.notYours);
  return profile;
}

/** The quote may be paid this way now (sent, numbered, sent for this purpose), or the refusal. */
export function requirePayable(quote: QuoteRecord, delivery: QuoteDelivery): string {
  if (quote.state !== 'sent') throw new PreconditionError(quoteClosedMessage(quote.state));
  if (quote.delivery !== delivery) {
    throw new PreconditionError(
      quote.delivery === 'payment_link' ? QUOTE_MESSAGES.paymentLinkOnly : QUOTE_MESSAGES.notOpen,
    );
  }
  if (!quote.number) throw new PreconditionError(QUOTE_MESSAGES.notOpen);
  return quote.number;
}

/** The expected restock date of each product, for the mark of a backordered line. */
async function restockDatesFor(db: Firestore, productIds: readonly string[]) {
  const ids = [...new Set(productIds)];
  const snaps = ids.length
    ? await db.getAll(...ids.map((id) => db.collection(COLLECTIONS.products).doc(id)))
    : [];
  // Read as a checkout's stock read is (orders/stock.ts): one reading of restock_date.
  return restockDatesOf(new Map(snaps.map((snap) => [snap.id, snap])));
}

/**
 * Opens (or hands back) the Checkout Session that pays `quote` for `payer`: 'accept' when a
 * member accepts a quote and pays by card, 'payment_link' when a manager sends a draft as a
 * payment link (the quote already 'sent' and numbered, delivery 'payment_link'; the payer its
 * company's owner). Refused: a quote no longer open, a payer not of its company, another
 * member's checkout of it open (QUOTE_MESSAGES.beingPaid), lines the catalog cannot fill
 * (QUOTE_MESSAGES.conflicts, each line's conflict in details.conflicts).
 */
export async function startQuoteCheckout(
  ctx: QuoteDeps,
  quote: QuoteRecord,
  payer: QuotePayer,
  purpose: QuoteCheckoutPurpose,
  options: { poNumber?: string } = {},
): Promise<{ url: string; checkoutId: string; expiresAt: Date }> {
  const { db } = ctx;
  const number = requirePayable(quote, DELIVERY_OF[purpose]);
  const profile = await payerOfQuote(ctx, quote, payer);
  const lines = quoteOrderLines(quote);
  const shippingAmount = quote.shipping_amount;
  const totalProblem = orderTotalProblem(orderTotal(lines) + shippingAmount);
  if (totalProblem) throw new PreconditionError(`${totalProblem}.`);
  const [tax, restockDates] = await Promise.all([
    // Taxed or exempt (docs/tax.md) for the quote's location on the company's day.
    taxTreatmentFor(ctx, profile.companyId, profile.location?.ship_to ?? null),
    restockDatesFor(
      db,
      lines.map((line) => line.product_id),
    ),
  ]);
  const poNumber = options.poNumber ?? '';
  const fingerprint =
    `quote ${quote.id}|` +
    checkoutFingerprint('quote', lines) +
    `|shipping ${shippingAmount}` +
    (profile.location ? `|to ${profile.location.id}` : '') +
    (poNumber ? `|po ${encodeURIComponent(poNumber)}` : '') +
    (tax.exemption ? `|exempt ${tax.exemption.certificate_id}` : '');
  const placedByName =
    purpose === 'payment_link' ? quote.created_by_name || profile.fullName : profile.fullName;

  const opened = await openCheckoutSession(ctx, {
    buyer: payer,
    profile,
    lines,
    source: 'quote',
    fingerprint,
    tax,
    restockDates,
    poNumber,
    quote: {
      id: quote.id,
      number,
      shippingAmount,
      placedByName,
      holdMs: purpose === 'payment_link' ? PAYMENT_LINK_LIFETIME_MS : CHECKOUT_SESSION_LIFETIME_MS,
      busy: () => new PreconditionError(QUOTE_MESSAGES.beingPaid),
      alreadyPaid: QUOTE_MESSAGES.accepted,
      // In the claim's transaction: the quote still open, its lines still orderable (line by
      // line, counting what a checkout it replaces holds as free), then the quote records the
      // checkout that pays it.
      alsoClaim: async (tx, stock, own) => {
        const current = await readQuoteIn(tx, db, quote.id);
        if (!current) throw new NotFoundError(QUOTE_MESSAGES.notFound);
        requirePayable(current, DELIVERY_OF[purpose]);
        refuseQuoteConflicts(lines, stock, own);
        return ({ checkoutId, holdUntil }) =>
          tx.update(quoteRef(db, quote.id), {
            checkout: { checkout_id: checkoutId, uid: payer.uid, url: null, expires_at: holdUntil },
            updated_at: Timestamp.now(),
          });
      },
    },
  });
  await recordCheckoutUrl(db, quote.id, opened);
  return opened;
}

/** The quote's checkout gets its session's URL (the member's way back to it), once it has one. */
async function recordCheckoutUrl(
  db: Firestore,
  quoteId: string,
  opened: { url: string; checkoutId: string; expiresAt: Date },
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const current = await readQuoteIn(tx, db, quoteId);
    const checkout = current?.checkout;
    if (!checkout || checkout.checkout_id !== opened.checkoutId || checkout.url === opened.url) {
      return;
    }
    tx.update(quoteRef(db, quoteId), {
      checkout: {
        ...checkout,
        url: opened.url,
        expires_at: Timestamp.fromDate(opened.expiresAt),
      },
      updated_at: Timestamp.now(),
    });
  });
}
