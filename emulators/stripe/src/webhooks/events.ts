import Stripe from 'stripe';
import { newId } from '../core/ids.js';
import type { EventObject, PreviousAttributes, StripeEvent } from '../core/types.js';

/**
 * The one API version the sandbox speaks: the version the `stripe` SDK it is built against is
 * pinned to. Its objects are typed by that SDK, so they have that version's shapes; events are
 * stamped with it, and a request asking for another version is refused (api-server.ts).
 */
export const API_VERSION: string = Stripe.API_VERSION;

/**
 * A deep copy of `value` as it would be sent: through JSON, so SDK values with a JSON form
 * (`Stripe.Decimal` prices, which structuredClone cannot copy) become what the wire carries.
 */
export function snapshot<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * An event of `type` carrying a snapshot of `object` (later changes do not alter it) and, for an
 * update, the changed fields' earlier values in `data.previous_attributes`.
 */
export function buildEvent<T extends StripeEvent['type']>(
  type: T,
  object: EventObject<T>,
  nowMs: number,
  pendingWebhooks: number,
  previousAttributes?: PreviousAttributes<T>,
): StripeEvent {
  return {
    id: newId('evt', 24),
    object: 'event',
    api_version: API_VERSION,
    created: Math.floor(nowMs / 1000),
    data: {
      object: snapshot(object),
      ...(previousAttributes ? { previous_attributes: snapshot(previousAttributes) } : {}),
    },
    livemode: false,
    pending_webhooks: pendingWebhooks,
    request: { id: null, idempotency_key: null },
    type,
  } as StripeEvent;
}
