import type Stripe from 'stripe';

/**
 * The Stripe objects the sandbox produces are the `stripe` SDK's own types, so the compiler checks
 * every field against the API version the SDK is pinned to. Where the sandbox always fills a field
 * Stripe declares nullable, or sets an enum, the types below narrow the SDK's type (an
 * intersection, still assignable to it): the sandbox code can rely on the value, and an enum value
 * the SDK does not list (a renamed `ui_mode`, say) is a compile error rather than a silent string.
 */

/**
 * The values an SDK enum lists. The SDK adds an open `string & {}` member to most enums (Stripe may
 * add values); this drops it, so only the documented values remain.
 */
export type Known<T> = T extends unknown ? (string extends T ? never : T) : never;

/** Parameter names of an SDK params type, e.g. `Param<Stripe.Checkout.SessionListParams>`. */
export type Param<P> = Extract<keyof P, string>;

export type SessionStatus = Known<Stripe.Checkout.Session.Status>;

export type Price = Stripe.Price & {
  product: string;
  type: Known<Stripe.Price.Type>;
  unit_amount: number;
};

export type LineItem = Stripe.LineItem & {
  description: string;
  price: Price;
  quantity: number;
};

export type CheckoutSession = Stripe.Checkout.Session & {
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  metadata: Stripe.Metadata;
  mode: Known<Stripe.Checkout.Session.Mode>;
  payment_intent: string | null;
  payment_status: Known<Stripe.Checkout.Session.PaymentStatus>;
  status: SessionStatus;
  subscription: string | null;
  invoice: string | null;
  ui_mode: Known<Stripe.Checkout.Session.UiMode>;
};

export type PaymentIntent = Stripe.PaymentIntent & {
  status: Known<Stripe.PaymentIntent.Status>;
};

export type Customer = Stripe.Customer;

/** A line of a customer's balance ledger (`customer_balance_transaction`). */
export type BalanceTransaction = Stripe.CustomerBalanceTransaction & {
  customer: string;
  invoice: string | null;
  credit_note: string | null;
  type: Known<Stripe.CustomerBalanceTransaction.Type>;
};

/** A credit note of one of the sandbox's invoices. */
export type CreditNote = Stripe.CreditNote & {
  customer: string;
  invoice: string;
  customer_balance_transaction: string | null;
  lines: Stripe.ApiList<Stripe.CreditNoteLineItem>;
  metadata: Stripe.Metadata;
  status: Known<Stripe.CreditNote.Status>;
  type: Known<Stripe.CreditNote.Type>;
};

/** A coupon: an amount or a percentage off, applied to Checkout Sessions by `discounts`. */
export type Coupon = Stripe.Coupon & {
  metadata: Stripe.Metadata;
  duration: Known<Stripe.Coupon.Duration>;
};

export type Product = Stripe.Product;

/** A shipping rate: a fixed amount in one currency, offered by Checkout Sessions. */
export type ShippingRate = Stripe.ShippingRate & {
  display_name: string;
  fixed_amount: Stripe.ShippingRate.FixedAmount;
  metadata: Stripe.Metadata;
  tax_code: string | null;
};

/** A recurring price's billing interval, e.g. every 2 weeks. */
export interface BillingInterval {
  interval: Known<Stripe.Price.Recurring.Interval>;
  interval_count: number;
}

export type SubscriptionStatus = Known<Stripe.Subscription.Status>;

export type SubscriptionItem = Stripe.SubscriptionItem & {
  price: Price;
  quantity: number;
};

export type Subscription = Omit<Stripe.Subscription, 'items'> & {
  customer: string;
  currency: string;
  default_payment_method: string | null;
  items: Stripe.ApiList<SubscriptionItem>;
  latest_invoice: string | null;
  metadata: Stripe.Metadata;
  status: SubscriptionStatus;
  test_clock: string | null;
};

export type InvoiceStatus = Known<Stripe.Invoice.Status>;

export type InvoiceLine = Stripe.InvoiceLineItem & {
  quantity: number;
  period: Stripe.InvoiceLineItem.Period;
};

export type Invoice = Omit<Stripe.Invoice, 'lines'> & {
  billing_reason: Known<Stripe.Invoice.BillingReason>;
  collection_method: Known<Stripe.Invoice.CollectionMethod>;
  customer: string;
  lines: Stripe.ApiList<InvoiceLine>;
  metadata: Stripe.Metadata;
  status: InvoiceStatus;
};

/**
 * An invoice item: a one-off line of a customer, pending until an invoice takes it, or made on a
 * draft invoice (`invoice`).
 */
export type InvoiceItem = Stripe.InvoiceItem & {
  customer: string;
  invoice: string | null;
  metadata: Stripe.Metadata;
};

