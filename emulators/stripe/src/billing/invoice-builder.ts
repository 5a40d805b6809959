import Stripe from 'stripe';
import { billingOf, intervalText } from './billing-periods.js';
import { newId } from '../core/ids.js';
import { formatAmount } from '../core/money.js';
import type {
  Customer,
  Invoice,
  InvoiceLine,
  Known,
  Price,
  Subscription,
  SubscriptionItem,
} from '../core/types.js';

export type SubscriptionBillingReason = Extract<
  Known<Stripe.Invoice.BillingReason>,
  'subscription_create' | 'subscription_cycle'
>;

/** What a subscription invoice is made of, besides the subscription's items at this time. */
export interface InvoiceInput {
  subscription: Subscription;
  customer: Customer | undefined;
  reason: SubscriptionBillingReason;
  /** When it is made (seconds; the clock's time for a customer on a test clock). */
  created: number;
  /** `period_start`/`period_end`: the period that just ended (both `created` for the first). */
  periodStart: number;
  periodEnd: number;
  /** The ship-to: the one Checkout collected for the first invoice, else the customer's. */
  shipping: Stripe.Invoice.CustomerShipping | null;
  email: string | null;
  /** The name of a price's product, for the line descriptions. */
  productName: (price: Price) => string;
}

/** `2 × Weekly coffee (at $12.50 / week)`, as Stripe describes a subscription line. */
function lineDescription(item: SubscriptionItem, productName: string): string {
  const unit = formatAmount(item.price.unit_amount, item.price.currency);
  const billing = billingOf(item.price);
  const every = billing ? ` / ${intervalText(billing)}` : '';
  return `${item.quantity} × ${productName} (at ${unit}${every})`;
}

function invoiceLine(
  item: SubscriptionItem,
  invoiceId: string,
  subscription: Subscription,
  productName: string,
): InvoiceLine {
  const amount = item.price.unit_amount * item.quantity;
  return {
    id: newId('il', 24),
    object: 'line_item',
    amount,
    currency: item.price.currency,
    description: lineDescription(item, productName),
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: { ...item.metadata },
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
      type: 'subscription_item_details',
    },
    period: { start: item.current_period_start, end: item.current_period_end },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: item.price.id, product: item.price.product },
      type: 'price_details',
      unit_amount_decimal: Stripe.Decimal.from(item.price.unit_amount),
    },
    quantity: item.quantity,
    quantity_decimal: Stripe.Decimal.from(item.quantity),
    subscription: subscription.id,
    subtotal: amount,
    taxes: [],
  };
}

/**
 * A draft invoice for a subscription: one line per item as the items are now (price, quantity,
 * amount, period, the item's metadata), named by `parent.subscription_details` with a copy of the
 * subscription's metadata. Numbered and charged later (invoice-store.ts).
 */
export function buildSubscriptionInvoice(input: InvoiceInput): Invoice {
  const { subscription, customer } = input;
  const id = newId('in', 24);
  const lines = subscription.items.data.map((item) =>
    invoiceLine(item, id, subscription, input.productName(item.price)),
  );
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: null,
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: null,
    billing_reason: input.reason,
    collection_method: 'charge_automatically',
    created: input.created,
    currency: subscription.currency,
    custom_fields: null,
    customer: subscription.customer,
    customer_account: null,
    customer_address: customer?.address ? structuredClone(customer.address) : null,
    customer_email: input.email,
    customer_name: customer?.name ?? null,
    customer_phone: customer?.phone ?? null,
    customer_shipping: input.shipping,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: {
        metadata: { ...subscription.metadata },
        subscription: subscription.id,
      },
      type: 'subscription_details',
    },
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    },
    period_end: input.periodEnd,
    period_start: input.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: {
      finalized_at: null,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: subscription.test_clock,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}
