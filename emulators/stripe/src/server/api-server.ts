import type { IncomingMessage, ServerResponse } from 'node:http';
import { routeApi } from './api-routes.js';
import { authenticate } from './auth.js';
import { API_VERSION } from '../webhooks/events.js';
import { canonicalForm, parseForm, type FormObject } from '../core/form-encoding.js';
import { BodyTooLargeError, readBody, sendJson } from './http-utils.js';
import { newId } from '../core/ids.js';
import type { SandboxState } from './sandbox-state.js';
import { StripeApiError, type StripeErrorBody } from '../core/stripe-error.js';

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function unrecognized(method: string, path: string): StripeApiError {
  return new StripeApiError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );
}

/**
 * The sandbox renders one API version's shapes (API_VERSION, the SDK's). A request pinned to
 * another version (an older stripe package, an `apiVersion` option) would get objects of a shape
 * it does not expect, so it is refused with Stripe's error for a version it cannot serve, rather
 * than answered wrongly. Without the header the sandbox's version applies, as the account default
 * does at Stripe. Beta flags after `;` are not compared.
 */
function checkApiVersion(requested: string | undefined): void {
  if (requested === undefined) return;
  const version = requested.split(';', 1)[0]?.trim();
  if (version === API_VERSION) return;
  throw new StripeApiError(
    400,
    'invalid_request_error',
    `Invalid Stripe API version: ${requested}. The Stripe sandbox serves API version ${API_VERSION} only (the version of its stripe package); use that version or send no Stripe-Version header.`,
  );
}

function errorResult(
  error: unknown,
  log: (line: string) => void,
): { status: number; body: StripeErrorBody } {
  if (error instanceof StripeApiError) return { status: error.status, body: error.toBody() };
  if (error instanceof BodyTooLargeError) {
    return {
      status: 413,
      body: new StripeApiError(413, 'invalid_request_error', error.message).toBody(),
    };
  }
  log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return {
    status: 500,
    body: new StripeApiError(
      500,
      'api_error',
      'An unknown error occurred in the Stripe sandbox.',
    ).toBody(),
  };
}

/** Serves `/v1/*`: authentication, form parsing, idempotent replays, routing and Stripe errors. */
export async function handleApi(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  const requestId = newId('req', 14);
  const headers = { 'request-id': requestId, 'stripe-version': API_VERSION };
  const send = (status: number, body: StripeErrorBody): void => {
    state.options.log(`${method} ${url.pathname} -> ${status}`);
    sendJson(res, status, JSON.stringify(body, null, 2), headers);
  };
  let path = url.pathname;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    // Keep the raw path; it will not match a route.
  }
  let apiKey: string;
  let params: FormObject;
  try {
    apiKey = authenticate(headerValue(req, 'authorization'), state.options.apiKey);
    checkApiVersion(headerValue(req, 'stripe-version'));
    const text = method === 'POST' ? await readBody(req) : url.search.slice(1);
    params = parseForm(text);
  } catch (error) {
    const result = errorResult(error, state.options.log);
    send(result.status, result.body);
    return;
  }
  const idempotencyKey = method === 'POST' ? headerValue(req, 'idempotency-key') : undefined;
  const fingerprint = canonicalForm(params);
  try {
    if (idempotencyKey !== undefined) {
      const saved = state.idempotency.lookup(apiKey, idempotencyKey, path, fingerprint);
      if (saved) {
        state.options.log(
          `${method} ${path} -> ${saved.status} (idempotent replay of ${saved.requestId})`,
        );
        sendJson(res, saved.status, saved.body, {
          ...headers,
          'idempotent-replayed': 'true',
          'original-request': saved.requestId,
        });
        return;
      }
    }
    const run = routeApi({ method, path, params });
    if (!run) throw unrecognized(method, path);
    const result = run(state);
    const body = JSON.stringify(result.body, null, 2);
    if (idempotencyKey !== undefined) {
      state.idempotency.save(apiKey, idempotencyKey, path, fingerprint, {
        status: result.status,
        body,
        requestId,
      });
    }
    state.options.log(`${method} ${path} -> ${result.status}`);
    sendJson(res, result.status, body, headers);
  } catch (error) {
    // Like Stripe, a request that fails validation saves no idempotent result.
    const result = errorResult(error, state.options.log);
    send(result.status, result.body);
  }
}
