import { validateCheckoutForm } from '../checkout/checkout-form.js';
import { runClockAdvance } from '../billing/clock-advance.js';
import { CustomerBalanceStore } from '../customers/balance-transactions.js';
import { CustomerStore } from '../customers/customer-store.js';
import { DisputeStore, type DisputeEventType, type DisputeReason } from '../payments/disputes.js';
import { buildEvent } from '../webhooks/events.js';
import { IdempotencyStore } from './idempotency.js';
import { CouponStore } from '../billing/coupon-store.js';
import { CreditNoteStore } from '../billing/credit-notes.js';
import { InvoicePaymentStore } from '../billing/invoice-payment-store.js';
import { InvoiceStore } from '../billing/invoice-store.js';
import { InvoiceItemStore } from '../billing/invoice-item-store.js';
import {
  acceptsMethod,
  assertPayable,
  chargeManualInvoice,
  isManual,
  payByBankAccount,
  settleInvoiceBankPayment,
  type InvoiceUrls,
} from '../billing/manual-invoices.js';
import { StripeApiError } from '../core/stripe-error.js';
import { Ledger } from '../payments/ledger.js';
import { PaymentIntentStore } from '../payments/payment-intents.js';
import { PaymentMethodStore } from '../payments/payment-methods.js';
import { PriceStore } from '../billing/price-store.js';
import { ShippingRateStore } from '../billing/shipping-rate-store.js';
import { SessionStore, type StoredSession } from '../checkout/session-store.js';
import type { CheckoutErrors } from '../checkout/checkout-form.js';
import type { ShippingForm } from '../checkout/shipping-details.js';
import { invoiceShipping, startSubscription } from '../billing/subscription-billing.js';
import { SubscriptionStore } from '../billing/subscription-store.js';
import { TestClockStore } from '../billing/test-clocks.js';
import { TaxRateStore } from '../billing/tax/tax-rate-store.js';
import { TaxCalculationStore } from '../billing/tax/calculation-store.js';
import { exemptionOf } from '../billing/tax/tax-amounts.js';
import { applySessionTax } from '../checkout/session-tax.js';
import type {
  Charge,
  CollectedDetails,
  Customer,
  Dispute,
  EventObject,
  Invoice,
  PreviousAttributes,
  Refund,
  StripeEvent,
  TestClock,
} from '../core/types.js';
import { WebhookDispatcher, type RetryPolicy } from '../webhooks/webhook-dispatcher.js';

export interface SandboxStateOptions {
  apiKey: string;
  webhookUrl: string | undefined;
  webhookSecret: string;
  retry: RetryPolicy;
  webhookTimeoutMs: number;
  now: () => number;
  log: (line: string) => void;
  publicUrl: () => string;
  /** Days before an open invoice's due date when a clock advance sends `invoice.will_be_due`. */
  willBeDueDays: number;
  /** Days after an open invoice's due date when a clock advance sends `invoice.overdue`. */
  overdueDays: number;
}

export type PayOutcome =
  | { outcome: 'paid'; stored: StoredSession; delayed: boolean }
  | { outcome: 'already-paid'; stored: StoredSession }
  | { outcome: 'expired'; stored: StoredSession }
  /** The ship-to, phone or shipping option is not acceptable: nothing was paid. */
  | { outcome: 'invalid'; stored: StoredSession; errors: CheckoutErrors }
  /** A delayed method chosen for a subscription session, which offers card only. */
  | { outcome: 'method-unavailable'; stored: StoredSession }
  | { outcome: 'missing' };

/**
 * The order of a subscription checkout's events: `session-first` (default) sends
 * customer.subscription.created, checkout.session.completed, invoice.created, invoice.finalized,
 * invoice.paid; `invoice-first` sends the invoice's three before checkout.session.completed.
 */
export type SubscriptionEventOrder = 'session-first' | 'invoice-first';

