import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@portal/domain';

/** The id of an expandable Stripe field (an id, or the object when it was expanded). */
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * The id of the order paid by a Stripe payment intent, or null when none of the portal's orders
 * holds it (a payment made elsewhere on the account). Refunds and disputes arrive this way.
 */
export async function orderOfPayment(
  db: Firestore,
  paymentIntent: string | null,
): Promise<string | null> {
  if (!paymentIntent) return null;
  const found = await db
    .collection(COLLECTIONS.orders)
    .where('stripe_payment_intent_id', '==', paymentIntent)
    .limit(1)
    .get();
  return found.docs[0]?.id ?? null;
}
