import Stripe from 'stripe';
import type { Context } from '../lib/context';
import { log } from '../lib/log';
import {
  CheckoutMissingError,
  ForeignSessionError,
  recordAsyncPaymentFailed,
  recordCheckoutCompleted,
  recordCheckoutExpired,
  type SessionTransition,
} from '../checkout/checkout-transitions';
import { recordFirstInvoicePaid } from '../checkout/first-invoice';
import { recordDispute, type DisputeRecorded } from '../orders/disputes';
import { OrderNotRecordedYetError } from '../orders/order-of-payment';
import { logTransition } from '../orders/order-transitions';
import { recordStripeRefunds, type RefundsRecorded } from '../orders/refunds';
import {
  recordInvoicePaymentFailed,
  recordInvoiceVoided,
  recordRenewalPaid,
  recordSubscriptionEnded,
  StandingOrderMissingError,
  type StandingOrderTransition,
} from '../standing-orders/renewals';
import {
  applyTermsInvoiceEvent,
  termsInvoiceEvent,
  TERMS_INVOICE_EVENTS,
} from '../terms/invoice-events';
import { TermsOrderMissingError, type TermsTransition } from '../terms/invoice-transitions';
import { sweepAfterClockMoved } from '../tax/clock-ready';
import { syncInvoiceCredit } from '../store-credit/invoice-credit';

interface WebhookRequest {
  method: string;
  /** The Stripe-Signature header. */
  signature: string | undefined;
  /** The body exactly as received: the signature covers these bytes. */
  rawBody: Buffer | string | undefined;
}

/**
 * What became of one delivery. The HTTP answer Stripe gets for each is chosen at the edge
 * (handlers/stripe-webhook.ts): Stripe retries a delivery that is not answered 2xx.
 */
export type WebhookResult =
  /** Not a POST. */
  | { kind: 'wrong-method' }
  /** No Stripe-Signature header, or no body. */
  | { kind: 'unsigned' }
  /** The signature does not match the body (forged, altered or too old): nothing changed. */
  | { kind: 'bad-signature' }
  /** Stripe or the webhook secret is not configured: retry once it is. */
  | { kind: 'not-configured' }
  /** A checkout event, applied to its checkout and order (or found applied before). */
  | { kind: 'handled'; outcome: string; orderId: string }
  /**
   * A test clock moved on (test mode): its companies' resale certificates swept on their new
   * day (tax/clock-ready.ts).
   */
  | { kind: 'swept'; companies: number; reminders: number }
  /** An event type the portal does not use, or a session that is not one of the portal's. */
  | { kind: 'ignored' }
  /** Processing failed (order missing, amount mismatch, Firestore error): retry. */
  | { kind: 'failed' };

type Applied =
  | SessionTransition<string>
  | RefundsRecorded
  | DisputeRecorded
  | StandingOrderTransition
  | TermsTransition;

/**
 * Every event type applyEvent handles: the Stripe webhook endpoint must listen to all of them
 * (docs/deploying.md lists them; a test checks that it does).
 */
export const WEBHOOK_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'refund.created',
  'refund.updated',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
  'customer.subscription.deleted',
  // Test mode only: a company's Stripe test clock moved, and with it the company's day.
  'test_helpers.test_clock.ready',
  // Standing orders' invoices and the invoices of orders on payment terms.
  ...TERMS_INVOICE_EVENTS,
] as const satisfies readonly Stripe.Event.Type[];

/**
 * Applies the events the portal uses (the SDK's Event union types `data.object` by `type`); null
 * for the others. A refund made anywhere (the refundOrder call or the Stripe dashboard) arrives
 * as refund.created / charge.refunded and is recorded on its order once; a dispute arrives as
 * charge.dispute.* and is recorded on its order.
 */
function applyEvent(
  event: Stripe.Event,
  ctx: Pick<Context, 'db' | 'stripe' | 'auth' | 'env'>,
): Promise<Applied> | null {
  const ref = { id: event.id, type: event.type };
  // Orders on payment terms (docs/payment-terms.md): their invoices carry the order's id.
  const terms = termsInvoiceEvent(event);
  if (terms) return applyTermsInvoiceEvent(ctx, terms);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return recordCheckoutCompleted(ctx, event.data.object, ref);
    case 'checkout.session.async_payment_failed':
      return recordAsyncPaymentFailed(ctx.db, event.data.object, ref, ctx.stripe);
    case 'checkout.session.expired':
      return recordCheckoutExpired(ctx.db, event.data.object, ref, ctx.stripe);
    case 'refund.created':
    case 'refund.updated':
      return recordStripeRefunds(ctx, { refund: event.data.object });
    case 'charge.refunded':
      return recordStripeRefunds(ctx, { charge: event.data.object });
    // A payment disputed (chargeback): recorded on its order, which cannot ship while it is open.
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated':
      return recordDispute(ctx, event.data.object, { ...ref, created: event.created });
    // Standing orders (subscriptions). The first invoice pays the standing order's checkout
    // (checkout/first-invoice.ts); the later ones, and the other events, are its renewals'
    // (standing-orders/renewals.ts).
    case 'invoice.paid':
      return event.data.object.billing_reason === 'subscription_create'
        ? recordFirstInvoicePaid(ctx, event.data.object, ref)
        : recordRenewalPaid(ctx, event.data.object, ref);
    case 'invoice.payment_failed':
      return recordInvoicePaymentFailed(ctx, event.data.object, ref);
    case 'invoice.voided':
      return recordInvoiceVoided(ctx, event.data.object, ref);
    case 'customer.subscription.deleted':
      return recordSubscriptionEnded(ctx, event.data.object, ref);
    default:
      return null;
  }
}

