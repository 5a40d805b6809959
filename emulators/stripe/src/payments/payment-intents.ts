import type Stripe from 'stripe';
import { newId } from '../core/ids.js';
import type { PaymentIntent } from '../core/types.js';

/** What differs between the payment intents the sandbox makes (Checkout's and invoices'). */
export interface PaymentIntentInput {
  amount: number;
  currency: string;
  customer: string | null;
  /** Seconds (the clock's time for a customer on a test clock). */
  created: number;
  /** `succeeded` (received in full), `processing` or `requires_payment_method` (nothing yet). */
  status: PaymentIntent['status'];
  metadata: Stripe.Metadata;
  description: string | null;
  allowedPaymentMethodTypes: PaymentIntent['allowed_payment_method_types'];
  paymentMethodTypes: string[];
  paymentMethod: string | null;
  shipping: Stripe.PaymentIntent.Shipping | null;
}

/**
 * A payment intent as the pinned API version shapes it; its `latest_charge` is set when the
 * ledger makes the charge (ledger.ts).
 */
export function buildPaymentIntent(input: PaymentIntentInput): PaymentIntent {
  return {
    id: newId('pi', 24),
    object: 'payment_intent',
    allowed_payment_method_types: input.allowedPaymentMethodTypes,
    amount: input.amount,
    amount_capturable: 0,
    amount_received: input.status === 'succeeded' ? input.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: null,
    confirmation_method: 'automatic',
    created: input.created,
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: input.paymentMethodTypes,
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: input.shipping,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: input.status,
    transfer_group: null,
  };
}

/** Every payment intent the sandbox made: of one-time Checkout payments and of invoices. */
export class PaymentIntentStore {
  private readonly intents = new Map<string, PaymentIntent>();

  add(paymentIntent: PaymentIntent): PaymentIntent {
    this.intents.set(paymentIntent.id, paymentIntent);
    return paymentIntent;
  }

  get(id: string): PaymentIntent | undefined {
    return this.intents.get(id);
  }

  clear(): void {
    this.intents.clear();
  }
}
