import type { IncomingHttpHeaders } from 'node:http';
import { createContext } from '../lib/context';
import { handleWebhook, type WebhookResult } from '../stripe-events/webhook';

/** What the handler needs of the request: Cloud Functions keep the exact bytes in rawBody. */
interface RawBodyRequest {
  method: string;
  headers: IncomingHttpHeaders;
  rawBody?: Buffer;
}

interface JsonResponse {
  status(code: number): { json(body: unknown): unknown };
}

/**
 * The HTTP answer Stripe gets for each result: 2xx for a delivery handled or deliberately
 * ignored (Stripe stops retrying), 4xx for a request that is not a signed delivery, 500 for a
 * failure worth retrying (Stripe retries with backoff for days).
 */
export function webhookAnswer(result: WebhookResult): {
  status: number;
  body: Record<string, unknown>;
} {
  switch (result.kind) {
    case 'wrong-method':
      return { status: 405, body: { error: 'Use POST.' } };
    case 'unsigned':
      return { status: 400, body: { error: 'Missing Stripe-Signature header or body.' } };
    case 'bad-signature':
      return { status: 400, body: { error: 'Invalid signature.' } };
    case 'not-configured':
      return { status: 500, body: { error: 'Webhook not configured.' } };
    case 'handled':
      return {
        status: 200,
        body: { received: true, outcome: result.outcome, orderId: result.orderId },
      };
    case 'swept':
      return {
        status: 200,
        body: { received: true, companies: result.companies, reminders: result.reminders },
      };
    case 'ignored':
      return { status: 200, body: { received: true, ignored: true } };
    case 'failed':
      return { status: 500, body: { error: 'Processing failed; Stripe will retry.' } };
  }
}

/**
 * HTTPS stripeWebhook: Stripe POSTs signed events here. The signature is checked on the raw
 * body; stripe-events/webhook.ts decides what each delivery does, webhookAnswer what Stripe is told.
 */
export async function stripeWebhookHandler(req: RawBodyRequest, res: JsonResponse): Promise<void> {
  const header = req.headers['stripe-signature'];
  const result = await handleWebhook(
    {
      method: req.method,
      signature: Array.isArray(header) ? header[0] : header,
      rawBody: req.rawBody,
    },
    createContext(),
  );
  const answer = webhookAnswer(result);
  res.status(answer.status).json(answer.body);
}