/**
 * stripeWebhook: verifies the signature on the raw body (nothing changes when it does not
 * match), then records the payment or the expiry on the order exactly once. Replays and event
 * types the portal does not use are handled or ignored; a failure while processing is reported
 * as such so that Stripe retries the delivery. The flow: docs/payments.md.
 */
export async function handleWebhook(
  request: WebhookRequest,
  ctx: Pick<Context, 'db' | 'stripe' | 'webhookSecret' | 'auth' | 'env'> &
    Partial<Pick<Context, 'now'>>,
): Promise<WebhookResult> {
  if (request.method !== 'POST') return { kind: 'wrong-method' };
  if (!request.signature || request.rawBody === undefined || request.rawBody.length === 0) {
    return { kind: 'unsigned' };
  }
  let event: Stripe.Event;
  try {
    const stripe = ctx.stripe();
    const secret = ctx.webhookSecret();
    try {
      event = stripe.webhooks.constructEvent(request.rawBody, request.signature, secret);
    } catch (error) {
      log.warn('stripe_webhook_bad_signature', {
        message: error instanceof Error ? error.message : String(error),
      });
      return { kind: 'bad-signature' };
    }
  } catch (error) {
    log.error('stripe_webhook_config_failed', {
      message: error instanceof Error ? error.message : String(error),
    });
    return { kind: 'not-configured' };
  }

  const fields = { eventId: event.id, type: event.type };
  if (event.api_version !== Stripe.API_VERSION) {
    // Stripe renders an event in the endpoint's API version; the SDK's types (and this code) are
    // those of the SDK's version. Set the endpoint's version to it (functions/README.md).
    log.warn('stripe_webhook_api_version_mismatch', {
      ...fields,
      eventApiVersion: event.api_version,
      sdkApiVersion: Stripe.API_VERSION,
    });
  }
  try {
    if (event.type === 'test_helpers.test_clock.ready') {
      const swept = await sweepAfterClockMoved(
        { ...ctx, now: ctx.now ?? Date.now },
        event.data.object,
        event.livemode,
      );
      if (swept.failed > 0) {
        log.error('stripe_webhook_failed', { ...fields, reason: 'tax_certificate_sweep' });
        return { kind: 'failed' };
      }
      return { kind: 'swept', companies: swept.companies, reminders: swept.reminders };
    }
    const applying = applyEvent(event, ctx);
    if (applying) {
      const result = await applying;
      // Any invoice paid or voided: the store credit Stripe spent on it (or gave back) reaches
      // the company's mirror, once per invoice (store-credit/invoice-credit.ts).
      if (event.type === 'invoice.paid' || event.type === 'invoice.voided') {
        await syncInvoiceCredit(ctx, event.data.object);
      }
      if (result.orderId === null) {
        log.info('stripe_webhook_ignored', { ...fields, reason: result.outcome });
        return { kind: 'ignored' };
      }
      logTransition('stripe_webhook_handled', { ...result, orderId: result.orderId }, fields);
      return { kind: 'handled', outcome: result.outcome, orderId: result.orderId };
    }
    log.info('stripe_webhook_ignored', fields);
    return { kind: 'ignored' };
  } catch (error) {
    if (error instanceof ForeignSessionError) {
      log.warn('stripe_webhook_foreign_session', { ...fields, message: error.message });
      return { kind: 'ignored' };
    }
    if (error instanceof CheckoutMissingError) {
      // Acknowledged (200): Stripe would otherwise retry an event no delivery can apply for days.
      log.warn('stripe_webhook_unknown_checkout', { ...fields, message: error.message });
      return { kind: 'ignored' };
    }
    if (error instanceof TermsOrderMissingError) {
      log.warn('stripe_webhook_unknown_terms_order', { ...fields, message: error.message });
      return { kind: 'ignored' };
    }
    if (error instanceof OrderNotRecordedYetError) {
      // Not acknowledged: Stripe delivers it again once the checkout's completion made the order.
      log.warn('stripe_webhook_order_not_recorded_yet', { ...fields, message: error.message });
      return { kind: 'failed' };
    }
    if (error instanceof StandingOrderMissingError) {
      log.warn('stripe_webhook_unknown_standing_order', { ...fields, message: error.message });
      return { kind: 'ignored' };
    }
    log.error('stripe_webhook_failed', {
      ...fields,
      reason: error instanceof Error ? error.name : 'unknown',
      message: error instanceof Error ? error.message : String(error),
    });
    return { kind: 'failed' };
  }
}
