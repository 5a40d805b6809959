import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  DEFAULT_API_KEY,
  startStripeSandbox,
  type StripeSandbox,
  type StripeSandboxOptions,
} from '../src/index.js';

export const API_KEY = DEFAULT_API_KEY;
export const WEBHOOK_SECRET = 'whsec_test_secret_for_sandbox_tests';

export function stripeClient(port: number, apiKey = API_KEY): Stripe {
  return new Stripe(apiKey, {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

export async function startTestSandbox(
  options: StripeSandboxOptions = {},
): Promise<{ sandbox: StripeSandbox; stripe: Stripe }> {
  const sandbox = await startStripeSandbox({
    port: 0,
    webhookSecret: WEBHOOK_SECRET,
    retry: { attempts: 4, baseDelayMs: 10 },
    ...options,
  });
  return { sandbox, stripe: stripeClient(sandbox.port) };
}

export function sessionParams(
  overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 3,
        price_data: {
          currency: 'usd',
          unit_amount: 1250,
          product_data: { name: 'Blue Glaze Mug', description: 'Stoneware, 12 oz' },
        },
      },
      {
        quantity: 1,
        price_data: { currency: 'usd', unit_amount: 4999, product_data: { name: 'Teapot' } },
      },
    ],
    success_url: 'http://localhost:5173/payment-success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:5173/cart',
    client_reference_id: 'order_123',
    metadata: { orderId: 'order_123', userId: 'buyer_1' },
    ...overrides,
  };
}

export interface ReceivedWebhook {
  body: string;
  headers: IncomingHttpHeaders;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Statuses answered in order; the last one repeats. */
  respondWith(statuses: number[]): void;
  /** Answers each delivery only after this many milliseconds (default 0). */
  answerAfter(ms: number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let statuses = [200];
  let delayMs = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      const status = statuses.length > 1 ? (statuses.shift() as number) : (statuses[0] as number);
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ received: status < 300 }));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/stripeWebhook`,
    received,
    respondWith(next) {
      statuses = [...next];
    },
    answerAfter(ms) {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** Events received so far, each checked with the SDK's own signature verification. */
export function verifiedEvents(stripe: Stripe, receiver: WebhookReceiver): Stripe.Event[] {
  return receiver.received.map((r) =>
    stripe.webhooks.constructEvent(r.body, String(r.headers['stripe-signature']), WEBHOOK_SECRET),
  );
}

/** POSTs the hosted page's form (URL-encoded `fields`) without following the redirect. */
export function submitForm(
  baseUrl: string,
  sessionId: string,
  fields: Record<string, string>,
): Promise<Response> {
  return fetch(`${baseUrl}/checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** POSTs the sandbox's settle endpoint as a browser test would. */
export function postSettle(
  baseUrl: string,
  sessionId: string,
  body: string,
  contentType = 'application/x-www-form-urlencoded',
): Promise<Response> {
  return fetch(`${baseUrl}/_sandbox/checkout/sessions/${sessionId}/settle`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
}

/** POSTs the hosted page's Pay form without following the redirect. */
export function submitPay(baseUrl: string, sessionId: string): Promise<Response> {
  return fetch(`${baseUrl}/checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
}

/** The events delivered so far, once the sandbox has sent everything queued, signatures checked. */
export async function deliveredEvents(
  sandbox: Pick<StripeSandbox, 'whenWebhooksIdle'>,
  stripe: Stripe,
  receiver: WebhookReceiver,
): Promise<Stripe.Event[]> {
  await sandbox.whenWebhooksIdle();
  return verifiedEvents(stripe, receiver);
}

/** Forgets the events delivered so far, once the sandbox has sent everything queued. */
export async function forgetEvents(
  sandbox: Pick<StripeSandbox, 'whenWebhooksIdle'>,
  receiver: WebhookReceiver,
): Promise<void> {
  await sandbox.whenWebhooksIdle();
  receiver.received.length = 0;
}

/** The error a request was refused with (an Error saying so when it succeeded). */
export function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error('expected the request to fail'),
    (error: unknown) => error,
  );
}
