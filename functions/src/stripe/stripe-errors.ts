import Stripe from 'stripe';
import { log } from '../lib/log';
import { PaymentServiceError, PortalError } from '../lib/errors';
import { PaymentsConfigError } from '../lib/stripe-client';

/** True for Stripe's "no such object" answer (an unknown session id). */
export function isMissingResource(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing'
  );
}

/**
 * Turns a failure talking to Stripe into a PaymentServiceError the buyer can act on (a refusal
 * the service already decided passes through as it is). The details (Stripe's message, request
 * id) go to the log, not to the browser.
 */
export function stripeFailure(
  event: string,
  error: unknown,
  fields: Record<string, unknown> = {},
): PortalError {
  if (error instanceof PortalError) return error;
  if (error instanceof PaymentsConfigError) {
    log.error(event, { ...fields, reason: 'config', message: error.message });
    return new PaymentServiceError('Payments are not configured on this server.', false);
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
      return new PaymentServiceError(
        'The payment service is unavailable right now. Try again in a minute.',
        true,
      );
    }
    return new PaymentServiceError('The payment service refused the request.', false);
  }
  log.error(event, {
    ...fields,
    reason: 'unexpected',
    message: error instanceof Error ? error.message : String(error),
  });
  return new PaymentServiceError('Something went wrong with the payment. Try again.', false);
}
