import { buildEvent } from './events.js';
import { IdempotencyStore } from './idempotency.js';
import { SessionStore, type StoredSession } from './session-store.js';
import type { CheckoutSession, StripeEvent } from './types.js';
import { WebhookDispatcher, type RetryPolicy } from './webhook-dispatcher.js';

export interface SandboxStateOptions {
  apiKey: string;
  webhookUrl: string | undefined;
  webhookSecret: string;
  retry: RetryPolicy;
  webhookTimeoutMs: number;
  now: () => number;
  log: (line: string) => void;
  publicUrl: () => string;
}

export type PayOutcome =
  | { outcome: 'paid'; stored: StoredSession }
  | { outcome: 'already-paid'; stored: StoredSession }
  | { outcome: 'expired'; stored: StoredSession }
  | { outcome: 'missing' };

/** Everything the sandbox holds, shared by the API, the hosted page and the programmatic handle. */
export class SandboxState {
  readonly store: SessionStore;
  readonly idempotency: IdempotencyStore;
  readonly webhooks: WebhookDispatcher;
  private webhookUrl: string | undefined;

  constructor(readonly options: SandboxStateOptions) {
    this.webhookUrl = options.webhookUrl;
    this.store = new SessionStore({
      now: options.now,
      publicUrl: options.publicUrl,
      onExpired: (session) => {
        void this.emit('checkout.session.expired', session);
      },
    });
    this.idempotency = new IdempotencyStore(options.now);
    this.webhooks = new WebhookDispatcher({
      url: () => this.webhookUrl,
      secret: options.webhookSecret,
      retry: options.retry,
      now: options.now,
      log: options.log,
      timeoutMs: options.webhookTimeoutMs,
    });
  }

  setWebhookUrl(url: string | undefined): void {
    this.webhookUrl = url;
  }

  /**
   * Pays an open session: marks it complete and paid with a new payment intent, then delivers
   * `checkout.session.completed` (first attempt awaited, retries in the background).
   */
  async pay(sessionId: string): Promise<PayOutcome> {
    const stored = this.store.get(sessionId);
    if (!stored) return { outcome: 'missing' };
    if (stored.session.status === 'expired') return { outcome: 'expired', stored };
    if (!this.store.complete(stored)) return { outcome: 'already-paid', stored };
    this.options.log(
      `paid ${sessionId} (${stored.session.amount_total} ${stored.session.currency})`,
    );
    await this.emit('checkout.session.completed', stored.session);
    return { outcome: 'paid', stored };
  }

  private emit(type: StripeEvent['type'], session: CheckoutSession): Promise<void> {
    const event = buildEvent(type, session, this.options.now(), this.webhookUrl ? 1 : 0);
    return this.webhooks.dispatch(event);
  }

  reset(): void {
    this.store.clear();
    this.idempotency.clear();
    this.webhooks.reset();
  }
}
