import { PaymentServiceError } from '../lib/errors';
import type { QuotePayments } from './send-draft';

/**
 * The payments sendDraftOrder uses for a payment link and an order on terms (send-draft.ts
 * QuotePayments): the Checkout Session of quote-checkout.ts and the order on terms of
 * quote-terms.ts.
 *
 * TODO(merge #55): replace both bodies with the real functions:
 *   import { startQuoteCheckout } from './quote-checkout';
 *   import { placeQuoteOnTerms } from './quote-terms';
 *   export const quotePayments: QuotePayments = { startQuoteCheckout, placeQuoteOnTerms };
 * Until then a payment link or an order on terms is refused and the draft is left as it was.
 */
export const quotePayments: QuotePayments = {
  startQuoteCheckout: () =>
    Promise.reject(new PaymentServiceError('Payment links are not available yet.', false)),
  placeQuoteOnTerms: () =>
    Promise.reject(
      new PaymentServiceError('Placing a draft on terms is not available yet.', false),
    ),
};
