/**
 * Companies: the business is the customer, not a login (docs/companies.md). A company is what
 * applied (its name, business type, seller permit and review status); its members are Auth users
 * with a company role; its locations are where orders ship. The stored shapes are here; what
 * each role may do is in company-roles.ts, the limits and the invitations' rules in
 * company-invitations.ts (neither has schemas).
 */
import * as z from 'zod/mini';
import { COMPANY_LIMITS } from './company-invitations';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from './plain-text';
import { BUYER_ROLES, COMPANY_ROLES, PROFILE_STATUSES, type CompanyRole } from './roles';
import { shipToSchema } from './ship-to';

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
  /**
   * When the company's prices last changed: a tier move or a price list assigned, changed or
   * taken away (docs/pricing.md). The cart tells the members when its lines are older.
   */
  pricing_changed_at: z.optional(z.nullable(z.date())),
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
