/**
 * The errors the services (checkout/, orders/, accounts/, ...) throw when they refuse a request. Each
 * says what went wrong in the words the client shows; which HttpsError code that becomes is
 * decided at the edge only (handlers/edge.ts), so a service never imports firebase-functions'
 * HttpsError and the same code serves the callables and the claims CLI.
 *
 * Any other error a service lets escape (Firestore, a corrupt document) is a bug or an outage:
 * the edge passes it on untouched and the Functions runtime answers `internal`.
 */
export abstract class PortalError extends Error {
  /** Structured facts for the client next to the message (a product id, an order id). */
  readonly details: Record<string, unknown> | undefined;

  constructor(message: string, details?: Record<string, unknown>) {
    super(message);
    this.details = details;
  }
}

/**
 * The request is well-formed but asks for something its callable cannot take, which only the
 * data can tell (locations that are not the company's): the client's input to correct.
 */
export class InvalidRequestError extends PortalError {
  override name = 'InvalidRequestError';
}

/** What the request names does not exist, or is not the caller's to see. */
export class NotFoundError extends PortalError {
  override name = 'NotFoundError';
}

/** The caller is signed in but may not do this (not approved, not theirs). */
export class NotAllowedError extends PortalError {
  override name = 'NotAllowedError';
}

/** The request is well-formed but the current state refuses it (an empty cart, a bad move). */
export class PreconditionError extends PortalError {
  override name = 'PreconditionError';
}

/** The caller made too many of these calls; trying again later is the answer. */
export class RateLimitedError extends PortalError {
  override name = 'RateLimitedError';
}

/** Another call changed the same data meanwhile; trying again is the answer. */
export class ConcurrentChangeError extends PortalError {
  override name = 'ConcurrentChangeError';
}

/**
 * Stripe could not be used: not configured, refused the request, or failed. `transient` when
 * trying again in a minute can help (a network error, Stripe's own outage, rate limiting).
 */
export class PaymentServiceError extends PortalError {
  override name = 'PaymentServiceError';

  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
  }
}
