/**
 * What each company role may do and the refusals every portal page may show (docs/companies.md).
 * No schema here, and nothing only some pages need: every signed-in page loads this module, so the
 * limits and the invitations' rules and messages are in company-invitations.ts, the stored
 * shapes in companies.ts.
 */
import type { CompanyRole } from './roles';

/**
 * What a company role allows:
 * - order: keep a cart, check out, run standing orders (owner and buyer);
 * - manage: members, invitations, locations and the company's name (owner);
 * - allLocations: act for and see every location (owner and viewer; a buyer, only theirs).
 */
export type CompanyPermission = 'order' | 'manage' | 'allLocations';

const PERMISSIONS: Readonly<Record<CompanyRole, readonly CompanyPermission[]>> = {
  owner: ['order', 'manage', 'allLocations'],
  buyer: ['order'],
  viewer: ['allLocations'],
};

export function companyRoleCan(role: CompanyRole, permission: CompanyPermission): boolean {
  return PERMISSIONS[role].includes(permission);
}

/**
 * Whether a member sees (and, with 'order', orders for) this location: owners and viewers see
 * every location, a buyer the ones the owner assigned.
 */
export function memberCoversLocation(
  member: { role: CompanyRole; locationIds: readonly string[] },
  locationId: string,
): boolean {
  return companyRoleCan(member.role, 'allLocations') || member.locationIds.includes(locationId);
}

/** The refusal of a viewer's attempt to order (a cart line, a checkout, a standing order). */
export const VIEW_ONLY =
  'Your role in this company is Viewer: you can follow its orders but not place them.';

/** What a member removed from their company is told when they next sign in or act. */
export const REMOVED_FROM_COMPANY =
  'You are no longer a member of a company on this portal. Ask its owner for a new invitation.';

/** The refusal of a company change by a member who is not its owner. */
export const OWNERS_ONLY = "Only your company's owner can do this.";
