import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { handleApi } from './server/api-server.js';
import { handleCheckoutPage, handleSettleRequest } from './hosted-pages/checkout-pages.js';
import { renderMessagePage } from './hosted-pages/hosted-page.js';
import { handleInvoicePage, handleInvoiceSettleRequest } from './hosted-pages/invoice-pages.js';
import { sendHtml, sendJson } from './server/http-utils.js';
import { SandboxState, type SubscriptionEventOrder } from './server/sandbox-state.js';
import type { DisputeReason } from './payments/disputes.js';
import type { DeliveryRecord, Dispute } from './core/types.js';
import type { RetryPolicy } from './webhooks/webhook-dispatcher.js';

export type {
  CheckoutSession,
  DeliveryRecord,
  Dispute,
  Invoice,
  InvoiceItem,
  InvoicePayment,
  LineItem,
  PaymentIntent,
  Price,
  StripeEvent,
  Subscription,
  SubscriptionItem,
  TestClock,
} from './core/types.js';
export type { SubscriptionEventOrder } from './server/sandbox-state.js';
export { DISPUTE_REASONS, type DisputeReason } from './payments/disputes.js';
export {
  FAILING_TEST_PAYMENT_METHOD,
  VISA_TEST_PAYMENT_METHOD,
} from './payments/payment-methods.js';
export type { RetryPolicy } from './webhooks/webhook-dispatcher.js';
export { API_VERSION } from './webhooks/events.js';

export const DEFAULT_PORT = 12111;
export const DEFAULT_API_KEY = 'sk_test_local_sandbox';
export const DEFAULT_WEBHOOK_SECRET = 'whsec_local_sandbox';
export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 1000 };

export interface StripeSandboxOptions {
  /** Default 12111; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Base URL of the hosted checkout links; default `http://<host>:<port>`. */
  publicUrl?: string;
  /** Where events are POSTed; none are sent while unset. */
  webhookUrl?: string;
  /** Default `whsec_local_sandbox`. */
  webhookSecret?: string;
  /** The one secret key accepted; default `sk_test_local_sandbox`. */
  apiKey?: string;
  /** Default 5 attempts, 1 s doubling (1, 2, 4, 8 s). */
  retry?: RetryPolicy;
  /** Per-attempt webhook timeout, default 10 000 ms. */
  webhookTimeoutMs?: number;
  log?: (line: string) => void;
  /** Clock in milliseconds, for tests of expiry; default Date.now. */
  now?: () => number;
  /**
   * Days before an open `send_invoice` invoice's due date when a test clock advance sends
   * `invoice.will_be_due` (Stripe's Billing automations); default 3.
   */
  willBeDueDays?: number;
  /** Days after its due date when a clock advance sends `invoice.overdue`; default 1. */
  overdueDays?: number;
}

export const DEFAULT_WILL_BE_DUE_DAYS = 3;
export const DEFAULT_OVERDUE_DAYS = 1;

/** What `pay()` enters on the hosted page; each is used only when the session asks for it. */
export interface PayOptions {
  /** The ship-to; default DEFAULT_PAY_SHIPPING. */
  shipping?: { name: string; address: Partial<Stripe.Address> };
  /** The phone number as typed (`(415) 555-0123`, `+14155550123`); default DEFAULT_PAY_PHONE. */
  phone?: string;
  /** Pay by bank transfer: the session completes unpaid until `settleDelayedPayment`. */
  delayed?: boolean;
  /**
   * The shipping option picked: the id of one of the session's `shipping_options` rates; default
   * the chosen one (the first).
   */
  shippingRate?: string;
  /**
   * Subscription sessions: the order of the events. `session-first` (default):
   * customer.subscription.created, checkout.session.completed, invoice.created,
   * invoice.finalized, invoice.paid. `invoice-first`: customer.subscription.created,
   * invoice.created, invoice.finalized, invoice.paid, checkout.session.completed.
   */
  subscriptionEvents?: SubscriptionEventOrder;
}

/** The ship-to `pay()` uses when a session collects one and the caller gives none. */
export const DEFAULT_PAY_SHIPPING: NonNullable<PayOptions['shipping']> = {
  name: 'Test Buyer',
  address: {
    line1: '1 Market St',
    city: 'San Francisco',
    state: 'CA',
    postal_code: '94105',
    country: 'US',
  },
};
export const DEFAULT_PAY_PHONE = '+14155550100';

