import Stripe from 'stripe';
import { newId } from './ids.js';
import type { CheckoutSession, StripeEvent } from './types.js';

/**
 * The one API version the sandbox speaks: the version the `stripe` SDK it is built against is
 * pinned to. Its objects are typed by that SDK, so they have that version's shapes; events are
 * stamped with it, and a request asking for another version is refused (api-server.ts).
 */
export const API_VERSION: string = Stripe.API_VERSION;

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
