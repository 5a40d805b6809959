import { StripeApiError } from '../core/stripe-error.js';

export interface SavedResponse {
  status: number;
  body: string;
  requestId: string;
}

interface Entry {
  endpoint: string;
  fingerprint: string;
  response: SavedResponse;
  savedAt: number;
}

const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

/**
 * Stripe's idempotent requests: the first response for a key is saved and replayed for the same
 * key; reusing the key on another endpoint or with other parameters is a 400 `idempotency_error`.
 * Keys are scoped to the API key and forgotten after 24 hours.
 */
export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  private static scope(apiKey: string, key: string): string {
    return `${apiKey}\u0000${key}`;
  }

  /** Returns the saved response to replay, or undefined when the request should run. */
  lookup(
    apiKey: string,
    key: string,
    endpoint: string,
    fingerprint: string,
  ): SavedResponse | undefined {
    if (key.length > MAX_KEY_LENGTH) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters long.`,
      );
    }
    const scoped = IdempotencyStore.scope(apiKey, key);
    const entry = this.entries.get(scoped);
    if (!entry) return undefined;
    if (this.now() - entry.savedAt > KEY_LIFETIME_MS) {
      this.entries.delete(scoped);
      return undefined;
    }
    if (entry.endpoint !== endpoint) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${entry.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (entry.fingerprint !== fingerprint) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    return entry.response;
  }

  save(
    apiKey: string,
    key: string,
    endpoint: string,
    fingerprint: string,
    response: SavedResponse,
  ): void {
    this.entries.set(IdempotencyStore.scope(apiKey, key), {
      endpoint,
      fingerprint,
      response,
      savedAt: this.now(),
    });
  }

  clear(): void {
    this.entries.clear();
  }
}
