// Zod Mini: the public pages read these roles without loading the whole of Zod (form-schemas.ts).
import * as z from 'zod/mini';

/** Business roles. Buyers apply as retailer or wholesaler; managers are granted by a manager. */
export const ROLES = ['retailer', 'wholesaler', 'manager'] as const;
export type Role = (typeof ROLES)[number];

export const BUYER_ROLES = ['retailer', 'wholesaler'] as const satisfies readonly Role[];
export type BuyerRole = (typeof BUYER_ROLES)[number];

export const PROFILE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

/**
 * Allowed profile status changes (docs/product.md §15.1): a manager approves a pending applicant and
 * can reject an approved account. Nothing else moves.
 */
const PROFILE_TRANSITIONS: Readonly<Record<ProfileStatus, readonly ProfileStatus[]>> = {
  pending: ['approved'],
  approved: ['rejected'],
  rejected: [],
};

export function canTransitionProfile(from: ProfileStatus, to: ProfileStatus): boolean {
  return PROFILE_TRANSITIONS[from].includes(to);
}

export function nextProfileStatuses(from: ProfileStatus): readonly ProfileStatus[] {
  return PROFILE_TRANSITIONS[from];
}

export function isBuyerRole(role: unknown): role is BuyerRole {
  return role === 'retailer' || role === 'wholesaler';
}

/** Custom claims carried in the Firebase ID token; set only by the setProfileStatus function. */
export interface AccessClaims {
  role: Role;
  status: ProfileStatus;
}

const claimValue = <T extends readonly [string, ...string[]]>(values: T) =>
  z.catch(z.optional(z.enum(values)), undefined);
const accessClaimsSchema = z.object({
  role: claimValue(ROLES),
  status: claimValue(PROFILE_STATUSES),
});

/**
 * The access claims of a decoded ID token (or its `claims`), validated: a role or status that is
 * missing or not one of ours is left out, never cast through. Other claims are ignored.
 */
export function parseAccessClaims(raw: unknown): Partial<AccessClaims> {
  const parsed = accessClaimsSchema.safeParse(raw ?? {});
  if (!parsed.success) return {};
  const claims: Partial<AccessClaims> = {};
  if (parsed.data.role) claims.role = parsed.data.role;
  if (parsed.data.status) claims.status = parsed.data.status;
  return claims;
}

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  retailer: 'Retailer',
  wholesaler: 'Wholesaler',
  manager: 'Manager',
};
