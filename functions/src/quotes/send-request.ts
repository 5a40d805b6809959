import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { QUOTE_DELIVERIES, type QuoteDelivery } from '@portal/domain';

/**
 * quotes/{quoteId}.send_request: the sendDraftOrder request that is sending, or sent, the draft
 * (functions only; the browser's quote schema leaves it out).
 *
 * - While the draft is being sent as a payment link or on terms (a Stripe call between two
 *   transactions), it is the draft's lock: until `until`, another send, an edit or a deletion of
 *   the draft is refused (QUOTE_MESSAGES.beingSent). A send that fails removes it again; one whose
 *   function instance died is taken over once `until` has passed.
 * - Once sent, it is the request that sent it: a retry with the same request id answers the
 *   sending as it was made, any other send is refused (QUOTE_MESSAGES.notDraft).
 */
export interface SendRequest {
  id: string;
  delivery: QuoteDelivery;
  /** The manager sending it. */
  by: string;
  /** The lock's end (real time, ms): long enough for a Stripe session or an invoice. */
  until: number;
}

/** How long a send may hold its draft before another may take it over. */
export const SEND_LOCK_MS = 2 * 60_000;

export const SEND_REQUEST_FIELD = 'send_request';

/** The stored send_request, or null when there is none (or it does not read as one). */
export function sendRequestOf(snap: DocumentSnapshot): SendRequest | null {
  const value: unknown = snap.get(SEND_REQUEST_FIELD);
  if (typeof value !== 'object' || value === null) return null;
  const { id, delivery, by, until } = value as Record<string, unknown>;
  const kind = QUOTE_DELIVERIES.find((d) => d === delivery);
  if (typeof id !== 'string' || !kind || typeof by !== 'string' || !(until instanceof Timestamp)) {
    return null;
  }
  return { id, delivery: kind, by, until: until.toMillis() };
}

/** The field as stored. */
export function sendRequestDoc(request: SendRequest) {
  return {
    id: request.id,
    delivery: request.delivery,
    by: request.by,
    until: Timestamp.fromMillis(request.until),
  };
}

/**
 * Whether another request is sending this draft right now (its lock has not run out): an edit,
 * a deletion and any other send wait for it. `requestId` is the caller's own send, if any.
 */
export function sentByAnotherNow(
  snap: DocumentSnapshot,
  now: number,
  requestId: string | null = null,
): boolean {
  const request = sendRequestOf(snap);
  return request !== null && request.id !== requestId && request.until > now;
}
