import type Stripe from 'stripe';
import type { CustomerBalanceStore } from '../customers/balance-transactions.js';
import type { CustomerStore } from '../customers/customer-store.js';
import { snapshot } from '../webhooks/events.js';
import { buildSubscriptionInvoice, type InvoiceInput } from './invoice-builder.js';
import { collectInvoicePayment, type CollectionContext } from './invoice-collection.js';
import type { InvoiceStore } from './invoice-store.js';
import type { PriceStore } from './price-store.js';
import { applyCustomerBalance } from './invoice-balance.js';
import { applyInvoiceTax } from './tax/invoice-tax.js';
import { exemptionOf } from './tax/tax-amounts.js';
import { taxCodeOfProduct } from './tax/tax-codes.js';
import type { TaxRateStore } from './tax/tax-rate-store.js';
import type {
  NewSubscriptionItem,
  StoredSubscription,
  SubscriptionStore,
} from './subscription-store.js';
import type {
  Customer,
  EventObject,
  Invoice,
  InvoiceLine,
  PreviousAttributes,
  StripeEvent,
  Subscription,
} from '../core/types.js';

/**
 * What billing needs from the sandbox: its stores (with those of payments: CollectionContext),
 * and a way to build events.
 */
export interface BillingContext extends CollectionContext {
  readonly subscriptions: SubscriptionStore;
  readonly invoices: InvoiceStore;
  readonly customers: CustomerStore;
  /** The customers' balance ledgers: applied to invoices as they are finalized. */
  readonly customerBalance: CustomerBalanceStore;
  readonly prices: PriceStore;
  /** The tax rates of the sandbox's stand-in for Stripe Tax. */
  readonly taxRates: TaxRateStore;
  /** An event with a snapshot of `object` as it is now. */
  event<T extends StripeEvent['type']>(
    type: T,
    object: EventObject<T>,
    previousAttributes?: PreviousAttributes<T>,
  ): StripeEvent;
}

/** A subscription invoice line's tax code: its price's product's `tax_code` (null: the preset). */
export function productTaxCodeOf(prices: PriceStore): (line: InvoiceLine) => string | null {
  return (line) => {
    const product = line.pricing?.price_details?.product;
    return product ? taxCodeOfProduct(prices.getProduct(product)) : null;
  };
}

export interface StartedSubscription {
  subscription: Subscription;
  invoice: Invoice;
  /** `customer.subscription.created`. */
  subscriptionEvents: StripeEvent[];
  /** `invoice.created`, `invoice.finalized`, `invoice.paid`. */
  invoiceEvents: StripeEvent[];
}

/** The ship-to an invoice names: a customer's (or Checkout's) shipping. */
export function invoiceShipping(
  shipping: Stripe.Customer.Shipping | null | undefined,
): Stripe.Invoice.CustomerShipping | null {
  if (!shipping) return null;
  return { address: structuredClone(shipping.address), name: shipping.name, phone: shipping.phone };
}

function invoiceInput(
  ctx: BillingContext,
  subscription: Subscription,
  customer: Customer | undefined,
  fields: Pick<
    InvoiceInput,
    'reason' | 'created' | 'periodStart' | 'periodEnd' | 'shipping' | 'email'
  >,
): InvoiceInput {
  return {
    subscription,
    customer,
    ...fields,
    productName: (price) => ctx.prices.productName(price),
  };
}

/**
 * A subscription Checkout starts once paid: the subscription (active, its first period from
 * `at`, a new saved payment method) and its first invoice (`subscription_create`), finalized and
 * paid at once by a payment intent with its charge (invoice-collection.ts), with the events of
 * each.
 */
export function startSubscription(
  ctx: BillingContext,
  input: {
    customer: Customer;
    items: NewSubscriptionItem[];
    metadata: Stripe.Metadata;
    description: string | null;
    currency: string;
    at: number;
    shipping: Stripe.Invoice.CustomerShipping | null;
    email: string | null;
    /** `automatic_tax[enabled]`: every invoice is taxed from the customer's location. */
    automaticTax: boolean;
    /** The payment method to charge (`default_payment_method`); default: a new saved card. */
    paymentMethod?: string;
  },
): StartedSubscription {
  const { customer, at } = input;
  const stored = ctx.subscriptions.create({
    customer: customer.id,
    testClock: typeof customer.test_clock === 'string' ? customer.test_clock : null,
    start: at,
    items: input.items,
    metadata: input.metadata,
    description: input.description,
    paymentMethod: input.paymentMethod ?? ctx.paymentMethods.create(),
    currency: input.currency,
    automaticTax: input.automaticTax,
  });
  const subscription = stored.subscription;
  const invoice = ctx.invoices.add(
    buildSubscriptionInvoice(
      invoiceInput(ctx, subscription, customer, {
        reason: 'subscription_create',
        created: at,
        periodStart: at,
        periodEnd: at,
        shipping: input.shipping,
        email: input.email,
      }),
    ),
  );
  // The first invoice is taxed where the ship-to just typed is (else the customer's address).
  applyInvoiceTax(
    invoice,
    {
      shipping: input.shipping?.address ?? customer.shipping?.address,
      billing: customer.address,
      exempt: exemptionOf(customer),
      taxCodeOf: productTaxCodeOf(ctx.prices),
    },
    ctx.taxRates,
  );
  subscription.latest_invoice = invoice.id;
  const invoiceEvents = [ctx.event('invoice.created', invoice)];
  ctx.invoices.finalize(invoice, at);
  applyCustomerBalance(ctx, invoice, at);
  invoiceEvents.push(ctx.event('invoice.finalized', invoice));
  // Checkout's card (just saved) always pays; one given to `POST /v1/subscriptions` may not,
  // which leaves the subscription `incomplete` with its first invoice open, as at Stripe.
  if (collectInvoicePayment(ctx, invoice, subscription.default_payment_method, at)) {
    ctx.invoices.markPaid(invoice, at);
    invoiceEvents.push(ctx.event('invoice.paid', invoice));
  } else {
    ctx.invoices.markPaymentFailed(invoice);
    invoiceEvents.push(ctx.event('invoice.payment_failed', invoice));
    subscription.status = 'incomplete';
  }
  const subscriptionEvents = [ctx.event('customer.subscription.created', subscription)];
  return { subscription, invoice, subscriptionEvents, invoiceEvents };
}

