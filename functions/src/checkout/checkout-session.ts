import type Stripe from 'stripe';
import {
  backorderMark,
  checkoutCancelUrl,
  checkoutSuccessUrl,
  PAYMENT_LINK_HOURS,
  type OrderLine,
} from '@portal/domain';

/** Checkout sessions close after an hour; a checkout whose session expired never becomes an order. */
export const CHECKOUT_SESSION_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Stripe refuses a session that expires less than 30 minutes after it is created; a minute more
 * leaves room for the time between the claim and the session's creation.
 */
export const MIN_SESSION_LIFETIME_MS = 31 * 60 * 1000;

/**
 * A quote's payment link (docs/order-lifecycle.md#draft-orders-and-quotes) is a session that
 * lasts as long as Stripe lets one: 24 hours (PAYMENT_LINK_HOURS), less a minute so that a
 * clock a little ahead of Stripe's is not refused ("less than 24 hours from creation").
 */
export const PAYMENT_LINK_LIFETIME_MS = PAYMENT_LINK_HOURS * 60 * 60 * 1000 - 60 * 1000;

/** The tax code of a charge that is not taxed (a quote's shipping: docs/tax.md). */
export const NONTAXABLE_TAX_CODE = 'txcd_00000000';

interface CheckoutSessionInput {
  checkoutId: string;
  uid: string;
  lines: readonly OrderLine[];
  /**
   * The expected restock date of each product (YYYY-MM-DD, null: unknown), for the mark of a
   * backordered line: "Backordered · Expected Dec 10, 2026". A product not named: "Backordered".
   */
  restockDates?: ReadonlyMap<string, string | null>;
  webOrigin: string;
  expiresAt: Date;
  /** The buyer's Stripe Customer: Checkout pre-fills its saved ship-to and saves what is typed. */
  customerId: string;
  /** The buyer's purchase order number ('' or absent: none), in the session's metadata. */
  poNumber?: string;
  /**
   * A standing order: Checkout in subscription mode, each line billed with the recurring price
   * (same order as `lines`) that the server made for its product, role, interval and amount.
   */
  subscription?: { weeks: number; priceIds: readonly string[] };
  /**
   * Exempt by a resale certificate (docs/tax.md): the customer is the company's exempt one for
   * the location's state, and Checkout does not collect another address (one the certificate
   * does not cover). Taxed sessions collect the ship-to, and Stripe Tax taxes it.
   */
  taxExempt?: boolean;
  /**
   * The one-off coupon "Store credit" of the company's credit this checkout spends
   * (store-credit/checkout-credit.ts); payment mode only. Absent: no discount.
   */
  storeCreditCoupon?: string | null;
  /**
   * A quote's checkout: the quote (in the metadata, so the payment leads back to it) and its
   * shipping charge in cents, the session's one shipping option, "Shipping", not taxed. 0 or
   * absent: no shipping option.
   */
  quote?: { id: string; number: string; shippingAmount: number };
}

/** Product images are stored as site paths (/products/x.svg); Stripe needs absolute URLs. */
export function absoluteImageUrl(imageUrl: string, webOrigin: string): string | undefined {
  if (!imageUrl.trim()) return undefined;
  try {
    const url = new URL(imageUrl, `${webOrigin}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Checkout Session for a checkout: every line with the price computed on the server, the
 * checkout id (the id of the order it becomes) as client_reference_id and in metadata (also on
 * the payment intent, so a payment or refund in the dashboard leads back to the order), the
 * buyer's customer, Stripe Tax, US ship-to (unless exempt) and phone collection, and the return
 * pages from the route table.
 */
export function checkoutSessionParams(
  input: CheckoutSessionInput,
): Stripe.Checkout.SessionCreateParams {
  const metadata = {
    orderId: input.checkoutId,
    uid: input.uid,
    ...(input.poNumber ? { po_number: input.poNumber } : {}),
    ...(input.quote ? { quoteId: input.quote.id, quote_number: input.quote.number } : {}),
  };
  const common = {
    client_reference_id: input.checkoutId,
    metadata,
    customer: input.customerId,
    // Stripe Tax on every sale: from the ship-to, or none for the exempt customer.
    automatic_tax: { enabled: true },
    ...(input.taxExempt
      ? {}
      : {
          // What the buyer types as ship-to is saved on the customer for next time.
          customer_update: { shipping: 'auto' as const },
          shipping_address_collection: { allowed_countries: ['US' as const] },
        }),
    phone_number_collection: { enabled: true },
    success_url: checkoutSuccessUrl(input.webOrigin, input.checkoutId),
    cancel_url: checkoutCancelUrl(input.webOrigin),
    expires_at: Math.floor(input.expiresAt.getTime() / 1000),
  } satisfies Stripe.Checkout.SessionCreateParams;
  const { subscription } = input;
  if (subscription) {
    return {
      ...common,
      mode: 'subscription',
      line_items: input.lines.map((line, index) => ({
        price: subscription.priceIds[index],
        quantity: line.quantity,
      })),
      // The standing order (same id as the checkout) is found from each invoice of it.
      subscription_data: {
        metadata: { ...metadata, standingOrderId: input.checkoutId },
        description: `Standing order, every ${subscription.weeks} weeks`,
      },
    };
  }
  return {
    ...common,
    mode: 'payment',
    payment_intent_data: { metadata },
    ...(input.storeCreditCoupon ? { discounts: [{ coupon: input.storeCreditCoupon }] } : {}),
    ...(input.quote && input.quote.shippingAmount > 0
      ? { shipping_options: [{ shipping_rate_data: shippingRateOf(input.quote.shippingAmount) }] }
      : {}),
    line_items: input.lines.map((line) => {
      const image = absoluteImageUrl(line.image_url, input.webOrigin);
      // A backordered line says so first, so the buyer pays knowing it ships later.
      const mark = backorderMark(line, input.restockDates?.get(line.product_id));
      const description = [mark, line.description.trim()].filter(Boolean).join('. ');
      return {
        quantity: line.quantity,
        price_data: {
          currency: 'usd',
          unit_amount: line.unit_amount,
          product_data: {
            name: line.name,
            // Stripe refuses an empty description; leave it out instead.
            ...(description ? { description } : {}),
            ...(image ? { images: [image] } : {}),
            metadata: { productId: line.product_id },
          },
        },
      };
    }),
  };
}

/** The checkout (and order) a session pays for: client_reference_id, else metadata.orderId. */
export function orderIdOfSession(
  session: Pick<Stripe.Checkout.Session, 'client_reference_id' | 'metadata'>,
) {
  return session.client_reference_id ?? session.metadata?.orderId ?? null;
}

/**
 * A quote's shipping charge as the session's one shipping option: a fixed amount named
 * "Shipping", exclusive of tax and with the non-taxable tax code, so Stripe Tax taxes the goods
 * only. The session reports it as total_details.amount_shipping (the order's shipping_charge).
 */
export function shippingRateOf(
  amount: number,
): Stripe.Checkout.SessionCreateParams.ShippingOption.ShippingRateData {
  return {
    type: 'fixed_amount',
    display_name: 'Shipping',
    fixed_amount: { amount, currency: 'usd' },
    tax_behavior: 'exclusive',
    tax_code: NONTAXABLE_TAX_CODE,
  };
}
