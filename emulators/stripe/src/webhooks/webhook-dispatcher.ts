import Stripe from 'stripe';
import type { DeliveryRecord, StripeEvent } from '../core/types.js';

export interface RetryPolicy {
  /** Total attempts, the first included. */
  attempts: number;
  /** Delay before the second attempt; it doubles for each further attempt. */
  baseDelayMs: number;
}

export interface WebhookDispatcherOptions {
  url: () => string | undefined;
  secret: string;
  retry: RetryPolicy;
  /** Milliseconds since the epoch. */
  now: () => number;
  log: (line: string) => void;
  /** Per-attempt timeout. */
  timeoutMs: number;
}

/**
 * Sends events to the webhook endpoint signed like Stripe, retrying non-2xx answers and network
 * errors with exponential backoff, and records every attempt.
 */
export class WebhookDispatcher {
  private readonly records: DeliveryRecord[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly idleWaiters: Array<() => void> = [];
  private stopped = false;
  /** Bumped by reset(): attempts started before it neither record nor retry. */
  private generation = 0;

  constructor(private readonly options: WebhookDispatcherOptions) {}

  deliveries(): ReadonlyArray<DeliveryRecord> {
    return [...this.records];
  }

  /**
   * Makes the first delivery attempt of each event, one after the other in the order given
   * (awaited; `whenIdle` waits for them all), and schedules retries in the background.
   */
  async dispatch(...events: StripeEvent[]): Promise<void> {
    const url = this.options.url();
    if (!url) {
      for (const event of events) {
        this.options.log(
          `webhook ${event.id} ${event.type}: no webhook URL configured, not delivered`,
        );
      }
      return;
    }
    const generation = this.generation;
    await this.track(
      (async () => {
        for (const event of events) await this.attempt(event, url, 1, generation);
      })(),
    );
  }

  /** Attempts running now plus retries scheduled. */
  get busy(): number {
    return this.inFlight.size + this.timers.size;
  }

  /** Resolves when no attempt is running or scheduled. */
  whenIdle(): Promise<void> {
    if (this.timers.size === 0 && this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Cancels scheduled retries and waits for running attempts. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelRetries();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Forgets the records and cancels scheduled retries (running attempts finish unrecorded). */
  reset(): void {
    this.generation += 1;
    this.cancelRetries();
    this.records.length = 0;
  }

  private cancelRetries(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.notifyIfIdle();
  }

  private track(promise: Promise<void>): Promise<void> {
    this.inFlight.add(promise);
    return promise.finally(() => {
      this.inFlight.delete(promise);
      this.notifyIfIdle();
    });
  }

  private notifyIfIdle(): void {
    if (this.timers.size > 0 || this.inFlight.size > 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private async attempt(
    event: StripeEvent,
    url: string,
    attempt: number,
    generation: number,
  ): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    // `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`, keyed with the
    // endpoint secret. The SDK's own signer makes it (the code whose result constructEvent
    // checks), with the sandbox clock's time; a new signature for every attempt, as Stripe does.
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.options.secret,
      timestamp: Math.floor(this.options.now() / 1000),
    });
    let status: number | null = null;
    let error: string | undefined;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signature,
        },
        body: payload,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch (cause) {
      error = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    }
    const ok = status !== null && status >= 200 && status < 300;
    if (generation !== this.generation) return;
    const record: DeliveryRecord = {
      eventId: event.id,
      type: event.type,
      url,
      attempt,
      status,
      ok,
      at: this.options.now(),
    };
    if (error !== undefined) record.error = error;
    this.records.push(record);
    this.options.log(
      `webhook ${event.id} ${event.type} attempt ${attempt} -> ${status ?? error ?? 'no answer'}`,
    );
    if (ok || this.stopped || attempt >= this.options.retry.attempts) {
      if (!ok && attempt >= this.options.retry.attempts) {
        this.options.log(`webhook ${event.id} ${event.type}: giving up after ${attempt} attempts`);
      }
      return;
    }
    const delay = this.options.retry.baseDelayMs * 2 ** (attempt - 1);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.track(this.attempt(event, url, attempt + 1, generation));
    }, delay);
    this.timers.add(timer);
  }
}
