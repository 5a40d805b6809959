import type Stripe from 'stripe';
import type { StripeSandbox } from '../src/index.js';

/** Monday 6 January 2031, 09:00 UTC: where the tests' test clocks start. */
export const CLOCK_START = Date.UTC(2031, 0, 6, 9, 0, 0) / 1000;
export const DAY = 24 * 60 * 60;
export const WEEK = 7 * DAY;

export const SHIP_TO = {
  name: 'Ada Baker',
  address: {
    line1: '12 Mill Lane',
    city: 'Portland',
    state: 'OR',
    postal_code: '97201',
    country: 'US',
  },
};

/** A recurring usd price of a new product, billed every `count` weeks. */
export function weeklyPrice(
  stripe: Stripe,
  name: string,
  unitAmount: number,
  options: { count?: number; lookupKey?: string; interval?: 'week' | 'month' } = {},
): Promise<Stripe.Price> {
  return stripe.prices.create({
    currency: 'usd',
    unit_amount: unitAmount,
    recurring: { interval: options.interval ?? 'week', interval_count: options.count ?? 2 },
    product_data: { name },
    ...(options.lookupKey ? { lookup_key: options.lookupKey } : {}),
  });
}

export interface Subscribed {
  customer: Stripe.Customer;
  session: Stripe.Checkout.Session;
  subscription: Stripe.Subscription;
  invoice: Stripe.Invoice;
}

/**
 * A customer (on `clock`, when given) who checks out a subscription of `lines` with a ship-to
 * saved on the customer, paid through `sandbox.pay`.
 */
export async function subscribe(
  stripe: Stripe,
  sandbox: StripeSandbox,
  lines: Array<{ price: string; quantity: number }>,
  options: {
    clock?: string;
    metadata?: Stripe.MetadataParam;
    order?: 'session-first' | 'invoice-first';
  } = {},
): Promise<Subscribed> {
  const customer = await stripe.customers.create({
    email: 'ada@example.com',
    name: 'Ada Baker',
    ...(options.clock ? { test_clock: options.clock } : {}),
  });
  const created = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    customer_update: { shipping: 'auto' },
    line_items: lines,
    shipping_address_collection: { allowed_countries: ['US'] },
    subscription_data: { metadata: options.metadata ?? { standingOrderId: 'so_1' } },
    success_url: 'http://localhost:5173/standing-orders?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:5173/standing-orders',
  });
  await sandbox.pay(created.id, {
    shipping: SHIP_TO,
    ...(options.order ? { subscriptionEvents: options.order } : {}),
  });
  const session = await stripe.checkout.sessions.retrieve(created.id);
  const subscription = await stripe.subscriptions.retrieve(session.subscription as string);
  const invoice = await stripe.invoices.retrieve(session.invoice as string);
  return { customer, session, subscription, invoice };
}

/** The price id of each line of an invoice, with its quantity. */
export function invoiceLines(invoice: Stripe.Invoice): Array<[string, number | null]> {
  return invoice.lines.data.map((line) => [
    String(line.pricing?.price_details?.price),
    line.quantity,
  ]);
}
