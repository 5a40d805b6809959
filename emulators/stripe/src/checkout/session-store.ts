import Stripe from 'stripe';
import type { CreateSessionInput, SubscriptionData } from './create-session-params.js';
import { newId } from '../core/ids.js';
import { buildPaymentIntent, type PaymentIntentStore } from '../payments/payment-intents.js';
import { discountAmounts } from './session-discount.js';
import {
  chosenShippingRate,
  refreshAmountTotal,
  shippingCostOf,
  shippingOptionsOf,
} from './session-shipping.js';
import type {
  CheckoutSession,
  Coupon,
  CollectedDetails,
  CustomerUpdate,
  LineItem,
  PaymentIntent,
  ProductInfo,
  SessionStatus,
  ShippingRate,
} from '../core/types.js';

export interface StoredSession {
  session: CheckoutSession;
  lines: LineItem[];
  products: ProductInfo[];
  paymentIntentMetadata: Stripe.Metadata;
  /** `subscription_data` of a subscription-mode session. */
  subscriptionData: SubscriptionData | null;
  /** What Checkout saves on the session's customer once paid (`customer_update[...]=auto`). */
  customerUpdate: CustomerUpdate;
  /** Paid by a delayed method: complete, its payment still to settle (once). */
  awaitingSettlement: boolean;
  /** The coupon of `discounts`, as it was when the session was made (its name is shown). */
  coupon: Coupon | null;
  /** Each line's tax code (null for the preset), in line order. */
  lineTaxCodes: (string | null)[];
  /** The rates of `shipping_options`, in order, as they were when the session was made. */
  shippingRates: ShippingRate[];
}

/** What became of a paid subscription-mode session. */
export interface SubscriptionCompletion {
  details: CollectedDetails;
  /** The session's customer: the one it named, or the one Checkout created. */
  customer: string;
  customerEmail: string | null;
  subscription: string;
  invoice: string;
}

/** How the buyer paid on the hosted page (or through `sandbox.pay`). */
export interface PaymentDetails {
  /** The ship-to and phone the session asked for. */
  details: CollectedDetails;
  /** A delayed method (bank transfer): the session completes unpaid and settles later. */
  delayed: boolean;
  /** The customer's email, when the session has a customer. */
  customerEmail: string | null;
}

export interface SessionFilter {
  paymentIntent?: string;
  status?: SessionStatus;
}

export interface SessionStoreOptions {
  /** Milliseconds since the epoch. */
  now: () => number;
  /** Base of the hosted page links, without a trailing slash. */
  publicUrl: () => string;
  /** Where the payment intents made on Pay are kept (shared with invoices' payments). */
  paymentIntents: PaymentIntentStore;
  /** Called once when an open session passes its `expires_at` or is expired through the API. */
  onExpired: (session: CheckoutSession) => void;
}

/** The payment method types a session offers when the request names none. */
const DEFAULT_PAYMENT_METHOD_TYPES = ['card'];

/**
 * A line item: of a saved price (`line_items[i][price]`), or with the one-time price Stripe makes
 * from `price_data`.
 */
function lineItem(line: CreateSessionInput['lines'][number], created: number): LineItem {
  const amount = line.unitAmount * line.quantity;
  return {
    id: newId('li', 24),
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: line.currency,
    description: line.product.name,
    metadata: {},
    price: line.price ?? {
      id: newId('price', 24),
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created,
      currency: line.currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: newId('prod', 14),
      recurring: null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'one_time',
      unit_amount: line.unitAmount,
      unit_amount_decimal: Stripe.Decimal.from(line.unitAmount),
    },
    quantity: line.quantity,
  };
}

/** In-memory Checkout Sessions and their line items; Pay makes their payment intents. */
export class SessionStore {
  private readonly sessions = new Map<string, StoredSession>();

  constructor(private readonly options: SessionStoreOptions) {}

  private nowSeconds(): number {
    return Math.floor(this.options.now() / 1000);
  }

