/**
 * At-least-once delivery of trigger events to the Functions emulator over HTTP. Events that share
 * an ordering key (one trigger, one document) are delivered one after another in the order they
 * were queued, so a function sees a document's changes in commit order. While the Functions
 * emulator is unreachable or still loading, delivery retries with exponential backoff; an event is
 * dropped only when the function itself fails (as Cloud Functions does without a retry policy) or
 * the trigger stays unknown. At most `maxInFlight` events are sent at once: the Functions
 * emulator starts a worker process for each concurrent call, so a bulk write (an import of 2,000
 * products) sent all at once would start hundreds and stall the machine.
 */
import http from 'node:http';
import type { EventRequest } from './event-payloads.js';

export interface DeliveryTarget {
  readonly host: string;
  readonly port: number;
}

export interface DeliveryOptions {
  readonly target: DeliveryTarget | null;
  readonly log: (line: string) => void;
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
  /** Attempts for an event whose function the Functions emulator does not know (404). */
  readonly maxUnknownAttempts?: number;
  readonly requestTimeoutMs?: number;
  /** Events sent at the same time, across all ordering keys (default 4). */
  readonly maxInFlight?: number;
}

interface Pending {
  readonly path: string;
  readonly request: EventRequest;
  readonly label: string;
  attempts: number;
}

type Outcome = 'delivered' | 'retry' | 'unknown' | 'failed';

function post(
  target: DeliveryTarget,
  path: string,
  request: EventRequest,
  timeoutMs: number,
): Promise<{ status: number; text: string } | { error: string }> {
  return new Promise((resolve) => {
    const body = Buffer.from(request.body);
    const req = http.request(
      {
        host: target.host,
        port: target.port,
        method: 'POST',
        path,
        headers: { ...request.headers, 'content-length': String(body.length) },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', (e) => resolve({ error: e.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (e) => resolve({ error: e.message }));
    req.end(body);
  });
}

function classify(result: { status: number } | { error: string }): Outcome {
  if ('error' in result) return 'retry';
  if (result.status >= 200 && result.status < 300) return 'delivered';
  if (result.status === 404) return 'unknown';
  if ([408, 429, 502, 503, 504].includes(result.status)) return 'retry';
  return 'failed';
}

export class EventDelivery {
  private readonly queues = new Map<string, Pending[]>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly idleWaiters: (() => void)[] = [];
  private stopped = false;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly maxUnknownAttempts: number;
  private readonly requestTimeoutMs: number;
  private readonly maxInFlight: number;
  private inFlight = 0;
  private readonly slotWaiters: (() => void)[] = [];
  /** Counters for tests and logs. */
  readonly stats = { delivered: 0, dropped: 0, retries: 0 };

  constructor(private readonly options: DeliveryOptions) {
    this.initialBackoffMs = options.initialBackoffMs ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 5_000;
    this.maxUnknownAttempts = options.maxUnknownAttempts ?? 20;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 540_000;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 4);
  }

  /** Waits for one of the maxInFlight sending slots; the returned function frees it. */
  private async slot(): Promise<() => void> {
    while (this.inFlight >= this.maxInFlight && !this.stopped) {
      await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
    }
    this.inFlight += 1;
    return () => {
      this.inFlight -= 1;
      this.slotWaiters.shift()?.();
    };
  }

  get pending(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.length;
    return n;
  }

  enqueue(orderingKey: string, path: string, request: EventRequest, label: string): void {
    if (this.stopped) return;
    if (!this.options.target) {
      this.options.log(`trigger ${label} not delivered: no Functions emulator address was given`);
      return;
    }
    const queue = this.queues.get(orderingKey);
    const item: Pending = { path, request, label, attempts: 0 };
    if (queue) {
      queue.push(item);
      return;
    }
    this.queues.set(orderingKey, [item]);
    void this.drain(orderingKey);
  }

  /** Resolves once every queued event was delivered or dropped. */
  idle(): Promise<void> {
    if (this.queues.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.queues.clear();
    for (const wake of this.slotWaiters.splice(0)) wake();
    this.notifyIdle();
  }

  private notifyIdle(): void {
    if (this.queues.size > 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        resolve();
      }, ms);
      this.timers.add(t);
    });
  }

  private async drain(orderingKey: string): Promise<void> {
    const target = this.options.target as DeliveryTarget;
    for (;;) {
      const queue = this.queues.get(orderingKey);
      const item = queue?.[0];
      if (!queue || !item || this.stopped) break;
      const release = await this.slot();
      if (this.stopped) {
        release();
        break;
      }
      item.attempts += 1;
      let result: Awaited<ReturnType<typeof post>>;
      try {
        result = await post(target, item.path, item.request, this.requestTimeoutMs);
      } finally {
        release();
      }
      if (this.stopped) break;
      let outcome = classify(result);
      if (outcome === 'unknown' && item.attempts < this.maxUnknownAttempts) outcome = 'retry';
      if (outcome === 'retry') {
        this.stats.retries += 1;
        if (item.attempts === 1 || item.attempts % 10 === 0) {
          const why = 'error' in result ? result.error : `HTTP ${result.status}`;
          this.options.log(
            `trigger ${item.label}: delivery attempt ${item.attempts} failed (${why}); retrying`,
          );
        }
        const backoff = Math.min(
          this.maxBackoffMs,
          this.initialBackoffMs * 2 ** (item.attempts - 1),
        );
        await this.sleep(backoff);
        continue;
      }
      if (outcome === 'delivered') this.stats.delivered += 1;
      else {
        this.stats.dropped += 1;
        const why =
          'error' in result ? result.error : `HTTP ${result.status} ${result.text.slice(0, 200)}`;
        this.options.log(
          `trigger ${item.label}: event dropped after ${item.attempts} attempt(s) (${why})`,
        );
      }
      queue.shift();
      if (queue.length === 0) this.queues.delete(orderingKey);
    }
    this.notifyIdle();
  }
}