/** Sets the subscription's status, returning its `customer.subscription.updated` event. */
function changeStatus(
  ctx: BillingContext,
  subscription: Subscription,
  status: Subscription['status'],
): StripeEvent[] {
  if (subscription.status === status) return [];
  const previous = { status: subscription.status };
  subscription.status = status;
  return [ctx.event('customer.subscription.updated', subscription, previous)];
}

/** A past-due subscription is active again once none of its invoices is left open. */
function reactivateIfSettled(ctx: BillingContext, subscription: Subscription): StripeEvent[] {
  if (subscription.status !== 'past_due') return [];
  const open = ctx.invoices.list({ subscription: subscription.id, status: 'open' });
  return open.length === 0 ? changeStatus(ctx, subscription, 'active') : [];
}

/**
 * Charges an open invoice with `paymentMethod` (through its payment intent, invoice-collection.ts):
 * paid (`invoice.paid`, and a past-due subscription active again) or declined
 * (`invoice.payment_failed`, the invoice left open with one more attempt, an active subscription
 * past due).
 */
export function chargeInvoice(
  ctx: BillingContext,
  invoice: Invoice,
  subscription: Subscription,
  paymentMethod: string | null,
  at: number,
): { paid: boolean; events: StripeEvent[] } {
  if (collectInvoicePayment(ctx, invoice, paymentMethod, at)) {
    ctx.invoices.markPaid(invoice, at);
    return {
      paid: true,
      events: [ctx.event('invoice.paid', invoice), ...reactivateIfSettled(ctx, subscription)],
    };
  }
  ctx.invoices.markPaymentFailed(invoice);
  const failed = ctx.event('invoice.payment_failed', invoice);
  const pastDue =
    subscription.status === 'active' ? changeStatus(ctx, subscription, 'past_due') : [];
  return { paid: false, events: [failed, ...pastDue] };
}

/**
 * What happens to a subscription at the end of its period `at` (test clocks only):
 * - `cancel_at_period_end`: it is canceled (`customer.subscription.deleted`);
 * - a `pause_collection` whose `resumes_at` has come is cleared first
 *   (`customer.subscription.updated`);
 * - still paused (`void`): the period's invoice is made and voided (`invoice.created`,
 *   `invoice.voided`);
 * - otherwise the invoice (`subscription_cycle`, the items as they are now, the customer's
 *   ship-to) is charged to the default payment method (`invoice.created`, `invoice.finalized`,
 *   then `invoice.paid`, or `invoice.payment_failed` and the subscription past due).
 * The items move on to the next period whenever the subscription goes on.
 */
export function renewSubscription(
  ctx: BillingContext,
  stored: StoredSubscription,
  at: number,
): StripeEvent[] {
  const subscription = stored.subscription;
  if (subscription.cancel_at_period_end) {
    subscription.status = 'canceled';
    subscription.ended_at = at;
    subscription.cancel_at = at;
    return [ctx.event('customer.subscription.deleted', subscription)];
  }
  const events: StripeEvent[] = [];
  const pause = subscription.pause_collection;
  if (pause && pause.resumes_at !== null && pause.resumes_at <= at) {
    subscription.pause_collection = null;
    events.push(
      ctx.event('customer.subscription.updated', subscription, {
        pause_collection: snapshot(pause),
      }),
    );
  }
  // A trial that ends here: the subscription is active again, and this invoice is its first charge.
  if (subscription.status === 'trialing') {
    subscription.status = 'active';
    events.push(ctx.event('customer.subscription.updated', subscription, { status: 'trialing' }));
  }
  const ended = ctx.subscriptions.period(stored);
  ctx.subscriptions.nextPeriod(stored);
  const customer = ctx.customers.get(subscription.customer);
  const invoice = ctx.invoices.add(
    buildSubscriptionInvoice(
      invoiceInput(ctx, subscription, customer, {
        reason: 'subscription_cycle',
        created: at,
        periodStart: ended.start,
        periodEnd: ended.end,
        shipping: invoiceShipping(customer?.shipping),
        email: customer?.email ?? null,
      }),
    ),
  );
  // Taxed from the customer as they are now: their location and their current `tax_exempt`.
  applyInvoiceTax(
    invoice,
    {
      shipping: customer?.shipping?.address,
      billing: customer?.address,
      exempt: exemptionOf(customer),
      taxCodeOf: productTaxCodeOf(ctx.prices),
    },
    ctx.taxRates,
  );
  subscription.latest_invoice = invoice.id;
  events.push(ctx.event('invoice.created', invoice));
  ctx.invoices.finalize(invoice, at);
  if (subscription.pause_collection?.behavior === 'void') {
    ctx.invoices.markVoid(invoice, at);
    events.push(ctx.event('invoice.voided', invoice));
    return events;
  }
  applyCustomerBalance(ctx, invoice, at);
  events.push(ctx.event('invoice.finalized', invoice));
  const charged = chargeInvoice(
    ctx,
    invoice,
    subscription,
    subscription.default_payment_method,
    at,
  );
  return [...events, ...charged.events];
}
