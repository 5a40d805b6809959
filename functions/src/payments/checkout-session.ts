import type Stripe from 'stripe';
import { checkoutCancelUrl, checkoutSuccessUrl, type OrderLine } from '@portal/domain';

/** Checkout sessions close after an hour; a pending order whose session expired is cancelled. */
export const CHECKOUT_SESSION_LIFETIME_MS = 60 * 60 * 1000;

/** A session closer than this to its expiry is not handed out again. */
export const REUSE_MARGIN_MS = 10 * 60 * 1000;

interface CheckoutSessionInput {
  orderId: string;
  uid: string;
  lines: readonly OrderLine[];
  webOrigin: string;
  expiresAt: Date;
  customerEmail?: string | undefined;
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
 * The Checkout Session for an order: every line with the price computed on the server, the
 * order id as client_reference_id and in metadata (also on the payment intent, so a payment in
 * the dashboard leads back to the order), and the return pages from the domain's route table.
 */
export function checkoutSessionParams(
  input: CheckoutSessionInput,
): Stripe.Checkout.SessionCreateParams {
  const metadata = { orderId: input.orderId, uid: input.uid };
  return {
    mode: 'payment',
    line_items: input.lines.map((line) => {
      const image = absoluteImageUrl(line.image_url, input.webOrigin);
      const description = line.description.trim();
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
    client_reference_id: input.orderId,
    metadata,
    payment_intent_data: { metadata },
    ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
    success_url: checkoutSuccessUrl(input.webOrigin),
    cancel_url: checkoutCancelUrl(input.webOrigin),
    expires_at: Math.floor(input.expiresAt.getTime() / 1000),
  };
}

/** The order a session pays for: client_reference_id, else metadata.orderId. */
export function orderIdOfSession(
  session: Pick<Stripe.Checkout.Session, 'client_reference_id' | 'metadata'>,
) {
  return session.client_reference_id ?? session.metadata?.orderId ?? null;
}