export interface StripeSandbox {
  /** `http://<host>:<port>` */
  url: string;
  port: number;
  setWebhookUrl(url: string): void;
  /**
   * Same as pressing Pay on the hosted page (the first webhook attempt awaited). A session that
   * collects a ship-to gets `shipping` (default: a valid US address), one that collects a phone
   * gets `phone`; `delayed` pays by bank transfer: the session completes unpaid, and
   * `settleDelayedPayment` settles it later. Rejects for an unknown, expired or already-paid
   * session, or a ship-to or phone the page would refuse (with its messages), or `delayed` for a
   * subscription session (card only). A subscription session's payment starts its subscription
   * and pays its first invoice; every event's first attempt is awaited.
   */
  pay(sessionId: string, options?: PayOptions): Promise<void>;
  /**
   * Advances a test clock to `frozenTime` (unix seconds) and resolves once it is `ready`: every
   * period end of its customers' subscriptions up to then billed in time order, each event's first
   * attempt awaited, then `test_helpers.test_clock.ready`. Rejects for an unknown clock, one
   * already advancing, or a time not after its frozen time.
   */
  advanceClock(clockId: string, frozenTime: number): Promise<void>;
  /**
   * Settles a delayed payment: sends async_payment_succeeded (the session paid, the charge made)
   * or _failed. Rejects for an unknown session or one with no delayed payment waiting.
   */
  settleDelayedPayment(sessionId: string, outcome: 'succeeded' | 'failed'): Promise<void>;
  /**
   * The buyer's bank disputes a paid payment, as with Stripe's test card 4000 0000 0000 0259:
   * a `needs_response` dispute of its whole charge (`reason` default `fraudulent`), then
   * charge.dispute.created and charge.dispute.funds_withdrawn (first attempts awaited). Rejects
   * for an unknown or unpaid payment intent, or one whose charge has an open dispute.
   */
  openDispute(paymentIntentId: string, options?: { reason?: DisputeReason }): Promise<Dispute>;
  /**
   * Same as paying a one-off invoice on its hosted page: `card` pays it (`invoice.paid`, first
   * attempt awaited); `us_bank_account` starts a debit (payment intent `processing`, no event)
   * that `settleInvoicePayment` settles. Rejects for an unknown invoice or a draft, one that is
   * paid, void or has a debit processing, or a method the invoice does not take.
   */
  payInvoice(invoiceId: string, options: { method: 'card' | 'us_bank_account' }): Promise<void>;
  /**
   * Settles an invoice's processing bank debit: `invoice.paid`, or `invoice.payment_failed` (the
   * invoice stays open), first attempt awaited. Rejects for an unknown invoice or one with no
   * debit processing.
   */
  settleInvoicePayment(invoiceId: string, outcome: 'succeeded' | 'failed'): Promise<void>;
  deliveries(): ReadonlyArray<DeliveryRecord>;
  /** Resolves when no event is waiting and no webhook attempt is running or scheduled. */
  whenWebhooksIdle(): Promise<void>;
  /**
   * Forgets sessions, customers, payments and refunds, products and prices, subscriptions,
   * invoices and their payments, test clocks, idempotency keys and deliveries; cancels scheduled
   * retries and stops clock advances under way.
   */
  reset(): void;
  stop(): Promise<void>;
}

