import type { Firestore } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import { log } from '../lib/log';
import {
  ForeignSessionError,
  logTransition,
  recordCheckoutExpired,
  recordCheckoutPaid,
} from './order-transitions';
import { resolveWebhookSecret, stripe as stripeClient } from './stripe-client';

export interface WebhookRequest {
  method: string;
  /** The Stripe-Signature header. */
  signature: string | undefined;
  /** The body exactly as received: the signature covers these bytes. */
  rawBody: Buffer | string | undefined;
}

export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface WebhookDeps {
  db: Firestore;
  stripe?: () => Stripe;
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The Checkout Session a checkout event carries, and whether it reports a payment (completed,
 * async payment succeeded) or the end of the session (expired, async payment failed); null for
 * the event types the portal does not use. The SDK's Event union types `data.object` by `type`.
 */
function checkoutEvent(
  event: Stripe.Event,
): { session: Stripe.Checkout.Session; paid: boolean } | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return { session: event.data.object, paid: true };
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return { session: event.data.object, paid: false };
    default:
      return null;
  }
}

/**
 * stripeWebhook: verifies the signature on the raw body (400, nothing changed, when it does not
 * match), then records the payment or the expiry on the order exactly once. Replays and event
 * types the portal does not use answer 2xx; a failure while processing answers 500 so Stripe
 * retries the delivery.
 */
export async function handleWebhook(
  request: WebhookRequest,
  deps: WebhookDeps,
): Promise<WebhookAnswer> {
  if (request.method !== 'POST') return { status: 405, body: { error: 'Use POST.' } };
  if (!request.signature || request.rawBody === undefined || request.rawBody.length === 0) {
    return { status: 400, body: { error: 'Missing Stripe-Signature header or body.' } };
  }
  const env = deps.env ?? process.env;
  let event: Stripe.Event;
  try {
    const stripe = (deps.stripe ?? (() => stripeClient(env)))();
    const secret = resolveWebhookSecret(env);
    try {
      event = stripe.webhooks.constructEvent(request.rawBody, request.signature, secret);
    } catch (error) {
      log.warn('stripe_webhook_bad_signature', {
        message: error instanceof Error ? error.message : String(error),
      });
      return { status: 400, body: { error: 'Invalid signature.' } };
    }
  } catch (error) {
    log.error('stripe_webhook_config_failed', {
      message: error instanceof Error ? error.message : String(error),
    });
    return { status: 500, body: { error: 'Webhook not configured.' } };
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
    const checkout = checkoutEvent(event);
    if (checkout) {
      const { session } = checkout;
      const ref = { id: event.id, type: event.type };
      const result = checkout.paid
        ? await recordCheckoutPaid(deps.db, session, ref)
        : await recordCheckoutExpired(deps.db, session, ref);
      logTransition('stripe_webhook_handled', result, { ...fields, sessionId: session.id });
      if (result.outcome === 'paid-after-cancel') {
        log.error('payment_for_cancelled_order', {
          ...fields,
          orderId: result.orderId,
          sessionId: session.id,
        });
      }
      return {
        status: 200,
        body: { received: true, outcome: result.outcome, orderId: result.orderId },
      };
    }
    log.info('stripe_webhook_ignored', fields);
    return { status: 200, body: { received: true, ignored: true } };
  } catch (error) {
    if (error instanceof ForeignSessionError) {
      log.warn('stripe_webhook_foreign_session', { ...fields, message: error.message });
      return { status: 200, body: { received: true, ignored: true } };
    }
    log.error('stripe_webhook_failed', {
      ...fields,
      reason: error instanceof Error ? error.name : 'unknown',
      message: error instanceof Error ? error.message : String(error),
    });
    return { status: 500, body: { error: 'Processing failed; Stripe will retry.' } };
  }
}
