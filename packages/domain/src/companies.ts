/**
 * Companies: the business is the customer, not a login (docs/companies.md). A company is what
 * applied (its name, business type, seller permit and review status); its members are Auth users
 * with a company role; its locations are where orders ship.
 *
 * Zod Mini, like roles.ts: the access decision reads these without the whole of Zod.
 */
import * as z from 'zod/mini';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from './plain-text';
import { BUYER_ROLES, COMPANY_ROLES, PROFILE_STATUSES, type CompanyRole } from './roles';
import { shipToSchema } from './ship-to';

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

/** The refusal of a company change by a member who is not its owner. */
export const OWNERS_ONLY = "Only your company's owner can do this.";

/** How many locations and members one company may have (a chain of shops, not a marketplace). */
export const COMPANY_LIMITS = {
  locations: 50,
  members: 50,
  locationName: 60,
  deliveryNotes: 300,
} as const;

/** companies/{companyId} as stored (timestamps read as Date by the reader). */
export const companySchema = z.object({
  name: z.string(),
  business_type: z.enum(BUYER_ROLES),
  seller_permit_id: z.string(),
  status: z.enum(PROFILE_STATUSES),
  /** The applicant: the company's first owner (a migrated company's id is this uid too). */
  created_by: z.string(),
  created_at: z.date(),
  reviewed_at: z.optional(z.nullable(z.date())),
  reviewed_by: z.optional(z.nullable(z.string())),
  /** How many times the company was reopened (the review mails' round). */
  review_round: z.optional(z.number()),
  /** The owner's last rename (the rules space renames STORE_RENAME_INTERVAL_MS). */
  name_changed_at: z.optional(z.nullable(z.date())),
});
export type Company = z.infer<typeof companySchema>;

/** The membership fields of profiles/{uid}: which company, with which role, for which locations. */
export interface Membership {
  companyId: string;
  role: CompanyRole;
  /** A buyer's assigned locations (owners and viewers cover all: memberCoversLocation). */
  locationIds: string[];
}

const membershipFieldsSchema = z.object({
  company_id: z.string().check(z.minLength(1)),
  company_role: z.enum(COMPANY_ROLES),
  location_ids: z._default(z.array(z.string()), []),
});

/** The membership a profile document records, or null when it names no company (or garbles it). */
export function membershipOf(profile: unknown): Membership | null {
  const parsed = membershipFieldsSchema.safeParse(profile ?? {});
  if (!parsed.success) return null;
  return {
    companyId: parsed.data.company_id,
    role: parsed.data.company_role,
    locationIds: parsed.data.location_ids,
  };
}

const plainLine = (max: number) =>
  z.string().check(
    z.trim(),
    z.maxLength(max, `Use at most ${max} characters.`),
    z.refine((value) => !hasUnsafeText(value), UNSAFE_TEXT_MESSAGE),
  );

/**
 * A ship-to location as the owner edits it: its name ("Main St store"), the ship-to (recipient,
 * phone, US address: ship-to.ts) and optional delivery notes for the carrier.
 */
export const locationInputSchema = z.object({
  name: plainLine(COMPANY_LIMITS.locationName).check(z.minLength(1, 'Enter a location name.')),
  ship_to: shipToSchema,
  delivery_notes: z._default(plainLine(COMPANY_LIMITS.deliveryNotes), ''),
});
export type LocationInput = z.infer<typeof locationInputSchema>;

/**
 * companies/{companyId}/locations/{locationId} as stored. An archived location takes no new
 * orders and is hidden from checkout, and stays on the orders that shipped to it.
 */
export const locationSchema = z.object({
  ...locationInputSchema.shape,
  archived: z._default(z.boolean(), false),
});
export type Location = z.infer<typeof locationSchema>;

/**
 * The company an order, checkout or standing order belongs to. One written before companies has
 * no company_id: it is its buyer's, whose company the migration gave the buyer's uid as its id.
 */
export function companyOfRecord(record: { company_id?: string | undefined; user_id: string }) {
  return record.company_id || record.user_id;
}

/** The id and name the migration gives a single-buyer profile's saved ship-to. */
export const MIGRATED_LOCATION = { id: 'main', name: 'Main store' } as const;

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
