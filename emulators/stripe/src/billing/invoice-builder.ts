import Stripe from 'stripe';
import { billingOf, intervalText } from './billing-periods.js';
import { newId } from '../core/ids.js';
import { formatAmount } from '../core/money.js';
import { enabledInvoiceAutomaticTax } from './tax/invoice-tax.js';
import type {
  Customer,
  Invoice,
  InvoiceItem,
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

/** What every draft the sandbox makes differs by. */
interface BaseInvoiceInput {
  id: string;
  customerId: string;
  customer: Customer | undefined;
  reason: Known<Stripe.Invoice.BillingReason>;
  created: number;
  currency: string;
  periodStart: number;
  periodEnd: number;
  shipping: Stripe.Invoice.CustomerShipping | null;
  email: string | null;
  lines: InvoiceLine[];
  parent: Stripe.Invoice.Parent | null;
  testClock: string | null;
  /** `automatic_tax[enabled]`: taxed when it is finalized (tax/invoice-tax.ts). */
  automaticTax: boolean;
}

/** A draft invoice of `lines`, its amounts their sum, numbered and collected later. */
function baseInvoice(input: BaseInvoiceInput): Invoice {
  const { id, customer, lines } = input;
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
    automatic_tax: input.automaticTax
      ? enabledInvoiceAutomaticTax()
      : {
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
    currency: input.currency,
    custom_fields: null,
    customer: input.customerId,
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
    parent: input.parent,
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
    test_clock: input.testClock,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

/**
 * A draft invoice for a subscription: one line per item as the items are now (price, quantity,
 * amount, period, the item's metadata), named by `parent.subscription_details` with a copy of the
 * subscription's metadata. Numbered and charged later (invoice-store.ts).
 */
export function buildSubscriptionInvoice(input: InvoiceInput): Invoice {
  const { subscription } = input;
  const id = newId('in', 24);
  return baseInvoice({
    id,
    customerId: subscription.customer,
    customer: input.customer,
    reason: input.reason,
    created: input.created,
    currency: subscription.currency,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    shipping: input.shipping,
    email: input.email,
    lines: subscription.items.data.map((item) =>
      invoiceLine(item, id, subscription, input.productName(item.price)),
    ),
    parent: {
      quote_details: null,
      subscription_details: {
        metadata: { ...subscription.metadata },
        subscription: subscription.id,
      },
      type: 'subscription_details',
    },
    testClock: subscription.test_clock,
    automaticTax: subscription.automatic_tax.enabled,
  });
}

/** What a one-off invoice is made with (`POST /v1/invoices`), besides its lines. */
export interface ManualInvoiceInput {
  customer: Customer;
  /** Seconds: now, or the customer's test clock's time. */
  created: number;
  collectionMethod: Invoice['collection_method'];
  daysUntilDue: number | null;
  dueDate: number | null;
  customFields: Stripe.Invoice.CustomField[] | null;
  metadata: Stripe.Metadata;
  description: string | null;
  footer: string | null;
  autoAdvance: boolean;
  paymentMethodTypes: Stripe.Invoice.PaymentSettings.PaymentMethodType[] | null;
  /** `automatic_tax[enabled]`: taxed at finalization from the customer's location. */
  automaticTax: boolean;
}

/**
 * A one-off draft invoice (`billing_reason: manual`, no parent), without lines until invoice items
 * are added; the customer's contact details and ship-to copied as Stripe copies them.
 */
export function buildManualInvoice(input: ManualInvoiceInput): Invoice {
  const { customer } = input;
  const invoice = baseInvoice({
    id: newId('in', 24),
    customerId: customer.id,
    customer,
    reason: 'manual',
    created: input.created,
    currency: 'usd',
    periodStart: input.created,
    periodEnd: input.created,
    shipping: customer.shipping
      ? {
          address: structuredClone(customer.shipping.address),
          name: customer.shipping.name,
          phone: customer.shipping.phone,
        }
      : null,
    email: customer.email,
    lines: [],
    parent: null,
    testClock: typeof customer.test_clock === 'string' ? customer.test_clock : null,
    automaticTax: input.automaticTax,
  });
  invoice.collection_method = input.collectionMethod;
  invoice.auto_advance = input.autoAdvance;
  invoice.custom_fields = input.customFields;
  invoice.metadata = input.metadata;
  invoice.description = input.description;
  invoice.footer = input.footer;
  invoice.due_date =
    input.dueDate ??
    (input.daysUntilDue === null ? null : input.created + input.daysUntilDue * DAY_SECONDS);
  invoice.payment_settings.payment_method_types = input.paymentMethodTypes;
  return invoice;
}

export const DAY_SECONDS = 24 * 60 * 60;

/** An invoice item's line on its invoice, shaped as Stripe shapes it in this API version. */
export function invoiceItemLine(item: InvoiceItem, invoiceId: string): InvoiceLine {
  return {
    id: newId('il', 24),
    object: 'line_item',
    amount: item.amount,
    currency: item.currency,
    description: item.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: { ...item.metadata },
    parent: {
      invoice_item_details: {
        invoice_item: item.id,
        proration: false,
        proration_details: { credited_items: null },
        subscription: null,
      },
      subscription_item_details: null,
      type: 'invoice_item_details',
    },
    period: { ...item.period },
    pretax_credit_amounts: [],
    pricing: item.pricing
      ? {
          ...(item.pricing.price_details
            ? {
                price_details: {
                  price: String(
                    typeof item.pricing.price_details.price === 'string'
                      ? item.pricing.price_details.price
                      : item.pricing.price_details.price.id,
                  ),
                  product: item.pricing.price_details.product,
                },
              }
            : {}),
          type: 'price_details',
          unit_amount_decimal: item.pricing.unit_amount_decimal,
        }
      : null,
    quantity: item.quantity,
    quantity_decimal: item.quantity_decimal,
    subscription: null,
    subtotal: item.amount,
    taxes: [],
  };
}
