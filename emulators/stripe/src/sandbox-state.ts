import { validateCheckoutForm } from './checkout-form.js';
import { CustomerStore } from './customer-store.js';
import { buildEvent } from './events.js';
import { IdempotencyStore } from './idempotency.js';
import { Ledger } from './ledger.js';
import { SessionStore, type StoredSession } from './session-store.js';
import type { ShippingErrors, ShippingForm } from './shipping-details.js';
import type { Charge, EventObject, Refund, StripeEvent } from './types.js';
import { WebhookDispatcher, type RetryPolicy } from './webhook-dispatcher.js';

export interface SandboxStateOptions {
  apiKey: string;
  webhookUrl: string | undefined;
  webhookSecret: string;
  retry: RetryPolicy;
  webhookTimeoutMs: number;
  now: () => number;
  log: (line: string) => void;
  publicUrl: () => string;
}

export type PayOutcome =
  | { outcome: 'paid'; stored: StoredSession; delayed: boolean }
  | { outcome: 'already-paid'; stored: StoredSession }
  | { outcome: 'expired'; stored: StoredSession }
  /** The ship-to or phone typed is not acceptable: nothing was paid. */
  | { outcome: 'invalid'; stored: StoredSession; errors: ShippingErrors }
  | { outcome: 'missing' };

/** What the buyer submits on the hosted page: the form's fields and the payment method. */
export interface PayInput {
  form?: Partial<ShippingForm>;
  delayed?: boolean;
}

export type SettleOutcome =
  | { outcome: 'settled'; stored: StoredSession }
  | { outcome: 'not-awaiting'; stored: StoredSession }
  | { outcome: 'missing' };

/** Everything the sandbox holds, shared by the API, the hosted page and the programmatic handle. */
export class SandboxState {
  readonly store: SessionStore;
  readonly customers: CustomerStore;
  readonly ledger: Ledger;
  readonly idempotency: IdempotencyStore;
  readonly webhooks: WebhookDispatcher;
  private webhookUrl: string | undefined;

  constructor(readonly options: SandboxStateOptions) {
    this.webhookUrl = options.webhookUrl;
    this.store = new SessionStore({
      now: options.now,
      publicUrl: options.publicUrl,
      onExpired: (session) => {
        void this.emit('checkout.session.expired', session);
      },
    });
    this.customers = new CustomerStore(options.now);
    this.ledger = new Ledger(options.now);
    this.idempotency = new IdempotencyStore(options.now);
    this.webhooks = new WebhookDispatcher({
      url: () => this.webhookUrl,
      secret: options.webhookSecret,
      retry: options.retry,
      now: options.now,
      log: options.log,
      timeoutMs: options.webhookTimeoutMs,
    });
  }

  setWebhookUrl(url: string | undefined): void {
    this.webhookUrl = url;
  }

  /**
   * Pays an open session with what the buyer entered: checks the ship-to and phone the session
   * asks for, marks it complete (paid by card, or unpaid with a delayed method) with a new payment
   * intent and, when paid, its charge; saves the ship-to on the customer when the session says
   * so; then delivers `checkout.session.completed` (first attempt awaited, retries later).
   */
  async pay(sessionId: string, input: PayInput = {}): Promise<PayOutcome> {
    const stored = this.store.get(sessionId);
    if (!stored) return { outcome: 'missing' };
    const { session } = stored;
    if (session.status === 'expired') return { outcome: 'expired', stored };
    if (session.status !== 'open') return { outcome: 'already-paid', stored };
    const checked = validateCheckoutForm(input.form ?? {}, {
      allowedCountries: session.shipping_address_collection?.allowed_countries ?? null,
      phoneRequired: session.phone_number_collection?.enabled === true,
    });
    if (!checked.ok) return { outcome: 'invalid', stored, errors: checked.errors };
    const { details } = checked;
    const customer = session.customer ? this.customers.get(String(session.customer)) : undefined;
    const delayed = input.delayed === true;
    const paymentIntent = this.store.complete(stored, {
      details,
      delayed,
      customerEmail: customer?.email ?? null,
    });
    if (!paymentIntent) return { outcome: 'already-paid', stored };
    if (!delayed) this.ledger.charge(paymentIntent, session.customer_details);
    if (customer) this.customers.saveFromCheckout(customer.id, details, stored.customerUpdate);
    this.options.log(
      `${delayed ? 'completed (payment processing)' : 'paid'} ${sessionId} (${session.amount_total} ${session.currency})`,
    );
    await this.emit('checkout.session.completed', session);
    return { outcome: 'paid', stored, delayed };
  }

  /** Settles a delayed payment: async_payment_succeeded (with its charge) or _failed. */
  async settle(sessionId: string, outcome: 'succeeded' | 'failed'): Promise<SettleOutcome> {
    const stored = this.store.get(sessionId);
    if (!stored) return { outcome: 'missing' };
    const paymentIntent = this.store.settle(stored, outcome);
    if (!paymentIntent) return { outcome: 'not-awaiting', stored };
    if (outcome === 'succeeded') this.ledger.charge(paymentIntent, stored.session.customer_details);
    this.options.log(`delayed payment ${outcome} for ${sessionId}`);
    await this.emit(
      outcome === 'succeeded'
        ? 'checkout.session.async_payment_succeeded'
        : 'checkout.session.async_payment_failed',
      stored.session,
    );
    return { outcome: 'settled', stored };
  }

  /**
   * Announces a refund as Stripe does: refund.created, then charge.refunded, delivered in the
   * background (`whenWebhooksIdle` waits for both). Both events are built now, so each shows the
   * refund and the charge as this refund left them, whatever happens before they are sent.
   */
  announceRefund(refund: Refund, charge: Charge): void {
    void this.webhooks.dispatch(
      this.event('refund.created', refund),
      this.event('charge.refunded', charge),
    );
  }

  /** Sends one event now; resolves after its first delivery attempt. */
  emit<T extends StripeEvent['type']>(type: T, object: EventObject<T>): Promise<void> {
    return this.webhooks.dispatch(this.event(type, object));
  }

  /** An event with a snapshot of `object` as it is now. */
  private event<T extends StripeEvent['type']>(type: T, object: EventObject<T>): StripeEvent {
    return buildEvent(type, object, this.options.now(), this.webhookUrl ? 1 : 0);
  }

  reset(): void {
    this.store.clear();
    this.customers.clear();
    this.ledger.clear();
    this.idempotency.clear();
    this.webhooks.reset();
  }
}
