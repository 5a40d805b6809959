import { HttpsError } from 'firebase-functions/v2/https';
import Stripe from 'stripe';
import { log } from '../lib/log';
import { PaymentsConfigError } from './stripe-client';

/** True for Stripe's "no such object" answer (an unknown session id). */
export function isMissingResource(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing'
  );
}

/**
 * Turns a failure talking to Stripe into an HttpsError the buyer can act on. The details
 * (Stripe's message, request id) go to the log, not to the browser.
 */
export function stripeFailure(
  event: string,
  error: unknown,
  fields: Record<string, unknown> = {},
): HttpsError {
  if (error instanceof HttpsError) return error;
  if (error instanceof PaymentsConfigError) {
    log.error(event, { ...fields, reason: 'config', message: error.message });
    return new HttpsError('internal', 'Payments are not configured on this server.');
  }
  if (error instanceof Stripe.errors.StripeError) {
    log.error(event, {
      ...fields,
      reason: error.type,
      code: error.code,
      message: error.message,
      requestId: error.requestId,
    });
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError
    ) {
      return new HttpsError(
        'unavailable',
        'The payment service is unavailable right now. Try again in a minute.',
      );
    }
    return new HttpsError('internal', 'The payment service refused the request.');
  }
  log.error(event, {
    ...fields,
    reason: 'unexpected',
    message: error instanceof Error ? error.message : String(error),
  });
  return new HttpsError('internal', 'Something went wrong with the payment. Try again.');
}
