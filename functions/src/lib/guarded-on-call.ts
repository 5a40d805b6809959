import {
  HttpsError,
  onCall as firebaseOnCall,
  type CallableOptions,
  type CallableRequest,
  type Request,
  type Response,
} from 'firebase-functions/v2/https';
import { log } from './log';
import {
  PAYLOAD_LIMITS,
  payloadProblem,
  payloadProblemsOf,
  type PayloadLimits,
} from './payload-limits';

/**
 * firebase-functions' onCall, with the request body's size and depth checked before the SDK
 * touches it. The SDK verifies the tokens and then decodes `data` recursively, so a body of
 * 100 000 nested arrays overflows the stack there and is answered `internal` (500) before any of
 * our code runs, and a body of 600 000 keys is copied key by key first. Here a body beyond
 * PAYLOAD_LIMITS is refused at once as a 400 `invalid-argument`, with the callable protocol's
 * error body, and the SDK never sees it. Everything else passes through unchanged.
 *
 * The returned function is the SDK's, re-wrapped: its deploy metadata (`__endpoint`, which
 * `firebase deploy` and the tests read; `__trigger`; `run` for the tests) is carried over.
 */

/**
 * The raw body's cap: the JSON of PAYLOAD_LIMITS.maxBytes of values plus room for escapes and
 * the `{"data": …}` envelope. Checked from the bytes the runtime received before walking anything.
 */
export const RAW_BODY_MAX_BYTES = rawBodyMaxBytes(PAYLOAD_LIMITS);
export function rawBodyMaxBytes(limits: PayloadLimits): number {
  return limits.maxBytes * 8;
}

/** The body's length as received: the runtime's raw bytes, else the declared length. */
function bodyLength(req: Request): number | undefined {
  if (Buffer.isBuffer(req.rawBody)) return req.rawBody.length;
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) ? declared : undefined;
}

/** Why the raw request must not reach the SDK, or null. */
export function rawBodyProblem(
  req: Request,
  limits: PayloadLimits = PAYLOAD_LIMITS,
): string | null {
  if (req.method !== 'POST') return null;
  const length = bodyLength(req);
  if (length !== undefined && length > rawBodyMaxBytes(limits)) {
    return payloadProblemsOf(limits).tooLarge;
  }
  const body: unknown = req.body;
  if (body === null || typeof body !== 'object' || !('data' in body)) return null;
  return payloadProblem(body.data, limits);
}

function refuse(req: Request, res: Response, message: string): void {
  const error = new HttpsError('invalid-argument', message);
  // Callables answer any origin (the SDK's default CORS), so the web app can read the message.
  const origin = req.headers.origin;
  if (typeof origin === 'string') {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
  }
  res.status(error.httpErrorCode.status).send({ error: error.toJSON() });
}

export function onCall<T, Return>(
  opts: CallableOptions<T>,
  handler: (request: CallableRequest<T>) => Return,
  limits: PayloadLimits = PAYLOAD_LIMITS,
): ReturnType<typeof firebaseOnCall<T, Return>> {
  const inner = firebaseOnCall<T, Return>(opts, handler);
  const guarded = (req: Request, res: Response): void | Promise<void> => {
    const problem = rawBodyProblem(req, limits);
    if (problem) {
      log.warn('callable_body_refused', { problem, bytes: bodyLength(req) ?? null });
      refuse(req, res, problem);
      return;
    }
    return inner(req, res);
  };
  Object.defineProperties(guarded, Object.getOwnPropertyDescriptors(inner));
  return guarded as typeof inner;
}
