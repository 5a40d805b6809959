/**
 * Companies' limits and invitations without their stored shapes (docs/companies.md): how many
 * locations and members a company may have, the invitation link's rules, every refusal of an
 * invitation, and what the member list and the invitation page show. No schema here, so the
 * invitation page and My Account import it without the document schemas (companies.ts).
 */
import type { CompanyRole } from './roles';

/** How many locations and members one company may have (a chain of shops, not a marketplace). */
export const COMPANY_LIMITS = {
  locations: 50,
  members: 50,
  locationName: 60,
  deliveryNotes: 300,
} as const;

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** An invitation's token in its link: 32 random bytes, base64url (43 characters). */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * The refusals of an invitation link and of an invitation, worded for the person who has it.
 * One home, so the page, the callables and their tests agree.
 */
export const INVITATION_MESSAGES = {
  notFound: 'This invitation link is not valid. Ask the person who invited you for a new one.',
  expired: 'This invitation has expired. Ask the person who invited you to send it again.',
  used: 'This invitation has already been used. Sign in with the address it was sent to.',
  revoked: 'This invitation was withdrawn. Ask the person who invited you for a new one.',
  otherAddress:
    'This invitation is for another email address. Sign in with the address it was sent to.',
  accountExists:
    'You already have an account with this address. Sign in, then open the link again.',
  alreadyMember: 'This address is already a member of this company.',
  otherCompany: 'This address belongs to another company on the portal.',
  manager: "A manager's address cannot join a company.",
  alreadyInvited: 'This address already has a pending invitation. Resend it instead.',
  lastOwner: 'A company must keep at least one owner.',
  tooMany: `A company can have at most ${COMPANY_LIMITS.members} members and invitations.`,
} as const;

/** What the invitation page shows before it is accepted (getInvitation). */
export interface InvitationPreview {
  companyName: string;
  role: CompanyRole;
  email: string;
  invitedBy: string;
  expiresAt: string;
  /** Whether an account with this address exists already (then: sign in first). */
  accountExists: boolean;
}

/** A member as the company's member list shows them (listCompanyMembers). */
export interface CompanyMemberView {
  uid: string;
  fullName: string;
  email: string;
  role: CompanyRole;
  locationIds: string[];
}

/** A pending invitation as the member list shows it. */
export interface CompanyInvitationView {
  invitationId: string;
  email: string;
  role: CompanyRole;
  locationIds: string[];
  invitedBy: string;
  expiresAt: string;
  expired: boolean;
}
