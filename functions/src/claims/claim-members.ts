import type { Firestore } from 'firebase-admin/firestore';
import {
  CLAIM_MESSAGES,
  companyRoleCan,
  membershipOf,
  memberCoversLocation,
  paths,
  REMOVED_FROM_COMPANY,
  type Membership,
} from '@portal/domain';
import { NOT_APPROVED } from '../lib/caller';
import { NotAllowedError } from '../lib/errors';

/**
 * Who on the buyers' side may report a problem or answer a question (docs/order-lifecycle.md
 * #claims): an approved member of the order's company who may order for it (an owner, or a buyer
 * of its location or who placed it). Read from the profile, never from the token's claims: a
 * role changed or a member removed since sign-in counts at once.
 */
export interface ClaimMember extends Membership {
  uid: string;
  /** The name the timeline and the managers see ('' when the profile has none). */
  name: string;
}

/**
 * The caller as a member of a company: refused when not approved, or no longer in a company
 * (REMOVED_FROM_COMPANY).
 */
export async function claimMemberOf(db: Firestore, uid: string): Promise<ClaimMember> {
  const profile = (await db.doc(paths.profile(uid)).get()).data();
  if (profile?.status !== 'approved') throw new NotAllowedError(NOT_APPROVED);
  const membership = membershipOf(profile);
  if (!membership) throw new NotAllowedError(REMOVED_FROM_COMPANY);
  const name = typeof profile.full_name === 'string' ? profile.full_name.trim() : '';
  return { uid, name, ...membership };
}

/**
 * Refuses a member who may not act on this order's (or claim's) problems: another company's, or
 * a location the buyer neither orders for nor placed the order of (notYours), a viewer (viewer).
 */
export function checkMayClaim(
  member: ClaimMember,
  record: { company_id: string; location_id: string | null; user_id: string },
): void {
  const sees =
    record.company_id === member.companyId &&
    (record.location_id === null ||
      record.user_id === member.uid ||
      memberCoversLocation(member, record.location_id));
  if (!sees) throw new NotAllowedError(CLAIM_MESSAGES.notYours);
  if (!companyRoleCan(member.role, 'order')) throw new NotAllowedError(CLAIM_MESSAGES.viewer);
}
