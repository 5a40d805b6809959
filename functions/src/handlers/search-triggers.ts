import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { Change, FirestoreEvent } from 'firebase-functions/v2/firestore';
import { syncOrderSearchFields, syncProfileSearchFields } from '../insights/search-fields';
import { createContext } from '../lib/context';
import { log } from '../lib/log';

/**
 * The Firestore triggers that keep the managers' search fields (insights/search-fields.ts).
 * A write that can change them (a new document, one without them yet, a new store name or
 * invoice number) re-derives them from the document as it now is, and writes only what differs;
 * any other write (a status change, the trigger's own write delivered back) ends at once.
 */
type Snapshot = Pick<DocumentSnapshot, 'exists' | 'get'>;
type WriteEvent<Params> = Pick<FirestoreEvent<Change<Snapshot> | undefined, Params>, 'params'> & {
  data?: Change<Snapshot> | undefined;
};

/** The fields the search fields are derived from, per collection. */
const ORDER_INPUTS = ['user_id', 'store_name', 'invoice_number'] as const;
const PROFILE_INPUTS = ['store_name'] as const;

/** Whether the write can change the search fields (true when the event carries no change). */
export function needsSearchSync(
  change: Change<Snapshot> | undefined,
  inputs: readonly string[],
): boolean {
  if (!change) return true;
  if (!change.after.exists) return false;
  if (!change.before.exists || change.after.get('search_keys') === undefined) return true;
  return inputs.some(
    (field) =>
      JSON.stringify(change.before.get(field) ?? null) !==
      JSON.stringify(change.after.get(field) ?? null),
  );
}

export async function orderWrittenForSearchHandler(
  event: WriteEvent<{ orderId: string }>,
): Promise<void> {
  if (!needsSearchSync(event.data, ORDER_INPUTS)) return;
  const { orderId } = event.params;
  const outcome = await syncOrderSearchFields(createContext(), orderId);
  if (outcome === 'updated') log.info('order_search_fields_updated', { orderId });
}

export async function profileWrittenForSearchHandler(
  event: WriteEvent<{ uid: string }>,
): Promise<void> {
  if (!needsSearchSync(event.data, PROFILE_INPUTS)) return;
  const { uid } = event.params;
  const outcome = await syncProfileSearchFields(createContext(), uid);
  if (outcome === 'updated') log.info('profile_search_fields_updated', { uid });
}