/**
 * A payment toward an invoice: the invoice's one default payment, made at its first payment
 * attempt and paid by a payment intent (`open` while the attempts are declined).
 */
export type InvoicePayment = Stripe.InvoicePayment & {
  invoice: string;
  amount_requested: number;
  currency: string;
  payment: Stripe.InvoicePayment.Payment & { type: 'payment_intent'; payment_intent: string };
  status: Known<Stripe.InvoicePaymentListParams.Status>;
};

export type TestClock = Stripe.TestHelpers.TestClock & {
  status: Known<Stripe.TestHelpers.TestClock.Status>;
};

/**
 * A charge. It lists its refunds (newest first) in every response and event, as API versions
 * before 2022-11-15 did; the pinned version lists them only with `expand[]=refunds`. Kept because
 * the portal's tests find a refund's id in the `charge.refunded` body (see README).
 */
export type Charge = Stripe.Charge & {
  payment_intent: string;
  refunds: Stripe.ApiList<Stripe.Refund>;
};

export type Refund = Stripe.Refund & {
  charge: string;
  payment_intent: string;
  status: string;
};

/** A dispute of one of the sandbox's charges. */
export type Dispute = Stripe.Dispute & {
  charge: string;
  payment_intent: string | null;
  evidence_details: Stripe.Dispute.EvidenceDetails & { due_by: number };
  status: Known<Stripe.Dispute.Status>;
  reason: string;
};

/** The events the sandbox sends. */
export type StripeEvent =
  | Stripe.CheckoutSessionCompletedEvent
  | Stripe.CheckoutSessionExpiredEvent
  | Stripe.CheckoutSessionAsyncPaymentSucceededEvent
  | Stripe.CheckoutSessionAsyncPaymentFailedEvent
  | Stripe.ChargeRefundedEvent
  | Stripe.RefundCreatedEvent
  | Stripe.ChargeDisputeCreatedEvent
  | Stripe.ChargeDisputeFundsWithdrawnEvent
  | Stripe.ChargeDisputeUpdatedEvent
  | Stripe.ChargeDisputeClosedEvent
  | Stripe.ChargeDisputeFundsReinstatedEvent
  | Stripe.CustomerSubscriptionCreatedEvent
  | Stripe.CustomerSubscriptionUpdatedEvent
  | Stripe.CustomerSubscriptionDeletedEvent
  | Stripe.InvoiceCreatedEvent
  | Stripe.InvoiceFinalizedEvent
  | Stripe.InvoicePaidEvent
  | Stripe.InvoicePaymentFailedEvent
  | Stripe.InvoiceVoidedEvent
  | Stripe.InvoiceUpdatedEvent
  | Stripe.InvoiceDeletedEvent
  | Stripe.InvoiceSentEvent
  | Stripe.InvoiceMarkedUncollectibleEvent
  | Stripe.InvoiceWillBeDueEvent
  | Stripe.InvoiceOverdueEvent
  | Stripe.TestHelpersTestClockReadyEvent
  | Stripe.CreditNoteCreatedEvent
  | Stripe.CreditNoteUpdatedEvent
  | Stripe.CreditNoteVoidedEvent;

/** What each event type carries in `data.object`. */
export type EventObject<T extends StripeEvent['type']> = Extract<
  StripeEvent,
  { type: T }
>['data']['object'];

/** The fields an update changed, with their values before it (`data.previous_attributes`). */
export type PreviousAttributes<T extends StripeEvent['type']> = Partial<EventObject<T>>;

/** What the hosted page shows for a line besides the Stripe fields. */
export interface ProductInfo {
  name: string;
  description: string | null;
  images: string[];
}

/** A ship-to as Checkout collects it (`collected_information.shipping_details`). */
export interface CollectedShipping {
  name: string;
  address: Stripe.Address;
}

/** What the buyer gave: the ship-to and the phone, each null when the session did not ask. */
export interface CollectedDetails {
  shipping: CollectedShipping | null;
  phone: string | null;
}

/** A session's `customer_update`: true for each field set to `auto`. */
export interface CustomerUpdate {
  /** The ship-to typed, onto `customer.shipping`. */
  shipping: boolean;
  /** The address typed, onto `customer.address`. */
  address: boolean;
  /** The name typed, onto `customer.name`. */
  name: boolean;
}

export interface DeliveryRecord {
  eventId: string;
  type: StripeEvent['type'];
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** HTTP status answered by the endpoint, or null on a network error or timeout. */
  status: number | null;
  ok: boolean;
  error?: string;
  /** Milliseconds since the epoch when the attempt finished. */
  at: number;
}
