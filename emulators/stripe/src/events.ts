import Stripe from 'stripe';
import { newId } from './ids.js';
import type { EventObject, StripeEvent } from './types.js';

/**
 * The one API version the sandbox speaks: the version the `stripe` SDK it is built against is
 * pinned to. Its objects are typed by that SDK, so they have that version's shapes; events are
 * stamped with it, and a request asking for another version is refused (api-server.ts).
 */
export const API_VERSION: string = Stripe.API_VERSION;

/** An event of `type` carrying a snapshot of `object` (later changes do not alter it). */
export function buildEvent<T extends StripeEvent['type']>(
  type: T,
  object: EventObject<T>,
  nowMs: number,
  pendingWebhooks: number,
): StripeEvent {
  return {
    id: newId('evt', 24),
    object: 'event',
    api_version: API_VERSION,
    created: Math.floor(nowMs / 1000),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: pendingWebhooks,
    request: { id: null, idempotency_key: null },
    type,
  } as StripeEvent;
}
