import { startQuoteCheckout } from './quote-checkout';
import { placeQuoteOnTerms } from './quote-terms';
import type { QuotePayments } from './send-draft';

/**
 * The payments sendDraftOrder uses (send-draft.ts QuotePayments): the payment link's Checkout
 * Session (quote-checkout.ts) and the order placed on the company's terms (quote-terms.ts).
 * Handed in rather than imported by send-draft.ts, so its tests can stand in for Stripe's side.
 */
export const quotePayments: QuotePayments = { startQuoteCheckout, placeQuoteOnTerms };