/** What the buyer submits on the hosted page: the form's fields and the payment method. */
export interface PayInput {
  form?: Partial<ShippingForm>;
  /** The shipping option chosen (a rate id of the session's `shipping_options`); default: as is. */
  shippingRate?: string;
  delayed?: boolean;
  subscriptionEvents?: SubscriptionEventOrder;
}

/** What paying an invoice on its hosted page came to. */
export type InvoicePayOutcome =
  | { outcome: 'paid'; invoice: Invoice }
  | { outcome: 'processing'; invoice: Invoice }
  /** Paid, void, a draft, or with a bank debit processing: nothing was charged. */
  | { outcome: 'not-payable'; invoice: Invoice }
  /** A method the invoice does not take (its `payment_settings.payment_method_types`). */
  | { outcome: 'method-unavailable'; invoice: Invoice }
  | { outcome: 'missing' };

export type InvoiceSettleOutcome =
  | { outcome: 'settled'; invoice: Invoice }
  | { outcome: 'not-awaiting'; invoice: Invoice }
  | { outcome: 'missing' };

export type SettleOutcome =
  | { outcome: 'settled'; stored: StoredSession }
  | { outcome: 'not-awaiting'; stored: StoredSession }
  | { outcome: 'missing' };

/**
 * The message for a shipping option picked that is not one of the session's (a tampered form);
 * null when none is picked (the chosen one stays) or it is one of them.
 */
function shippingChoiceError(
  stored: StoredSession,
  rateId: string | undefined,
): CheckoutErrors | null {
  if (rateId === undefined || rateId === '') return null;
  return stored.shippingRates.some((rate) => rate.id === rateId)
    ? null
    : { shipping_rate: 'Choose one of the shipping options offered.' };
}

/** Everything the sandbox holds, shared by the API, the hosted page and the programmatic handle. */
export class SandboxState {
  /** Payment intents of one-time Checkout payments and of invoices. */
  readonly paymentIntents = new PaymentIntentStore();
  readonly store: SessionStore;
  readonly customers: CustomerStore;
  /** Each customer's balance ledger (`customer.balance`), applied to invoices on finalization. */
  readonly customerBalance = new CustomerBalanceStore();
  readonly ledger: Ledger;
  readonly disputes: DisputeStore;
  readonly idempotency: IdempotencyStore;
  readonly webhooks: WebhookDispatcher;
  readonly prices: PriceStore;
  /** Shipping rates: `POST /v1/shipping_rates` and sessions' `shipping_rate_data`. */
  readonly shippingRates: ShippingRateStore;
  readonly subscriptions = new SubscriptionStore();
  readonly invoices = new InvoiceStore();
  readonly invoicePayments = new InvoicePaymentStore();
  readonly invoiceItems = new InvoiceItemStore();
  readonly creditNotes = new CreditNoteStore();
  /** Coupons, taken off Checkout Sessions by `discounts`. */
  readonly coupons: CouponStore;
  readonly clocks: TestClockStore;
  readonly paymentMethods = new PaymentMethodStore();
  /** The tax rates of the sandbox's stand-in for Stripe Tax (one per jurisdiction). */
  readonly taxRates: TaxRateStore;
  /** `POST /v1/tax/calculations` of the stand-in for Stripe Tax. */
  readonly taxCalculations: TaxCalculationStore;
  /** Bumped by reset(): work started before it (a clock advance, queued events) is dropped. */
  generation = 0;
  private webhookUrl: string | undefined;
  /** The last delivery queued: events go out one after the other, in the order they were sent. */
  private tail: Promise<void> = Promise.resolve();
  /** Events sent whose first delivery attempt has not finished. */
  private unsent = 0;

