import { newId } from './ids.js';
import type { CheckoutSession, StripeEvent } from './types.js';

/** The API version stamped on events: the one pinned by stripe-node 20.4. */
export const API_VERSION = '2026-02-25.clover';

export function buildEvent(
  type: StripeEvent['type'],
  session: CheckoutSession,
  nowMs: number,
  pendingWebhooks: number,
): StripeEvent {
  return {
    id: newId('evt', 24),
    object: 'event',
    api_version: API_VERSION,
    created: Math.floor(nowMs / 1000),
    data: { object: structuredClone(session) },
    livemode: false,
    pending_webhooks: pendingWebhooks,
    request: { id: null, idempotency_key: null },
    type,
  };
}
