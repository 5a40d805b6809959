import type { IncomingHttpHeaders } from 'node:http';
import { firestore } from '../lib/admin';
import { handleWebhook } from '../payments/webhook';

/** What the handler needs of the request: Cloud Functions keep the exact bytes in rawBody. */
export interface RawBodyRequest {
  method: string;
  headers: IncomingHttpHeaders;
  rawBody?: Buffer;
}

export interface JsonResponse {
  status(code: number): { json(body: unknown): unknown };
}

/**
 * HTTPS stripeWebhook: Stripe POSTs signed events here. The signature is checked on the raw
 * body; see payments/webhook.ts for the answers (400 bad signature, 2xx handled or ignored,
 * 500 so Stripe retries).
 */
export async function stripeWebhookHandler(req: RawBodyRequest, res: JsonResponse): Promise<void> {
  const header = req.headers['stripe-signature'];
  const answer = await handleWebhook(
    {
      method: req.method,
      signature: Array.isArray(header) ? header[0] : header,
      rawBody: req.rawBody,
    },
    { db: firestore() },
  );
  res.status(answer.status).json(answer.body);
}
