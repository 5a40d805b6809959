import type Stripe from 'stripe';

/** Stripe's error body: `{ error: { type, code?, message, param?, doc_url? } }`, typed by the SDK. */
export interface StripeErrorBody {
  error: Stripe.StripeRawError & { type: Stripe.RawErrorType; message: string };
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: Stripe.RawErrorType,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'StripeApiError';
  }

  toBody(): StripeErrorBody {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code
          ? {
              code: this.code,
              doc_url: `https://stripe.com/docs/error-codes/${this.code.replaceAll('_', '-')}`,
            }
          : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, param, code);
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}

export function unknownParam(param: string): StripeApiError {
  return invalidRequest(`Received unknown parameter: ${param}`, param, 'parameter_unknown');
}

export function resourceMissing(kind: string, id: string, param: string): StripeApiError {
  return new StripeApiError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${id}'`,
    param,
    'resource_missing',
  );
}

/**
 * A parameter names an object that does not exist (`customer=cus_nope` on a session, say): a 400
 * with `resource_missing`, where fetching a missing object by its URL is a 404.
 */
export function missingReference(kind: string, id: string, param: string): StripeApiError {
  return invalidRequest(`No such ${kind}: '${id}'`, param, 'resource_missing');
}
