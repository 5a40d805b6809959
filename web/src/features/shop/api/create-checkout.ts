import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CreateCheckoutSessionRequest } from '@portal/domain';
import { callableErrorCode, userFacingCallableMessage } from '@/lib/callable-errors';
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
 * Kept apart so tests can watch it (the test DOM cannot navigate).
 */
export const checkoutNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};

export function useCreateCheckout() {
  const mutation = useMutation({
    mutationFn: createCheckout,
    onSuccess: (url) => checkoutNavigation.go(url),
  });
  // Coming Back from the payment page may restore this page from the back/forward cache with
  // the button still "processing": start fresh then.
  const { reset } = mutation;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
  return mutation;
}

/**
 * The server's reason a checkout was refused, when it is written for the buyer ("Only 5 left of
 * Blue Coast Syrup.", a case pack, a cart changed meanwhile, "Orders can total at most
 * $999,999.99; split this one.", an account no longer approved), shown under the button beside
 * the toast; else null (a crash, a network failure, an answer without a payment page).
 */
export function checkoutRefusal(error: unknown): string | null {
  if (callableErrorCode(error) === undefined) return null;
  return userFacingCallableMessage(error);
}