  constructor(readonly options: SandboxStateOptions) {
    this.webhookUrl = options.webhookUrl;
    this.store = new SessionStore({
      now: options.now,
      publicUrl: options.publicUrl,
      paymentIntents: this.paymentIntents,
      onExpired: (session) => {
        void this.emit('checkout.session.expired', session);
      },
    });
    this.customers = new CustomerStore(options.now);
    this.prices = new PriceStore(options.now);
    this.shippingRates = new ShippingRateStore(options.now);
    this.coupons = new CouponStore(options.now);
    this.clocks = new TestClockStore(options.now);
    this.taxRates = new TaxRateStore(options.now);
    this.taxCalculations = new TaxCalculationStore(options.now);
    this.ledger = new Ledger(options.now);
    this.disputes = new DisputeStore(options.now);
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
    const delayed = input.delayed === true;
    if (delayed && session.mode === 'subscription')
      return { outcome: 'method-unavailable', stored };
    const checked = validateCheckoutForm(input.form ?? {}, {
      allowedCountries: session.shipping_address_collection?.allowed_countries ?? null,
      phoneRequired: session.phone_number_collection?.enabled === true,
    });
    const shippingError = shippingChoiceError(stored, input.shippingRate);
    if (!checked.ok || shippingError) {
      return {
        outcome: 'invalid',
        stored,
        errors: { ...(checked.ok ? {} : checked.errors), ...shippingError },
      };
    }
    if (input.shippingRate) this.store.chooseShipping(stored, input.shippingRate);
    const { details } = checked;
    const customer = session.customer ? this.customers.get(String(session.customer)) : undefined;
    // The tax follows the ship-to submitted (it may name another state than the one pre-filled).
    applySessionTax(
      stored,
      { customer, collected: details.shipping?.address ?? null },
      this.taxRates,
    );
    if (session.mode === 'subscription') {
      await this.subscribe(stored, details, customer, input.subscriptionEvents ?? 'session-first');
      return { outcome: 'paid', stored, delayed: false };
    }
    const paymentIntent = this.store.complete(stored, {
      details,
      delayed,
      customerEmail: customer?.email ?? null,
    });
    if (paymentIntent === false) return { outcome: 'already-paid', stored };
    if (session.customer_details) session.customer_details.tax_exempt = exemptionOf(customer);
    if (!delayed && paymentIntent) this.ledger.charge(paymentIntent, session.customer_details);
    if (customer) this.customers.saveFromCheckout(customer.id, details, stored.customerUpdate);
    if (stored.coupon) this.coupons.redeem(stored.coupon.id);
    this.options.log(
      `${paymentIntent === null ? 'completed (no payment required)' : delayed ? 'completed (payment processing)' : 'paid'} ${sessionId} (${session.amount_total} ${session.currency})`,
    );
    await this.emit('checkout.session.completed', session);
    return { outcome: 'paid', stored, delayed: delayed && paymentIntent !== null };
  }

  /**
   * The hosted page's "Update tax for this address" and "Update total": chooses the shipping
   * option picked (if any) and, for a taxed session, checks the ship-to as Pay would and
   * recomputes the tax from it; charges nothing, and changes nothing when it refuses.
   */
  updateTotals(
    sessionId: string,
    form: Partial<ShippingForm>,
    shippingRate?: string,
  ):
    | Exclude<PayOutcome, { outcome: 'method-unavailable' }>
    | { outcome: 'updated'; stored: StoredSession } {
    const stored = this.store.get(sessionId);
    if (!stored) return { outcome: 'missing' };
    const { session } = stored;
    if (session.status === 'expired') return { outcome: 'expired', stored };
    if (session.status !== 'open') return { outcome: 'already-paid', stored };
    const shippingError = shippingChoiceError(stored, shippingRate);
    if (shippingError) return { outcome: 'invalid', stored, errors: shippingError };
    const taxed = session.automatic_tax.enabled;
    const checked = taxed
      ? validateCheckoutForm(form, {
          allowedCountries: session.shipping_address_collection?.allowed_countries ?? null,
          phoneRequired: false,
        })
      : null;
    if (checked && !checked.ok) return { outcome: 'invalid', stored, errors: checked.errors };
    if (shippingRate) this.store.chooseShipping(stored, shippingRate);
    if (!checked) return { outcome: 'updated', stored };
    const customer = session.customer ? this.customers.get(String(session.customer)) : undefined;
    applySessionTax(
      stored,
      { customer, collected: checked.details.shipping?.address ?? null },
      this.taxRates,
    );
    return { outcome: 'updated', stored };
  }

