import { FieldValue } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  COMPANY_LIMITS,
  companyRoleCan,
  locationSchema,
  memberCoversLocation,
  membershipOf,
  paths,
  OWNERS_ONLY,
  type ArchiveLocationRequest,
  type Location,
  type SaveLocationRequest,
  type SaveLocationResponse,
} from '@portal/domain';
import type { Context } from '../lib/context';
import { NOT_APPROVED } from '../lib/caller';
import { NotAllowedError, NotFoundError, PreconditionError } from '../lib/errors';
import { log } from '../lib/log';
import type { Member } from './company-record';

/**
 * A company's ship-to locations (docs/companies.md#locations): companies/{companyId}/locations.
 * Its owners add, edit and archive them (saveLocation, archiveLocation); members check out to the
 * ones they cover. An archived location takes no new order and stays on the orders it has.
 */
export const LOCATION_NOT_FOUND = 'Location not found.';
/** Archiving a location its standing orders still ship to: they would go on being charged. */
export const LOCATION_HAS_STANDING_ORDERS =
  'Standing orders still ship to this location. Cancel them in My Account → Standing orders first: an archived location takes no new order.';
export const LOCATION_ARCHIVED = 'This location is archived. Choose another one.';
export const LOCATION_NOT_YOURS = 'You cannot order for this location. Ask your company’s owner.';
export const NO_LOCATION_OF_YOURS =
  "You have no location to order for. Ask your company's owner to assign one.";

type Deps = Pick<Context, 'db'>;

/** The caller as an approved member who owns their company; refused otherwise. */
async function ownerOfCompany(deps: Deps, uid: string): Promise<Member> {
  // One read of the profile: its status and its membership.
  const profile = await deps.db.doc(paths.profile(uid)).get();
  const membership = membershipOf(profile.data());
  if (!membership || profile.get('status') !== 'approved') throw new NotAllowedError(NOT_APPROVED);
  if (!companyRoleCan(membership.role, 'manage')) throw new NotAllowedError(OWNERS_ONLY);
  return { uid, ...membership };
}

/** Adds a location (a generated id) or edits one; at most COMPANY_LIMITS.locations a company. */
export async function saveLocation(
  deps: Deps,
  uid: string,
  request: SaveLocationRequest,
): Promise<SaveLocationResponse> {
  const owner = await ownerOfCompany(deps, uid);
  const location = locationSchema.parse({ ...request.location, archived: false });
  const collection = deps.db.collection(paths.locations(owner.companyId));
  const ref = request.locationId ? collection.doc(request.locationId) : collection.doc();
  await deps.db.runTransaction(async (tx) => {
    const current = await tx.get(ref);
    const fields = {
      name: location.name,
      ship_to: location.ship_to,
      delivery_notes: location.delivery_notes,
      updated_at: FieldValue.serverTimestamp(),
    };
    if (request.locationId) {
      if (!current.exists) throw new NotFoundError(LOCATION_NOT_FOUND);
      tx.update(ref, fields);
      return;
    }
    // At most COMPANY_LIMITS.locations documents: read them all rather than count. Archived ones
    // count too (they stay on their orders), so archiving one makes no room: editing one does.
    if ((await tx.get(collection)).size >= COMPANY_LIMITS.locations) {
      throw new PreconditionError(
        `A company can have at most ${COMPANY_LIMITS.locations} locations, archived ones included. Edit one instead.`,
      );
    }
    tx.create(ref, { ...fields, archived: false, created_at: FieldValue.serverTimestamp() });
  });
  log.info('location_saved', { companyId: owner.companyId, locationId: ref.id, by: uid });
  return { locationId: ref.id };
}

/** Archives a location, or brings an archived one back. */
export async function archiveLocation(
  deps: Deps,
  uid: string,
  request: ArchiveLocationRequest,
): Promise<SaveLocationResponse> {
  const owner = await ownerOfCompany(deps, uid);
  const ref = deps.db.doc(paths.location(owner.companyId, request.locationId));
  // Its standing orders' renewals would go on being charged and shipped to it.
  const standing = request.archived
    ? deps.db.collection(COLLECTIONS.standingOrders).where('company_id', '==', owner.companyId)
    : null;
  await deps.db.runTransaction(async (tx) => {
    if (!(await tx.get(ref)).exists) throw new NotFoundError(LOCATION_NOT_FOUND);
    if (standing) {
      const running = (await tx.get(standing)).docs.filter(
        (doc) => doc.get('location_id') === ref.id && doc.get('status') !== 'cancelled',
      );
      if (running.length > 0) throw new PreconditionError(LOCATION_HAS_STANDING_ORDERS);
    }
    tx.update(ref, { archived: request.archived, updated_at: FieldValue.serverTimestamp() });
  });
  log.info('location_archived', {
    companyId: owner.companyId,
    locationId: ref.id,
    archived: request.archived,
    by: uid,
  });
  return { locationId: ref.id };
}

/** A location as checkout uses it: its id and stored fields. */
export interface LocationRecord extends Location {
  id: string;
}

/**
 * The location a member's order ships to: one of their company's that they cover and that is not
 * archived. Refused with a message the cart can show.
 */
export async function locationForOrder(
  deps: Deps,
  member: Member,
  locationId: string,
): Promise<LocationRecord> {
  const snap = await deps.db.doc(paths.location(member.companyId, locationId)).get();
  const parsed = locationSchema.safeParse(snap.data());
  if (!snap.exists || !parsed.success) throw new NotFoundError(LOCATION_NOT_FOUND);
  if (!memberCoversLocation(member, locationId)) throw new NotAllowedError(LOCATION_NOT_YOURS);
  if (parsed.data.archived) throw new PreconditionError(LOCATION_ARCHIVED);
  return { id: snap.id, ...parsed.data };
}

/**
 * Where an order ships when the checkout names no location (Buy Now before any choice): the
 * member's first active location by name, as the cart offers it first. Null when the company has
 * none yet (Checkout then asks for the address); refused when it has some but none is the
 * member's.
 */
export async function defaultLocationForOrder(
  deps: Deps,
  member: Member,
): Promise<LocationRecord | null> {
  const active = await deps.db
    .collection(paths.locations(member.companyId))
    .where('archived', '==', false)
    .get();
  const locations = active.docs.flatMap((doc) => {
    const parsed = locationSchema.safeParse(doc.data());
    return parsed.success ? [{ id: doc.id, ...parsed.data }] : [];
  });
  if (locations.length === 0) return null;
  const covered = locations
    .filter((location) => memberCoversLocation(member, location.id))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (covered.length === 0) throw new NotAllowedError(NO_LOCATION_OF_YOURS);
  return covered[0]!;
}
