import { useMutation } from '@tanstack/react-query';
import type { CreateCheckoutSessionRequest } from '@portal/domain';
import { callCreateCheckoutSession } from '@/lib/callables';

export class CheckoutUrlError extends Error {
  constructor() {
    super('The checkout session has no payment page URL');
    this.name = 'CheckoutUrlError';
  }
}

/**
 * Creates a Stripe Checkout session on the server (prices and totals are computed there) for
 * one product (Buy Now) or, without a product, for the buyer's whole cart. Returns its URL.
 */
export async function createCheckout(request: CreateCheckoutSessionRequest): Promise<string> {
  const { url } = await callCreateCheckoutSession(request);
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new CheckoutUrlError();
  return url;
}

/**
 * Goes to the payment page in the same tab: a tab opened after an await is blocked by browsers.
 * Kept apart so tests can watch it (jsdom cannot navigate).
 */
export const checkoutNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};

export function useCreateCheckout() {
  return useMutation({
    mutationFn: createCheckout,
    onSuccess: (url) => checkoutNavigation.go(url),
  });
}