  /**
   * A new open session; `coupon` (checked by the caller) is taken off its lines; `shippingRates`
   * are the rates of its `shipping_options` (made or looked up by the caller), the first chosen.
   */
  create(
    input: CreateSessionInput,
    coupon: Coupon | null = null,
    shippingRates: ReadonlyArray<ShippingRate> = [],
  ): StoredSession {
    const { created } = input;
    const id = newId('cs_test', 58);
    const lines = input.lines.map((line) => lineItem(line, created));
    const subtotal = lines.reduce((sum, line) => sum + line.amount_subtotal, 0);
    if (coupon) {
      const discounts = discountAmounts(
        lines.map((line) => line.amount_subtotal),
        coupon,
      );
      lines.forEach((line, index) => {
        line.amount_discount = discounts[index] ?? 0;
        line.amount_total = line.amount_subtotal - line.amount_discount;
      });
    }
    const discount = lines.reduce((sum, line) => sum + line.amount_discount, 0);
    const firstRate = shippingRates[0];
    const shipping = firstRate?.fixed_amount.amount ?? 0;
    const subscription = input.mode === 'subscription';
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      adaptive_pricing: null,
      after_expiration: null,
      allow_promotion_codes: null,
      allowed_payment_method_types: input.allowedPaymentMethodTypes,
      amount_subtotal: subtotal,
      amount_total: subtotal - discount + shipping,
      automatic_tax: input.automaticTax
        ? { enabled: true, liability: { type: 'self' }, provider: 'stripe', status: null }
        : { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: input.cancelUrl,
      client_reference_id: input.clientReferenceId,
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created,
      currency: input.currency,
      currency_conversion: null,
      custom_fields: [],
      custom_text: {
        after_submit: null,
        shipping_address: null,
        submit: null,
        terms_of_service_acceptance: null,
      },
      customer: input.customer,
      customer_account: null,
      customer_creation: input.customer || subscription ? null : 'if_required',
      customer_details: null,
      customer_email: input.customerEmail,
      discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
      expires_at: input.expiresAt,
      integration_identifier: null,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: null,
      managed_payments: null,
      metadata: input.metadata,
      mode: input.mode,
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: subscription ? 'always' : 'if_required',
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: input.allowedPaymentMethodTypes ?? DEFAULT_PAYMENT_METHOD_TYPES,
      payment_status: 'unpaid',
      permissions: null,
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: input.allowedCountries
        ? {
            allowed_countries:
              input.allowedCountries as Stripe.Checkout.Session.ShippingAddressCollection.AllowedCountry[],
          }
        : null,
      phone_number_collection: { enabled: input.phoneRequired },
      shipping_cost: firstRate ? shippingCostOf(firstRate) : null,
      shipping_options: shippingOptionsOf(shippingRates),
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: input.successUrl,
      total_details: { amount_discount: discount, amount_shipping: shipping, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: `${this.options.publicUrl()}/checkout/${id}`,
      wallet_options: null,
    };
    const stored: StoredSession = {
      session,
      lines,
      products: input.lines.map((line) => line.product),
      paymentIntentMetadata: input.paymentIntentMetadata,
      subscriptionData: input.subscriptionData,
      customerUpdate: input.customerUpdate,
      awaitingSettlement: false,
      coupon: coupon ? structuredClone(coupon) : null,
      lineTaxCodes: input.lines.map((line) => line.taxCode),
      shippingRates: shippingRates.map((rate) => structuredClone(rate)),
    };
    this.sessions.set(id, stored);
    return stored;
  }

  /**
   * Chooses one of an open session's shipping options (its rate's id), as the buyer does on the
   * hosted page: `shipping_cost` and `total_details.amount_shipping` become that rate's, without
   * tax until the session's tax is recomputed. Returns false (nothing changed) for an id that is
   * not one of its options.
   */
  chooseShipping(stored: StoredSession, rateId: string): boolean {
    const rate = stored.shippingRates.find((candidate) => candidate.id === rateId);
    if (!rate) return false;
    const { session } = stored;
    if (chosenShippingRate(session, stored.shippingRates)?.id === rate.id) return true;
    const previousTax = session.shipping_cost?.amount_tax ?? 0;
    session.shipping_cost = shippingCostOf(rate);
    if (session.total_details) {
      session.total_details.amount_shipping = rate.fixed_amount.amount;
      session.total_details.amount_tax -= previousTax;
    }
    refreshAmountTotal(session);
    return true;
  }

  /** The session, after moving it to `expired` if its `expires_at` has passed. */
  get(id: string): StoredSession | undefined {
    const stored = this.sessions.get(id);
    if (
      stored &&
      stored.session.status === 'open' &&
      this.nowSeconds() >= stored.session.expires_at
    ) {
      this.markExpired(stored);
    }
    return stored;
  }

  /** Newest first, like Stripe's list endpoints. */
  list(filter: SessionFilter): CheckoutSession[] {
    const all = [...this.sessions.keys()].reverse().flatMap((id) => {
      const stored = this.get(id);
      return stored ? [stored.session] : [];
    });
    return all.filter(
      (session) =>
        (filter.paymentIntent === undefined || session.payment_intent === filter.paymentIntent) &&
        (filter.status === undefined || session.status === filter.status),
    );
  }

  /** Expires an open session; returns false when it is not open. */
  expire(stored: StoredSession): boolean {
    if (stored.session.status !== 'open') return false;
    this.markExpired(stored);
    return true;
  }

  /**
   * Completes an open payment-mode session with what the buyer entered: paid by card, or
   * (delayed) unpaid with its payment processing; a session with nothing to pay (a discount took
   * it all) completes with `payment_status: no_payment_required` and no payment intent. Returns
   * the new payment intent (null for nothing to pay), or false when the session is not open
   * (already paid or expired).
   */
  complete(stored: StoredSession, payment: PaymentDetails): PaymentIntent | null | false {
    const session = stored.session;
    if (session.status !== 'open') return false;
    if (session.amount_total === 0) {
      this.markComplete(stored, payment.details, payment.customerEmail);
      session.payment_status = 'no_payment_required';
      return null;
    }
    const { delayed } = payment;
    const { shipping, phone } = payment.details;
    const created = this.nowSeconds();
    const paymentIntent = this.options.paymentIntents.add(
      buildPaymentIntent({
        amount: session.amount_total,
        currency: session.currency,
        customer: typeof session.customer === 'string' ? session.customer : null,
        created,
        status: delayed ? 'processing' : 'succeeded',
        metadata: stored.paymentIntentMetadata,
        description: null,
        allowedPaymentMethodTypes: session.allowed_payment_method_types,
        paymentMethodTypes: session.payment_method_types,
        paymentMethod: null,
        shipping: shipping ? { address: shipping.address, name: shipping.name, phone } : null,
      }),
    );
    this.markComplete(stored, payment.details, payment.customerEmail);
    session.payment_status = delayed ? 'unpaid' : 'paid';
    session.payment_intent = paymentIntent.id;
    stored.awaitingSettlement = delayed;
    return paymentIntent;
  }

  /**
   * Completes an open subscription-mode session: paid, with its customer, subscription and first
   * invoice, and no payment intent of its own (the first invoice's payment has it, as at Stripe).
   * Returns false when the session is not open.
   */
  completeSubscription(stored: StoredSession, completion: SubscriptionCompletion): boolean {
    const session = stored.session;
    if (session.status !== 'open') return false;
    session.customer = completion.customer;
    this.markComplete(stored, completion.details, completion.customerEmail);
    session.payment_status = 'paid';
    session.subscription = completion.subscription;
    session.invoice = completion.invoice;
    return true;
  }

  /** Complete, with what the buyer typed in `customer_details` and `collected_information`. */
  private markComplete(
    stored: StoredSession,
    details: CollectedDetails,
    customerEmail: string | null,
  ): void {
    const session = stored.session;
    const { shipping, phone } = details;
    session.status = 'complete';
    session.url = null;
    session.customer_details = {
      address: shipping?.address ?? null,
      business_name: null,
      email: session.customer_email ?? customerEmail,
      individual_name: null,
      name: shipping?.name ?? null,
      phone,
      tax_exempt: 'none',
      tax_ids: [],
    };
    session.collected_information = shipping
      ? {
          business_name: null,
          individual_name: null,
          shipping_details: { name: shipping.name, address: shipping.address },
        }
      : null;
  }

  /**
   * Settles a delayed payment once: succeeded marks the session paid and the payment intent
   * succeeded; failed leaves the session unpaid and the intent waiting for a payment method.
   * Returns the payment intent, or null when the session has no payment awaiting settlement.
   */
  settle(stored: StoredSession, outcome: 'succeeded' | 'failed'): PaymentIntent | null {
    const { session } = stored;
    const paymentIntent = session.payment_intent
      ? this.options.paymentIntents.get(session.payment_intent)
      : undefined;
    if (!stored.awaitingSettlement || !paymentIntent) return null;
    stored.awaitingSettlement = false;
    if (outcome === 'succeeded') {
      session.payment_status = 'paid';
      paymentIntent.status = 'succeeded';
      paymentIntent.amount_received = paymentIntent.amount;
    } else {
      paymentIntent.status = 'requires_payment_method';
    }
    return paymentIntent;
  }

  clear(): void {
    this.sessions.clear();
  }

  private markExpired(stored: StoredSession): void {
    stored.session.status = 'expired';
    stored.session.url = null;
    this.options.onExpired(stored.session);
  }
}