  /**
   * Pays a subscription session: the customer (the session's, or a new one with what was typed),
   * the subscription and its first invoice, paid; the ship-to saved per `customer_update`; then
   * the events in the order asked for (first attempts awaited).
   */
  private async subscribe(
    stored: StoredSession,
    details: CollectedDetails,
    existing: Customer | undefined,
    order: SubscriptionEventOrder,
  ): Promise<void> {
    const { session } = stored;
    const email = session.customer_email ?? existing?.email ?? null;
    const customer = existing ?? this.customers.createFromCheckout(details, email);
    const started = startSubscription(this, {
      customer,
      items: stored.lines.flatMap((line) =>
        line.price.recurring ? [{ price: line.price, quantity: line.quantity }] : [],
      ),
      metadata: { ...stored.subscriptionData?.metadata },
      description: stored.subscriptionData?.description ?? null,
      currency: session.currency,
      at: this.nowFor(customer),
      // The ship-to typed, else the one the customer has saved.
      shipping: invoiceShipping(
        details.shipping ? { ...details.shipping, phone: details.phone } : customer.shipping,
      ),
      email,
      automaticTax: session.automatic_tax.enabled,
    });
    this.store.completeSubscription(stored, {
      details,
      customer: customer.id,
      customerEmail: customer.email ?? null,
      subscription: started.subscription.id,
      invoice: started.invoice.id,
    });
    if (session.customer_details) session.customer_details.tax_exempt = exemptionOf(customer);
    if (existing) this.customers.saveFromCheckout(existing.id, details, stored.customerUpdate);
    this.options.log(
      `paid ${session.id}: ${started.subscription.id} for ${customer.id} (${session.amount_total} ${session.currency} every period)`,
    );
    const completed = this.event('checkout.session.completed', session);
    const { subscriptionEvents, invoiceEvents } = started;
    await this.send(
      ...(order === 'invoice-first'
        ? [...subscriptionEvents, ...invoiceEvents, completed]
        : [...subscriptionEvents, completed, ...invoiceEvents]),
    );
  }

  /** "Now" in seconds for a customer's objects: its test clock's frozen time, if it has one. */
  nowFor(customer: Customer | string | null | undefined): number {
    const found = typeof customer === 'string' ? this.customers.get(customer) : customer;
    const clock =
      typeof found?.test_clock === 'string' ? this.clocks.get(found.test_clock) : undefined;
    return clock ? clock.frozen_time : Math.floor(this.options.now() / 1000);
  }

  /**
   * Starts moving a test clock to `target` (it is `advancing` at once; throws a Stripe error for
   * a clock not ready or a time not after its frozen time) and returns the walk (clock-advance.ts),
   * which resolves once the clock is `ready` again.
   */
  advanceClock(clock: TestClock, target: number): Promise<void> {
    this.clocks.beginAdvanceTo(clock, target);
    return this.runAdvance(clock, target);
  }

  /** Walks a clock already set `advancing` (TestClockStore.beginAdvance) to `target`. */
  runAdvance(clock: TestClock, target: number): Promise<void> {
    this.options.log(`test clock ${clock.id} advancing to ${target}`);
    return runClockAdvance(this, clock, target);
  }

