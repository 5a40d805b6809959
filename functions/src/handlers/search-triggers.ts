import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { Change, FirestoreEvent } from 'firebase-functions/v2/firestore';
import { paths } from '@portal/domain';
import {
  syncCompanySearchFields,
  syncOrderSearchFields,
  syncProfileSearchFields,
} from '../insights/search-fields';
import { createContext } from '../lib/context';
import { log } from '../lib/log';

/**
 * The Firestore triggers that keep the managers' search fields (insights/search-fields.ts).
 * A write that can change them (a new document, one without them yet, a new store name or
 * invoice number) re-derives them from the document as it now is, and writes only what differs;
 * any other write (a status change, the trigger's own write delivered back) ends at once.
 *
 * A company's fields also follow its locations (one added, removed, or moved to another city)
 * and its members (a profile that joins or leaves it, changes role, or whose keys show a new
 * address): those writes sync the company too.
 */
type Snapshot = Pick<DocumentSnapshot, 'exists' | 'get'>;
type WriteEvent<Params> = Pick<FirestoreEvent<Change<Snapshot> | undefined, Params>, 'params'> & {
  data?: Change<Snapshot> | undefined;
};

/** The fields the search fields are derived from, per collection. */
const ORDER_INPUTS = ['user_id', 'store_name', 'invoice_number'] as const;
const PROFILE_INPUTS = ['store_name'] as const;
const COMPANY_INPUTS = ['name', 'created_by'] as const;

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

/**
 * An order its writer created with its search fields: a card checkout's, whose transaction
 * derives them from the buyer it read (checkout/checkout-transitions.ts). Nothing to sync.
 */
export function createdWithSearchFields(change: Change<Snapshot> | undefined): boolean {
  return (
    change !== undefined &&
    !change.before.exists &&
    change.after.exists &&
    change.after.get('search_keys') !== undefined
  );
}

export async function orderWrittenForSearchHandler(
  event: WriteEvent<{ orderId: string }>,
): Promise<void> {
  if (createdWithSearchFields(event.data) || !needsSearchSync(event.data, ORDER_INPUTS)) return;
  const { orderId } = event.params;
  const outcome = await syncOrderSearchFields(createContext(), orderId);
  if (outcome === 'updated') log.info('order_search_fields_updated', { orderId });
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The address a profile's search keys hold: the first key with an '@' (searchKeysOf puts the
 * address in full before its starts and the name's words). A new one means the member's address
 * changed; '' when the keys hold none.
 */
export function addressKeyOf(keys: unknown): string {
  if (!Array.isArray(keys)) return '';
  return text(keys.find((key) => typeof key === 'string' && key.includes('@')));
}

/**
 * The companies whose search fields a profile's write can change: the one it left and the one it
 * joined, or its company when the member's role or address changed (null: the event carries no
 * change, so the profile's company as it is now).
 */
export function companiesOfProfileWrite(change: Change<Snapshot> | undefined): string[] | null {
  if (!change) return null;
  const companyOf = (snap: Snapshot) => (snap.exists ? text(snap.get('company_id')) : '');
  const before = companyOf(change.before);
  const after = companyOf(change.after);
  if (before !== after) return [before, after].filter(Boolean);
  if (!after) return [];
  const changed =
    !change.before.exists ||
    change.before.get('company_role') !== change.after.get('company_role') ||
    addressKeyOf(change.before.get('search_keys')) !==
      addressKeyOf(change.after.get('search_keys'));
  return changed ? [after] : [];
}

export async function profileWrittenForSearchHandler(
  event: WriteEvent<{ uid: string }>,
): Promise<void> {
  const ctx = createContext();
  const { uid } = event.params;
  if (needsSearchSync(event.data, PROFILE_INPUTS)) {
    const outcome = await syncProfileSearchFields(ctx, uid);
    if (outcome === 'updated') log.info('profile_search_fields_updated', { uid });
  }
  const companies =
    companiesOfProfileWrite(event.data) ??
    [text((await ctx.db.doc(paths.profile(uid)).get()).get('company_id'))].filter(Boolean);
  for (const companyId of companies) await syncCompany(companyId);
}

async function syncCompany(companyId: string): Promise<void> {
  const outcome = await syncCompanySearchFields(createContext(), companyId);
  if (outcome === 'updated') log.info('company_search_fields_updated', { companyId });
}

export async function companyWrittenForSearchHandler(
  event: WriteEvent<{ companyId: string }>,
): Promise<void> {
  if (!needsSearchSync(event.data, COMPANY_INPUTS)) return;
  await syncCompany(event.params.companyId);
}

/** Whether a location's write can change its company's fields: added, removed, another city. */
export function locationNeedsSync(change: Change<Snapshot> | undefined): boolean {
  if (!change) return true;
  if (change.before.exists !== change.after.exists) return true;
  const city = (snap: Snapshot) => text(snap.get('ship_to.address.city')).trim();
  return city(change.before) !== city(change.after);
}

export async function locationWrittenForSearchHandler(
  event: WriteEvent<{ companyId: string; locationId: string }>,
): Promise<void> {
  if (!locationNeedsSync(event.data)) return;
  await syncCompany(event.params.companyId);
}
