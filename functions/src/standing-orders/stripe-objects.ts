import Stripe from 'stripe';

/**
 * Reading the Stripe objects of subscriptions as the SDK's API version shapes them: an invoice
 * names its subscription under parent.subscription_details, an invoice line its price under
 * pricing.price_details, and a subscription's period is kept on each of its items.
 */

export function isStripeInvalidRequest(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The subscription an invoice bills, with the metadata it had then; null for other invoices. */
export function subscriptionOfInvoice(
  invoice: Stripe.Invoice,
): { id: string; metadata: Stripe.Metadata } | null {
  const details = invoice.parent?.subscription_details;
  const id = idOf(details?.subscription);
  return id ? { id, metadata: details?.metadata ?? {} } : null;
}

/** The standing order a subscription (or an invoice of it) belongs to, from its metadata. */
export function standingOrderIdOf(metadata: Stripe.Metadata | null | undefined): string | null {
  const id = metadata?.standingOrderId;
  return id && !id.includes('/') ? id : null;
}

/**
 * The standing order an invoice bills, from its subscription's metadata (the subscription read
 * again when the invoice's copy has none); null for an invoice that is not a standing order's.
 */
export async function standingOrderOfInvoice(
  stripe: () => Stripe,
  invoice: Stripe.Invoice,
): Promise<string | null> {
  const subscription = subscriptionOfInvoice(invoice);
  if (!subscription) return null;
  const fromInvoice = standingOrderIdOf(subscription.metadata);
  if (fromInvoice) return fromInvoice;
  const read = await stripe().subscriptions.retrieve(subscription.id);
  return standingOrderIdOf(read.metadata);
}

/** When the period an invoice bills ends: the next cycle's date (seconds). */
export function invoicePeriodEnd(invoice: Stripe.Invoice): number | null {
  const ends = invoice.lines.data.map((line) => line.period.end);
  return ends.length > 0 ? Math.max(...ends) : null;
}

/** The price id of an invoice line. */
export function linePriceId(line: Stripe.InvoiceLineItem): string | null {
  return idOf(line.pricing?.price_details?.price);
}

/** When the subscription's current period ends (its next invoice), in seconds. */
export function subscriptionPeriodEnd(subscription: Stripe.Subscription): number | null {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return ends.length > 0 ? Math.min(...ends) : null;
}

/** The product a price of ours is for (its metadata), or null for a price we did not make. */
export function productIdOfPrice(price: Stripe.Price): string | null {
  const id = price.metadata?.productId;
  return id && !id.includes('/') ? id : null;
}

export const toDate = (seconds: number) => new Date(seconds * 1000);

/**
 * The payment intent that paid an invoice (its paid invoice payment), so the order it became can
 * be refunded like any other; null when Stripe reports none.
 */
export async function paymentIntentOfInvoice(
  stripe: Stripe,
  invoiceId: string | null,
): Promise<string | null> {
  if (!invoiceId) return null;
  const payments = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 });
  const paid = payments.data.find((payment) => payment.status === 'paid');
  return idOf(paid?.payment.payment_intent);
}