  /**
   * Deletes a test clock with its customers, their subscriptions, invoices and invoice payments,
   * as Stripe does.
   */
  deleteClock(id: string) {
    const deleted = this.clocks.delete(id);
    const customers = new Set(this.customers.onClock(id).map((customer) => customer.id));
    this.subscriptions.forgetCustomers(customers);
    this.invoiceItems.forgetCustomers(customers);
    const invoices = this.invoices.forgetCustomers(customers);
    this.invoicePayments.forgetInvoices(invoices);
    this.creditNotes.forgetInvoices(invoices);
    this.customerBalance.forgetCustomers(customers);
    this.customers.forget(customers);
    return deleted;
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

  /** Whether a charge has an open dispute (it cannot be refunded meanwhile). */
  disputed(chargeId: string): boolean {
    return this.disputes.openOn(chargeId) !== undefined;
  }

  /** Days before and after an open invoice's due date of its clock reminders. */
  get dueNotices(): { willBeDueDays: number; overdueDays: number } {
    return { willBeDueDays: this.options.willBeDueDays, overdueDays: this.options.overdueDays };
  }

  /** The hosted invoice page and the PDF of an invoice, under the public URL. */
  invoiceUrls(id: string): InvoiceUrls {
    const base = `${this.options.publicUrl()}/invoice/${encodeURIComponent(id)}`;
    return { hosted: base, pdf: `${base}/pdf` };
  }

  /**
   * Pays a one-off invoice on its hosted page: by card, paid at once with a new card payment
   * method (`invoice.paid`, first attempt awaited); by US bank account, the debit starts
   * (payment intent `processing`, no event) and settles later (settleInvoice).
   */
  async payInvoice(
    invoiceId: string,
    method: 'card' | 'us_bank_account',
  ): Promise<InvoicePayOutcome> {
    const invoice = this.invoices.get(invoiceId);
    if (!invoice || !isManual(invoice) || invoice.status === 'draft') return { outcome: 'missing' };
    try {
      assertPayable(this, invoice);
    } catch (error) {
      if (error instanceof StripeApiError) return { outcome: 'not-payable', invoice };
      throw error;
    }
    if (!acceptsMethod(invoice, method)) return { outcome: 'method-unavailable', invoice };
    const at = this.nowFor(invoice.customer);
    if (method === 'us_bank_account') {
      payByBankAccount(this, invoice, at);
      this.options.log(`invoice ${invoice.id}: US bank account payment processing`);
      return { outcome: 'processing', invoice };
    }
    const result = chargeManualInvoice(this, invoice, this.paymentMethods.create(), at);
    this.options.log(`invoice ${invoice.id} paid by card on its page`);
    await this.send(...result.events);
    return { outcome: 'paid', invoice };
  }

  /**
   * Settles an invoice's processing bank debit: `invoice.paid`, or `invoice.payment_failed` (the
   * invoice stays open), first attempt awaited.
   */
  async settleInvoice(
    invoiceId: string,
    outcome: 'succeeded' | 'failed',
  ): Promise<InvoiceSettleOutcome> {
    const invoice = this.invoices.get(invoiceId);
    if (!invoice) return { outcome: 'missing' };
    const events = settleInvoiceBankPayment(this, invoice, outcome, this.nowFor(invoice.customer));
    if (!events) return { outcome: 'not-awaiting', invoice };
    this.options.log(`invoice ${invoice.id}: bank payment ${outcome}`);
    await this.send(...events);
    return { outcome: 'settled', invoice };
  }

  /**
   * Announces a refund as Stripe does: refund.created, then charge.refunded, delivered in the
   * background (`whenWebhooksIdle` waits for both). Both events are built now, so each shows the
   * refund and the charge as this refund left them, whatever happens before they are sent.
   */
  announceRefund(refund: Refund, charge: Charge): void {
    this.sendInBackground(
      this.event('refund.created', refund),
      this.event('charge.refunded', charge),
    );
  }

  /**
   * Opens a dispute of a succeeded payment's charge, as the bank of a buyer who paid with Stripe's
   * test card 4000 0000 0000 0259 would: charge.dispute.created, then
   * charge.dispute.funds_withdrawn (first attempts awaited). Null when the payment intent is
   * unknown, has no succeeded charge, or its charge has an open dispute already.
   */
  async openDispute(paymentIntentId: string, reason: DisputeReason): Promise<Dispute | null> {
    const paymentIntent = this.paymentIntents.get(paymentIntentId);
    const charge =
      paymentIntent?.status === 'succeeded' && paymentIntent.latest_charge
        ? this.ledger.getCharge(String(paymentIntent.latest_charge))
        : undefined;
    if (!charge || this.disputes.openOn(charge.id)) return null;
    const dispute = this.disputes.open(charge, reason);
    this.options.log(`disputed ${charge.id} (${dispute.id}, ${reason})`);
    await this.send(
      this.event('charge.dispute.created', dispute),
      this.event('charge.dispute.funds_withdrawn', dispute),
    );
    return dispute;
  }

  /** Announces a change to a dispute: its events, in the background, as API changes do. */
  announceDispute(dispute: Dispute, events: readonly DisputeEventType[]): void {
    this.sendInBackground(...events.map((type) => this.event(type, dispute)));
  }

  /** Sends one event; resolves after its first delivery attempt. */
  emit<T extends StripeEvent['type']>(type: T, object: EventObject<T>): Promise<void> {
    return this.send(this.event(type, object));
  }

  /**
   * Delivers events after every event sent before them (first attempts one after the other,
   * awaited; retries in the background). Events queued before a reset() are dropped.
   */
  send(...events: StripeEvent[]): Promise<void> {
    const generation = this.generation;
    this.unsent += events.length;
    const run = this.tail
      .then(() => (generation === this.generation ? this.webhooks.dispatch(...events) : undefined))
      .finally(() => {
        this.unsent -= events.length;
      });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * Webhook work not yet done, for a caller that waits for the sandbox to be still (the cost
   * report): events sent and not yet through their first attempt, attempts running or waiting to
   * be retried, and test clocks advancing (they send more events as they go).
   */
  pendingWebhookWork(): number {
    const advancing = this.clocks.list().filter((clock) => clock.status === 'advancing').length;
    return this.unsent + this.webhooks.busy + advancing;
  }

  /** `send` without waiting (API requests answer before their events go out, as at Stripe). */
  sendInBackground(...events: StripeEvent[]): void {
    this.send(...events).catch((error: unknown) => {
      this.options.log(`webhook delivery failed: ${String(error)}`);
    });
  }

  /** Resolves when no event is queued and no attempt is running or scheduled. */
  async whenIdle(): Promise<void> {
    for (;;) {
      const tail = this.tail;
      await tail;
      await this.webhooks.whenIdle();
      if (tail === this.tail) return;
    }
  }

  /** An event with a snapshot of `object` as it is now (and what an update changed). */
  event<T extends StripeEvent['type']>(
    type: T,
    object: EventObject<T>,
    previousAttributes?: PreviousAttributes<T>,
  ): StripeEvent {
    return buildEvent(
      type,
      object,
      this.options.now(),
      this.webhookUrl ? 1 : 0,
      previousAttributes,
    );
  }

  log(line: string): void {
    this.options.log(line);
  }

  reset(): void {
    this.generation += 1;
    this.tail = Promise.resolve();
    this.store.clear();
    this.paymentIntents.clear();
    this.customers.clear();
    this.customerBalance.clear();
    this.ledger.clear();
    this.disputes.clear();
    this.idempotency.clear();
    this.prices.clear();
    this.shippingRates.clear();
    this.subscriptions.clear();
    this.invoices.clear();
    this.invoicePayments.clear();
    this.invoiceItems.clear();
    this.creditNotes.clear();
    this.coupons.clear();
    this.clocks.clear();
    this.paymentMethods.clear();
    this.taxRates.clear();
    this.taxCalculations.clear();
    this.webhooks.reset();
  }
}
