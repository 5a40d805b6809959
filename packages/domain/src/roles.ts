// Zod Mini: the public pages read these roles without loading the whole of Zod (form-schemas.ts).
import * as z from 'zod/mini';

/** Business roles. Buyers apply as retailer or wholesaler; managers are granted by a manager. */
export const ROLES = ['retailer', 'wholesaler', 'manager'] as const;
export type Role = (typeof ROLES)[number];

export const BUYER_ROLES = ['retailer', 'wholesaler'] as const satisfies readonly Role[];
export type BuyerRole = (typeof BUYER_ROLES)[number];

/** What a member may do in their company (companies.ts: companyRoleCan). */
export const COMPANY_ROLES = ['owner', 'buyer', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export function isCompanyRole(value: unknown): value is CompanyRole {
  return (COMPANY_ROLES as readonly unknown[]).includes(value);
}

export const PROFILE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

/**
 * What a manager does to a buyer's profile, each one allowed change of status
 * (docs/product.md#151-profile-status): approve a pending applicant, decline one, reject an
 * approved account, reopen a rejected one (it is pending again and can be reviewed once more).
 * Nothing else moves.
 */
export const PROFILE_REVIEWS = ['approve', 'decline', 'reject', 'reopen'] as const;
export type ProfileReview = (typeof PROFILE_REVIEWS)[number];

const PROFILE_TRANSITIONS: Readonly<
  Record<ProfileStatus, Readonly<Partial<Record<ProfileStatus, ProfileReview>>>>
> = {
  pending: { approved: 'approve', rejected: 'decline' },
  approved: { rejected: 'reject' },
  rejected: { pending: 'reopen' },
};

/** The review that moves a profile from `from` to `to`, or null when no review does. */
export function profileReviewOf(from: ProfileStatus, to: ProfileStatus): ProfileReview | null {
  return PROFILE_TRANSITIONS[from][to] ?? null;
}

export function canTransitionProfile(from: ProfileStatus, to: ProfileStatus): boolean {
  return profileReviewOf(from, to) !== null;
}

export function nextProfileStatuses(from: ProfileStatus): readonly ProfileStatus[] {
  return PROFILE_STATUSES.filter((to) => canTransitionProfile(from, to));
}

/** The reviews a manager is offered for a profile in this status (the Users tab's buttons). */
export function profileReviewsFrom(from: ProfileStatus): readonly ProfileReview[] {
  return PROFILE_STATUSES.flatMap((to) => {
    const review = profileReviewOf(from, to);
    return review ? [review] : [];
  });
}

/** A decline's or a rejection's note to the applicant (mailed; kept in audit_log): at most this long. */
export const PROFILE_REVIEW_REASON_MAX = 500;

export function isBuyerRole(role: unknown): role is BuyerRole {
  return role === 'retailer' || role === 'wholesaler';
}

/**
 * Custom claims carried in the Firebase ID token; set only by the functions (a company's review,
 * a member joining, a role change) and the claims command line. A buyer's token names their
 * company and their role in it next to the platform role (the company's business type).
 */
export interface AccessClaims {
  role: Role;
  status: ProfileStatus;
  /** A member's company (none for managers and applicants without one). */
  company?: string;
  company_role?: CompanyRole;
}

/** A company id as a claim: a Firestore document id (no slash), at most 128 characters. */
const COMPANY_ID_CLAIM = /^[A-Za-z0-9_-]{1,128}$/;

const claimValue = <T extends readonly [string, ...string[]]>(values: T) =>
  z.catch(z.optional(z.enum(values)), undefined);
const accessClaimsSchema = z.object({
  role: claimValue(ROLES),
  status: claimValue(PROFILE_STATUSES),
  company: z.catch(z.optional(z.string().check(z.regex(COMPANY_ID_CLAIM))), undefined),
  company_role: claimValue(COMPANY_ROLES),
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
  if (parsed.data.company) claims.company = parsed.data.company;
  if (parsed.data.company_role) claims.company_role = parsed.data.company_role;
  return claims;
}

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  retailer: 'Retailer',
  wholesaler: 'Wholesaler',
  manager: 'Manager',
};