function dayCount(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number of days, 0 or more (got ${value})`);
  }
  return value;
}

export async function startStripeSandbox(
  options: StripeSandboxOptions = {},
): Promise<StripeSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((): void => {});
  let publicUrl = options.publicUrl?.replace(/\/+$/, '') ?? '';
  const state = new SandboxState({
    apiKey: options.apiKey ?? DEFAULT_API_KEY,
    webhookUrl: options.webhookUrl,
    webhookSecret: options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET,
    retry: options.retry ?? DEFAULT_RETRY,
    webhookTimeoutMs: options.webhookTimeoutMs ?? 10_000,
    now: options.now ?? Date.now,
    log,
    publicUrl: () => publicUrl,
    willBeDueDays: dayCount(options.willBeDueDays, DEFAULT_WILL_BE_DUE_DAYS, 'willBeDueDays'),
    overdueDays: dayCount(options.overdueDays, DEFAULT_OVERDUE_DAYS, 'overdueDays'),
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    if (url.pathname.startsWith('/v1/')) return handleApi(state, req, res, url);
    if (await handleCheckoutPage(state, req, res, url)) return;
    if (await handleSettleRequest(state, req, res, url)) return;
    if (await handleInvoicePage(state, req, res, url)) return;
    if (await handleInvoiceSettleRequest(state, req, res, url)) return;
    // Ours, not Stripe's: whether webhook work is still under way (SandboxState.pendingWebhookWork).
    if (url.pathname === '/_sandbox/webhooks' && req.method === 'GET') {
      sendJson(res, 200, JSON.stringify({ pending: state.pendingWebhookWork() }));
      return;
    }
    if (url.pathname === '/' || url.pathname === '/health') {
      sendJson(res, 200, JSON.stringify({ ok: true, service: 'stripe-sandbox' }));
      return;
    }
    sendHtml(
      res,
      404,
      renderMessagePage('Not found', 'The Stripe sandbox has nothing at this address.'),
    );
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent)
        sendJson(
          res,
          500,
          JSON.stringify({ error: { type: 'api_error', message: 'Sandbox failure' } }),
        );
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 1000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const displayHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${displayHost}:${port}`;
  if (publicUrl === '') publicUrl = url;

  return {
    url,
    port,
    setWebhookUrl: (webhookUrl) => state.setWebhookUrl(webhookUrl),
    async pay(sessionId, payOptions = {}) {
      const shipping = payOptions.shipping ?? DEFAULT_PAY_SHIPPING;
      const result = await state.pay(sessionId, {
        form: {
          name: shipping.name,
          line1: shipping.address.line1 ?? '',
          line2: shipping.address.line2 ?? '',
          city: shipping.address.city ?? '',
          state: shipping.address.state ?? '',
          postal_code: shipping.address.postal_code ?? '',
          country: shipping.address.country ?? '',
          phone: payOptions.phone ?? DEFAULT_PAY_PHONE,
        },
        delayed: payOptions.delayed === true,
        ...(payOptions.shippingRate ? { shippingRate: payOptions.shippingRate } : {}),
        ...(payOptions.subscriptionEvents
          ? { subscriptionEvents: payOptions.subscriptionEvents }
          : {}),
      });
      if (result.outcome === 'missing') throw new Error(`No such checkout.session: '${sessionId}'`);
      if (result.outcome === 'expired')
        throw new Error(`Checkout session ${sessionId} has expired`);
      if (result.outcome === 'already-paid')
        throw new Error(`Checkout session ${sessionId} is already paid`);
      if (result.outcome === 'method-unavailable')
        throw new Error(
          `Checkout session ${sessionId} is a subscription: it is paid by card, not by a delayed method`,
        );
      if (result.outcome === 'invalid') {
        const problems = Object.entries(result.errors).map(
          ([field, message]) => `${field}: ${message}`,
        );
        throw new Error(`Checkout session ${sessionId} refused the form: ${problems.join(' ')}`);
      }
    },
    async settleDelayedPayment(sessionId, outcome) {
      const result = await state.settle(sessionId, outcome);
      if (result.outcome === 'missing') throw new Error(`No such checkout.session: '${sessionId}'`);
      if (result.outcome === 'not-awaiting')
        throw new Error(`Checkout session ${sessionId} has no delayed payment to settle`);
    },
    async openDispute(paymentIntentId, options = {}) {
      const dispute = await state.openDispute(paymentIntentId, options.reason ?? 'fraudulent');
      if (!dispute)
        throw new Error(
          `Payment intent ${paymentIntentId} has no succeeded charge without an open dispute`,
        );
      return dispute;
    },
    async payInvoice(invoiceId, { method }) {
      const result = await state.payInvoice(invoiceId, method);
      if (result.outcome === 'missing') throw new Error(`No such invoice: '${invoiceId}'`);
      if (result.outcome === 'not-payable')
        throw new Error(
          `Invoice ${invoiceId} cannot be paid (it is ${result.invoice.status}, or a bank payment is processing)`,
        );
      if (result.outcome === 'method-unavailable')
        throw new Error(`Invoice ${invoiceId} does not take ${method} payments`);
    },
    async settleInvoicePayment(invoiceId, outcome) {
      const result = await state.settleInvoice(invoiceId, outcome);
      if (result.outcome === 'missing') throw new Error(`No such invoice: '${invoiceId}'`);
      if (result.outcome === 'not-awaiting')
        throw new Error(`Invoice ${invoiceId} has no bank payment processing to settle`);
    },
    async advanceClock(clockId, frozenTime) {
      const clock = state.clocks.get(clockId);
      if (!clock) throw new Error(`No such test clock: '${clockId}'`);
      await state.advanceClock(clock, frozenTime);
      if (clock.status !== 'ready')
        throw new Error(`Test clock ${clockId} did not finish advancing (${clock.status})`);
    },
    deliveries: () => state.webhooks.deliveries(),
    whenWebhooksIdle: () => state.whenIdle(),
    reset: () => state.reset(),
    async stop() {
      await state.webhooks.stop();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
