/**
 * Draft orders and quotes (docs/order-lifecycle.md#draft-orders-and-quotes): a manager writes an
 * order for a company (a phone order, a trade show, a chain asking for a price) and sends it in
 * one of three ways: as a quote the buyer accepts or declines before it expires, as a payment
 * link (a Stripe Checkout session for exactly its lines) mailed to the buyer, or placed directly
 * on the company's payment terms.
 *
 * draft (saved, edited and deleted freely; holds no stock; no number) -> sent (numbered Q-000123,
 * gapless; a quote until its expiry, a payment link until its session ends) -> accepted (an order
 * was made: order_id), declined (by the buyer, with a reason) or expired (its day passed on the
 * company's clock; the server refuses it from then on). A draft placed on terms goes from draft
 * to accepted at once. accepted, declined and expired are final.
 *
 * One home for the rules the browser and the functions share: the states and their words, the
 * quote number, the validity, what a draft's lines and override reasons must be, and the words
 * every refusal uses.
 */
import { takesBackorders } from './backorders';
import { formatUsd, type Cents } from './money';
import { quantityProblem, type QuantityRule } from './quantities';
import { availableStock, stockShortMessage, type StockLevels } from './stock';

export const QUOTE_STATES = ['draft', 'sent', 'accepted', 'declined', 'expired'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];
export const QUOTE_STATE_LABELS: Readonly<Record<QuoteState, string>> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

/** The states a quote leaves no more. */
export const FINAL_QUOTE_STATES: readonly QuoteState[] = ['accepted', 'declined', 'expired'];

/** How a draft was sent: a quote to accept, a payment link, or an order placed on terms. */
export const QUOTE_DELIVERIES = ['quote', 'payment_link', 'terms'] as const;
export type QuoteDelivery = (typeof QUOTE_DELIVERIES)[number];
export const QUOTE_DELIVERY_LABELS: Readonly<Record<QuoteDelivery, string>> = {
  quote: 'Quote',
  payment_link: 'Payment link',
  terms: 'Placed on terms',
};

/** Days a quote stays open unless the manager says otherwise. */
export const QUOTE_VALID_DAYS_DEFAULT = 7;
export const QUOTE_VALID_DAYS_MAX = 90;
/**
 * A payment link is a Stripe Checkout session, which Stripe lets live at most 24 hours: the link
 * (and the quote it pays) expires then.
 */
export const PAYMENT_LINK_HOURS = 24;

export const QUOTE_LIMITS = {
  note: 1000,
  reason: 500,
  declineReason: 1000,
  /** Cents: a shipping charge of at most $10,000. */
  maxShipping: 1_000_000,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Q-000123: the quote's number, allocated when it is sent (counters/quotes), without gaps. */
export const QUOTE_PREFIX = 'Q-';
export function formatQuoteNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError(`Not a quote sequence number: ${sequence}`);
  }
  return `${QUOTE_PREFIX}${String(sequence).padStart(6, '0')}`;
}

/**
 * When a draft sent at `sentAt` (the company's clock, ms) stops being open: a quote after its
 * valid days, a payment link after Stripe's 24 hours (or the valid days, if fewer).
 */
export function quoteExpiresAt(sentAt: number, delivery: QuoteDelivery, validDays: number): number {
  const byDays = sentAt + validDays * DAY_MS;
  return delivery === 'payment_link'
    ? Math.min(byDays, sentAt + PAYMENT_LINK_HOURS * HOUR_MS)
    : byDays;
}

/** True once a sent quote's expiry has passed at `now` (the company's clock, ms). */
export function isQuoteExpired(expiresAt: Date | number | null, now: number): boolean {
  if (expiresAt === null) return false;
  const at = typeof expiresAt === 'number' ? expiresAt : expiresAt.getTime();
  return now >= at;
}

/**
 * The state to show at `now` (ms): a sent quote whose expiry has passed reads as expired before
 * the server writes it so (it does when someone next accepts or declines it). The browser's
 * clock is the real time; the server measures on the company's clock.
 */
export function quoteStateAt(
  quote: { state: QuoteState; expires_at: Date | null },
  now: number,
): QuoteState {
  return quote.state === 'sent' && isQuoteExpired(quote.expires_at, now) ? 'expired' : quote.state;
}

/** A line as the quote prices it: the catalog's price for the company and the price quoted. */
export interface QuotePriceLine {
  name: string;
  quantity: number;
  /** The company's price now (tier and price lists), cents per unit. */
  catalog_unit_amount: Cents;
  /** The price quoted, cents per unit: the catalog's, or the manager's override. */
  unit_amount: Cents;
  override_reason: string;
}

/** The line's price was changed from the catalog's by the manager. */
export function isOverride(line: Pick<QuotePriceLine, 'catalog_unit_amount' | 'unit_amount'>) {
  return line.unit_amount !== line.catalog_unit_amount;
}

