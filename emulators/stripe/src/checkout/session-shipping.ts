import type Stripe from 'stripe';
import type { CheckoutSession, ShippingRate } from '../core/types.js';

/**
 * A session's shipping: its `shipping_options` (each rate's id and amount) and the option chosen,
 * `shipping_cost` (the first option until the buyer picks another), whose amount is
 * `total_details.amount_shipping` and is part of `amount_total`, not of `amount_subtotal` (the
 * line items only), as at Stripe. Coupons are taken off the line items, never off shipping.
 */

/** `shipping_options` as the session shows them. */
export function shippingOptionsOf(
  rates: ReadonlyArray<ShippingRate>,
): Stripe.Checkout.Session.ShippingOption[] {
  return rates.map((rate) => ({
    shipping_amount: rate.fixed_amount.amount,
    shipping_rate: rate.id,
  }));
}

/** `shipping_cost` of a chosen rate before tax (the session's tax, if any, fills in its tax). */
export function shippingCostOf(rate: ShippingRate): Stripe.Checkout.Session.ShippingCost {
  const amount = rate.fixed_amount.amount;
  return {
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    shipping_rate: rate.id,
    taxes: [],
  };
}

/** The rate of the session's `shipping_cost`, among its options (null without shipping). */
export function chosenShippingRate(
  session: CheckoutSession,
  rates: ReadonlyArray<ShippingRate>,
): ShippingRate | null {
  const chosen = session.shipping_cost?.shipping_rate;
  const id = typeof chosen === 'string' ? chosen : chosen?.id;
  return rates.find((rate) => rate.id === id) ?? null;
}

/**
 * `amount_total` from its parts: the line items, less the discount, plus shipping, plus every tax
 * (`total_details.amount_tax`, the lines' and the shipping's).
 */
export function refreshAmountTotal(session: CheckoutSession): void {
  const details = session.total_details;
  session.amount_total =
    session.amount_subtotal -
    (details?.amount_discount ?? 0) +
    (details?.amount_shipping ?? 0) +
    (details?.amount_tax ?? 0);
}
