import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { paths } from '@portal/domain';

/** A Stripe event being handled (absent when verifyPayment or a manager's call does the same). */
export interface EventRef {
  id: string;
  type: string;
}

/**
 * stripe_events/{eventId}: the events already handled, read and written in the transaction that
 * applies the event, so a replayed or concurrently delivered event changes nothing the 2nd time.
 */
export async function readEventSeen(
  tx: Transaction,
  db: Firestore,
  event: EventRef | undefined,
): Promise<boolean> {
  if (!event) return false;
  return (await tx.get(db.doc(paths.stripeEvent(event.id)))).exists;
}

export function recordEvent(
  tx: Transaction,
  db: Firestore,
  event: EventRef | undefined,
  fields: { orderId: string | null; sessionId: string | null; outcome: string },
) {
  if (!event) return;
  tx.create(db.doc(paths.stripeEvent(event.id)), {
    type: event.type,
    order_id: fields.orderId,
    session_id: fields.sessionId,
    outcome: fields.outcome,
    received_at: FieldValue.serverTimestamp(),
  });
}