/** Why this line cannot be saved as priced, or null: an override needs its reason. */
export function overrideProblem(line: QuotePriceLine): string | null {
  if (isOverride(line) && line.override_reason.trim() === '') {
    return QUOTE_MESSAGES.overrideReason(line.name);
  }
  return null;
}

/** Goods of the quote: its lines at the prices quoted. */
export function quoteGoods(lines: ReadonlyArray<Pick<QuotePriceLine, 'quantity' | 'unit_amount'>>) {
  return lines.reduce((sum, line) => sum + line.quantity * line.unit_amount, 0);
}

/** What the quote asks for before sales tax: its goods and the shipping charge. */
export function quoteTotal(
  lines: ReadonlyArray<Pick<QuotePriceLine, 'quantity' | 'unit_amount'>>,
  shippingAmount: Cents,
): Cents {
  return quoteGoods(lines) + shippingAmount;
}

/** "Net 30" on a quote for a company with terms; the card otherwise. */
export function quoteTermsText(netDays: number | null): string {
  return netDays
    ? `Net ${netDays}: invoiced when accepted, due in ${netDays} days.`
    : 'Paid by card when accepted.';
}

/** One line's conflict when a draft is sent or a quote accepted (stock, case pack, minimum). */
export interface QuoteLineConflict {
  productId: string;
  message: string;
}

/** What the conflicts check reads of a product (its document as stored). */
export type QuoteProduct = QuantityRule &
  StockLevels & { name: string; is_active: boolean; restock_date?: string | null };

/**
 * Each line the catalog cannot fill as written, when a draft is sent or a quote accepted: a
 * product gone or inactive, a quantity off its case pack or under its minimum, or more units than
 * are available (a product that takes backorders is never short: its missing units are owed).
 * Units of one product on two lines count together. Empty when every line can be ordered.
 */
export function quoteLineConflicts(
  lines: ReadonlyArray<{ product_id: string; name: string; quantity: number }>,
  products: ReadonlyMap<string, QuoteProduct>,
): QuoteLineConflict[] {
  const conflicts: QuoteLineConflict[] = [];
  const asked = new Map<string, number>();
  for (const line of lines)
    asked.set(line.product_id, (asked.get(line.product_id) ?? 0) + line.quantity);
  const reported = new Set<string>();
  for (const line of lines) {
    const product = products.get(line.product_id);
    const say = (message: string) => conflicts.push({ productId: line.product_id, message });
    if (!product || !product.is_active) {
      say(`${line.name} is no longer in the catalog.`);
      continue;
    }
    const problem = quantityProblem(product.name, line.quantity, product);
    if (problem) {
      say(`${problem}.`);
      continue;
    }
    if (reported.has(line.product_id) || takesBackorders(product)) continue;
    const available = availableStock(product);
    if (available !== null && available < (asked.get(line.product_id) ?? 0)) {
      reported.add(line.product_id);
      say(`${stockShortMessage(product.name, available, product)}.`);
    }
  }
  return conflicts;
}

export const QUOTE_MESSAGES = {
  notFound: 'This quote was not found.',
  draftNotFound: 'This draft order was not found.',
  notDraft: 'This draft has already been sent; it can no longer be changed.',
  companyNotApproved: 'Draft orders can only be written for an approved company.',
  companyNoTerms: 'This company has no payment terms: send it as a quote or a payment link.',
  noLines: 'Add at least one product.',
  /** A draft names a location the company does not have, or none while it has some. */
  location: "Choose one of the company's locations for this order.",
  /** A line of a product that is gone, inactive or has no price at the company's tier. */
  notInCatalog: (name: string) => `${name} is not in the catalog: remove it from the draft.`,
  /** Another send of the same draft is under way (its Stripe session or terms order). */
  beingSent: 'This draft is being sent right now. Try again in a minute.',
  /** A payment link or order on terms needs someone to be the payer: the company's owner. */
  noOwner: 'This company has no owner to send it to.',
  overrideReason: (name: string) => `Give a reason for the price of ${name}.`,
  shipping: `Enter a shipping charge between ${formatUsd(0)} and ${formatUsd(QUOTE_LIMITS.maxShipping)}.`,
  note: `Use at most ${QUOTE_LIMITS.note} characters for the note.`,
  reason: `Use at most ${QUOTE_LIMITS.reason} characters for a reason.`,
  validDays: `A quote is valid for 1 to ${QUOTE_VALID_DAYS_MAX} days.`,
  declineReason: 'Tell us why you are declining this quote.',
  conflicts: 'Some lines cannot be ordered as they are:',
  expired: 'This quote has expired. Ask us for a new quote.',
  accepted: 'This quote has already been accepted.',
  declined: 'This quote was declined.',
  notOpen: 'This quote is no longer open.',
  notYours: 'This quote is not for your company.',
  beingPaid:
    'Someone at your company is paying this quote right now. Try again in an hour if it is not paid.',
  paymentLinkOnly: 'This quote is paid through the payment link we mailed.',
  noTerms: 'Your company has no payment terms: pay this quote by card.',
  paidTwice: 'This quote had already been accepted, so this payment was refunded in full.',
} as const;
