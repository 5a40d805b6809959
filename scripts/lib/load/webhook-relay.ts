/**
 * Where the stack's Stripe sandbox delivers its webhooks during `npm run load` (StackOptions
 * .stripeWebhookUrl): a small HTTP server that either forwards each delivery to the stripeWebhook
 * function and hands its answer back (the sandbox sees what it would see without the relay), or
 * records it and answers 200 without forwarding (the webhook burst collects real, signed events
 * this way and delivers them itself later). Every delivery is logged with its answer.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RelayedDelivery {
  eventId: string;
  type: string;
  /**
   * The answer the sandbox got: the function's status, 200 when recorded, null when it had no
   * answer (the function unreachable, or the sandbox gave up waiting).
   */
  status: number | null;
  ms: number;
  mode: RelayMode;
}

export interface RecordedEvent {
  eventId: string;
  type: string;
  /** The body exactly as the sandbox sent it (what its signature covers). */
  body: string;
  /** The `data.object.id` of the event: the session, for checkout events. */
  objectId: string;
}

export type RelayMode = 'forward' | 'record';

export interface WebhookRelay {
  url: string;
  mode: RelayMode;
  /** Where 'forward' sends deliveries (set once the stack is up). */
  target: string | null;
  deliveries: RelayedDelivery[];
  recorded: RecordedEvent[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function eventFields(body: string): Pick<RecordedEvent, 'eventId' | 'type' | 'objectId'> {
  try {
    const event = JSON.parse(body) as {
      id?: unknown;
      type?: unknown;
      data?: { object?: { id?: unknown } };
    };
    return {
      eventId: typeof event.id === 'string' ? event.id : '',
      type: typeof event.type === 'string' ? event.type : '',
      objectId: typeof event.data?.object?.id === 'string' ? event.data.object.id : '',
    };
  } catch {
    return { eventId: '', type: '', objectId: '' };
  }
}

export async function startWebhookRelay(): Promise<WebhookRelay> {
  const relay: WebhookRelay = {
    url: '',
    mode: 'forward',
    target: null,
    deliveries: [],
    recorded: [],
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const started = performance.now();
    const mode = relay.mode;
    // The sandbox gives up on an attempt after 10 s (and retries it later): what it saw is no
    // answer, whatever the function answers afterwards.
    let senderGone = false;
    res.on('close', () => {
      if (!res.writableEnded) senderGone = true;
    });
    res.on('error', () => undefined);
    void readBody(req).then(async (raw) => {
      const body = raw.toString('utf8');
      const fields = eventFields(body);
      const log = (status: number | null) =>
        relay.deliveries.push({
          eventId: fields.eventId,
          type: fields.type,
          status,
          ms: performance.now() - started,
          mode,
        });
      if (mode === 'record' || !relay.target) {
        relay.recorded.push({ ...fields, body });
        log(200);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"recorded":true}');
        return;
      }
      try {
        const answer = await fetch(relay.target, {
          method: 'POST',
          headers: {
            'content-type': String(req.headers['content-type'] ?? 'application/json'),
            'stripe-signature': String(req.headers['stripe-signature'] ?? ''),
          },
          body: raw,
        });
        const text = await answer.text();
        log(senderGone ? null : answer.status);
        res
          .writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'application/json',
          })
          .end(text);
      } catch (error) {
        log(null);
        res.writeHead(502).end(String(error));
      }
    });
  });
  // The sandbox waits up to 10 s per attempt; the function may take longer while calls queue.
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stripeWebhook`;
  relay.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return relay;
}
