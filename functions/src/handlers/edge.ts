import {
  HttpsError,
  type CallableRequest,
  type FunctionsErrorCode,
} from 'firebase-functions/v2/https';
import { checkAppCheck } from '../lib/app-check';
import { createContext, type Context } from '../lib/context';
import { PAYLOAD_LIMITS, payloadProblem, type PayloadLimits } from '../lib/payload-limits';
import {
  ConcurrentChangeError,
  InvalidRequestError,
  NotAllowedError,
  NotFoundError,
  PaymentServiceError,
  PortalError,
  PreconditionError,
  RateLimitedError,
} from '../lib/errors';

/**
 * What a callable handler reads of the request the Functions runtime hands it: the caller, the
 * data, what the runtime verified of the App Check token (whether it was spent before), (for
 * per-IP rate limits) the address the platform reports, and (for the local App Check check) the
 * headers.
 */
export type CallRequest = Pick<CallableRequest, 'auth' | 'data'> & {
  app?: { alreadyConsumed?: boolean | undefined } | undefined;
  rawRequest?: {
    ip?: string | undefined;
    headers?: Record<string, string | string[] | undefined>;
  };
};

/**
 * The HttpsError code the client sees for each refusal of a service. The one place where a
 * domain error becomes a callable error; message and details are kept as they are.
 */
function httpsCodeOf(error: PortalError): FunctionsErrorCode {
  if (error instanceof InvalidRequestError) return 'invalid-argument';
  if (error instanceof NotFoundError) return 'not-found';
  if (error instanceof NotAllowedError) return 'permission-denied';
  if (error instanceof PreconditionError) return 'failed-precondition';
  if (error instanceof ConcurrentChangeError) return 'aborted';
  if (error instanceof RateLimitedError) return 'resource-exhausted';
  if (error instanceof PaymentServiceError) return error.transient ? 'unavailable' : 'internal';
  return 'internal';
}

/** A refusal as the HttpsError the client receives; any other error is left as it is. */
export function toHttpsError(error: unknown): unknown {
  if (!(error instanceof PortalError)) return error;
  return new HttpsError(httpsCodeOf(error), error.message, error.details);
}

/**
 * A callable handler: builds the context (lib/context.ts), refuses a spent App Check token and,
 * in the emulator, checks (and where asked, spends) the local one (lib/app-check.ts; in
 * production the runtime has verified it), refuses `data` beyond the size, depth and width any
 * callable takes (lib/payload-limits.ts) with invalid-argument before a schema walks it, runs
 * `body`, and turns a service's refusal into its HttpsError. Errors that are not refusals (a
 * Firestore outage, a bug) pass through unchanged, and the Functions runtime answers them with
 * `internal`.
 */
export function callable<Res>(
  body: (request: CallRequest, ctx: Context) => Promise<Res>,
  limits: PayloadLimits = PAYLOAD_LIMITS,
): (request: CallRequest) => Promise<Res> {
  return async (request) => {
    try {
      const ctx = createContext();
      await checkAppCheck(request, ctx.db);
      const problem = payloadProblem(request.data, limits);
      if (problem) throw new HttpsError('invalid-argument', problem);
      return await body(request, ctx);
    } catch (error) {
      throw toHttpsError(error);
    }
  };
}
