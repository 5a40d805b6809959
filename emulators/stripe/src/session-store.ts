import type { CreateSessionInput } from './create-session-params.js';
import { newId } from './ids.js';
import type {
  CheckoutSession,
  LineItem,
  PaymentIntent,
  ProductInfo,
  SessionStatus,
} from './types.js';

export interface StoredSession {
  session: CheckoutSession;
  lines: LineItem[];
  products: ProductInfo[];
  paymentIntentMetadata: Record<string, string>;
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
  /** Called once when an open session passes its `expires_at` or is expired through the API. */
  onExpired: (session: CheckoutSession) => void;
}

/** In-memory Checkout Sessions, their line items and the payment intents created on Pay. */
export class SessionStore {
  private readonly sessions = new Map<string, StoredSession>();
  private readonly paymentIntents = new Map<string, PaymentIntent>();

  constructor(private readonly options: SessionStoreOptions) {}

  private nowSeconds(): number {
    return Math.floor(this.options.now() / 1000);
  }

  create(input: CreateSessionInput): StoredSession {
    const { created } = input;
    const id = newId('cs_test', 58);
    const lines = input.lines.map((line): LineItem => {
      const amount = line.unitAmount * line.quantity;
      return {
        id: newId('li', 24),
        object: 'item',
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency: line.currency,
        description: line.product.name,
        price: {
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
          unit_amount_decimal: String(line.unitAmount),
        },
        quantity: line.quantity,
      };
    });
    const total = lines.reduce((sum, line) => sum + line.amount_total, 0);
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: total,
      amount_total: total,
      automatic_tax: { enabled: false, liability: null, status: null },
      billing_address_collection: null,
      cancel_url: input.cancelUrl,
      client_reference_id: input.clientReferenceId,
      created,
      currency: input.currency,
      customer: null,
      customer_creation: 'if_required',
      customer_details: null,
      customer_email: input.customerEmail,
      expires_at: input.expiresAt,
      invoice: null,
      livemode: false,
      locale: null,
      metadata: input.metadata,
      mode: 'payment',
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'if_required',
      payment_method_types: input.paymentMethodTypes,
      payment_status: 'unpaid',
      recovered_from: null,
      setup_intent: null,
      shipping_address_collection: null,
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: input.successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${this.options.publicUrl()}/checkout/${id}`,
    };
    const stored: StoredSession = {
      session,
      lines,
      products: input.lines.map((line) => line.product),
      paymentIntentMetadata: input.paymentIntentMetadata,
    };
    this.sessions.set(id, stored);
    return stored;
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
    const all = [...this.sessions.keys()]
      .reverse()
      .map((id) => (this.get(id) as StoredSession).session);
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

  /** Marks an open session paid; returns false when it is not open (already paid or expired). */
  complete(stored: StoredSession): boolean {
    const session = stored.session;
    if (session.status !== 'open') return false;
    const paymentIntent: PaymentIntent = {
      id: newId('pi', 24),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: session.amount_total,
      created: this.nowSeconds(),
      currency: session.currency,
      livemode: false,
      metadata: stored.paymentIntentMetadata,
      payment_method_types: session.payment_method_types,
      status: 'succeeded',
    };
    this.paymentIntents.set(paymentIntent.id, paymentIntent);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = paymentIntent.id;
    session.url = null;
    session.customer_details = {
      address: null,
      email: session.customer_email,
      name: null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
    return true;
  }

  paymentIntent(id: string): PaymentIntent | undefined {
    return this.paymentIntents.get(id);
  }

  clear(): void {
    this.sessions.clear();
    this.paymentIntents.clear();
  }

  private markExpired(stored: StoredSession): void {
    stored.session.status = 'expired';
    stored.session.url = null;
    this.options.onExpired(stored.session);
  }
}
