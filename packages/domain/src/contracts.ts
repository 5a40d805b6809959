import * as z from 'zod/mini';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES, ORDER_STATUSES, type OrderStatus } from './orders';
import type { OrderRow } from './order-row';
import type { CompanyClaimFigures } from './claim-rollups';
import { searchUsersRequest, type SearchResponse, type StoreHistoryEntry } from './insights';
import { REFUND_CUSTOMER_NOTE_MAX, REFUND_INTERNAL_NOTE_MAX } from './refunds';
import { locationInputSchema } from './companies';
import {
  COMPANY_LIMITS,
  INVITATION_MESSAGES,
  INVITATION_TOKEN_PATTERN,
  type CompanyInvitationView,
  type CompanyMemberView,
} from './company-invitations';
import { CARRIERS, normalizeTrackingNumber, trackingNumberProblem } from './shipping';
import { hasUnsafeText } from './plain-text';
import { poNumberSchema } from './po-number';
import {
  BUYER_ROLES,
  COMPANY_ROLES,
  PROFILE_REVIEW_REASON_MAX,
  PROFILE_STATUSES,
  type BuyerRole,
  type CompanyRole,
  type ProfileStatus,
} from './roles';
import { newsletterTokenSchema } from './mail';
import { emailSchema, LIMITS, nameText, newPasswordSchema } from './form-schemas';
import {
  INTERVAL_PROBLEM,
  isStandingOrderInterval,
  type StandingOrderInterval,
} from './standing-order-intervals';
import type { StandingOrderStatus } from './standing-orders';
import {
  MAX_STANDING_ORDER_LINES,
  PAUSE_WEEKS,
  PAUSE_WEEKS_PROBLEM,
} from './standing-order-changes';

/**
 * Request and response contracts of the callable functions. The functions parse `request.data`
 * with these schemas; the web client types its calls with them. The client never sends a price.
 * A check without a message of its own answers in Zod's English words ("Too big: …"): the
 * functions load Zod's English locale (functions/src/lib/zod-locale.ts), which Zod Mini does not.
 */
/**
 * A Firestore document id: no '/', and none of the ids Firestore reserves ('.', '..', '__x__'),
 * which would otherwise reach the database and come back as an internal error.
 */
const id = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(128),
  z.regex(/^[^/]+$/, 'Must be a document id'),
  z.refine((value) => value !== '.' && value !== '..' && !/^__.*__$/.test(value), {
    message: 'Must be a document id',
  }),
);

/**
 * A manager's review (approve, decline, reject, reopen: roles.ts PROFILE_TRANSITIONS decides which
 * status may follow which). `status` is where the profile goes: `pending` reopens a rejected one.
 */
export const setProfileStatusRequest = z
  .strictObject({
    uid: id,
    status: z.enum(PROFILE_STATUSES, 'Status must be pending, approved or rejected.'),
    /** Approve even though the applicant has not verified their email (the manager confirmed). */
    allowUnverified: z.optional(z.boolean()),
    /** Declining or rejecting only: an optional note, mailed to the applicant. */
    reason: z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(
          PROFILE_REVIEW_REASON_MAX,
          `Keep the reason under ${PROFILE_REVIEW_REASON_MAX} characters.`,
        ),
        z.refine(
          (value) => !hasUnsafeText(value.replace(/\r?\n/g, ' ')),
          'Remove the special characters from the reason.',
        ),
      ),
    ),
  })
  .check(
    z.refine((request) => request.reason === undefined || request.status === 'rejected', {
      message: 'A reason goes with a decline or a rejection only.',
      path: ['reason'],
    }),
  );
export type SetProfileStatusRequest = z.infer<typeof setProfileStatusRequest>;
export interface SetProfileStatusResponse {
  uid: string;
  status: ProfileStatus;
}

/**
 * Without productId: the caller's whole server-side cart. With productId: Buy Now of one unit.
 * With interval (weeks): the cart as a standing order, delivered and charged every 2, 4 or 8 weeks.
 */
export const createCheckoutSessionRequest = z.pipe(
  z
    .strictObject({
      productId: z.optional(id),
      /** Where the order ships: one of the company's locations the caller may order for. */
      locationId: z.optional(id),
      interval: z.optional(
        z.unknown().check(z.refine(isStandingOrderInterval, { message: INTERVAL_PROBLEM })),
      ),
      /** The buyer's purchase order number, on the order and its invoice (payment terms). */
      poNumber: z.optional(poNumberSchema),
    })
    .check(
      z.refine((request) => !(request.productId && request.interval !== undefined), {
        message: 'A standing order is made from the cart, not with Buy Now.',
        path: ['interval'],
      }),
    ),
  z.transform(
    (request: {
      productId?: string | undefined;
      locationId?: string | undefined;
      interval?: unknown;
      poNumber?: string | undefined;
    }) => ({
      productId: request.productId,
      locationId: request.locationId,
      interval: request.interval as StandingOrderInterval | undefined,
      poNumber: request.poNumber,
    }),
  ),
);
export type CreateCheckoutSessionRequest = z.input<typeof createCheckoutSessionRequest>;
export interface CreateCheckoutSessionResponse {
  url: string;
  orderId: string;
}

export {
  PAYMENT_OF_ANOTHER_ACCOUNT,
  paymentOfRecordedOrder,
  verifyPaymentRequest,
  type RecordedOrder,
  type VerifyPaymentRequest,
  type VerifyPaymentResponse,
} from './verify-payment';

/** What a manager types when shipping: the carrier and its tracking number (normalized). */
export const shipmentInput = z.strictObject({
  carrier: z.enum(CARRIERS, { error: 'Choose the carrier.' }),
  trackingNumber: z.pipe(
    z.string({ error: 'Enter the tracking number.' }).check(
      z.maxLength(100, 'A tracking number has 5 to 40 letters and digits.'),
      z.superRefine((value, ctx) => {
        const problem = trackingNumberProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    ),
    z.transform(normalizeTrackingNumber),
  ),
});
export type ShipmentInput = z.input<typeof shipmentInput>;

/**
 * Marking an order shipped needs its shipment; no other move takes one. Cancelling may `restock`:
 * put the order's units back in stock (the manager's choice; no other move takes it).
 */
export const updateOrderStatusRequest = z
  .strictObject({
    orderId: id,
    status: z.enum(ORDER_STATUSES),
    shipment: z.optional(shipmentInput),
    restock: z._default(z.boolean({ error: 'Restock is true or false.' }), false),
  })
  .check(
    z.superRefine((request, ctx) => {
      if (request.status === 'shipped' && !request.shipment) {
        ctx.addIssue({
          code: 'custom',
          path: ['shipment'],
          message: 'Enter the carrier and tracking number to mark the order shipped.',
        });
      }
      if (request.status !== 'shipped' && request.shipment) {
        ctx.addIssue({
          code: 'custom',
          path: ['shipment'],
          message: 'Only a shipped order has a carrier and tracking number.',
        });
      }
      if (request.status !== 'cancelled' && request.restock) {
        ctx.addIssue({
          code: 'custom',
          path: ['restock'],
          message: 'Only cancelling an order puts its units back in stock.',
        });
      }
    }),
  );
export type UpdateOrderStatusRequest = z.input<typeof updateOrderStatusRequest>;

/** One line of a shipment: a product on the order and how many of its units go in the box. */
const shipmentLineInput = z.strictObject({
  productId: id,
  quantity: z
    .number({ error: 'Enter how many units ship.' })
    .check(
      z.int('Ship whole units.'),
      z.gte(1, 'Ship at least one unit of a line, or leave the line out.'),
      z.lte(MAX_LINE_QUANTITY, `Ship at most ${MAX_LINE_QUANTITY} units of a line.`),
    ),
});

/**
 * shipOrder (managers): one shipment of an order (docs/order-lifecycle.md#shipments): the lines
 * and units it carries (never more than remain of a line), its carrier and tracking. `requestId`
 * names the shipment the manager asked for (a UUID made once per dialog), so a retried or doubled
 * call records it once and answers the same shipment.
 */
export const shipOrderRequest = z.strictObject({
  orderId: id,
  requestId: z.uuid({ error: 'Must be a shipment request id (a UUID).' }),
  lines: z
    .array(shipmentLineInput, { error: 'Choose the lines to ship.' })
    .check(
      z.minLength(1, 'Choose at least one line and how many units to ship.'),
      z.maxLength(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines.`),
    ),
  shipment: shipmentInput,
});
export type ShipOrderRequest = z.input<typeof shipOrderRequest>;
export interface ShipOrderResponse {
  orderId: string;
  status: OrderStatus;
  shipmentId: string;
  /** The shipment's number on the order (1, 2...). */
  number: number;
}

/**
 * cancelBackorderedLine (an owner or buyer of the order's company): cancels the units of a
 * backordered line that have not shipped, for a refund of them (their price and tax share); the
 * units go back to the product's stock count. `requestId` names the cancellation (a UUID), so a
 * retry refunds once.
 */
export const cancelBackorderedLineRequest = z.strictObject({
  orderId: id,
  productId: id,
  requestId: z.uuid({ error: 'Must be a cancellation request id (a UUID).' }),
});
export type CancelBackorderedLineRequest = z.input<typeof cancelBackorderedLineRequest>;
export interface UpdateOrderStatusResponse {
  orderId: string;
  status: OrderStatus;
}

/**
 * One of a refund's two notes (docs/order-lifecycle.md#refunds): trimmed plain text (no control
 * or bidirectional formatting characters, plain-text.ts), at most REFUND_INTERNAL_NOTE_MAX or
 * REFUND_CUSTOMER_NOTE_MAX characters. The refund dialog checks the same.
 */
export function refundNoteSchema(kind: 'internal' | 'customer') {
  const max = kind === 'internal' ? REFUND_INTERNAL_NOTE_MAX : REFUND_CUSTOMER_NOTE_MAX;
  const name = kind === 'internal' ? 'internal note' : 'note to the customer';
  return z.string({ error: `The ${name} must be text.` }).check(
    z.trim(),
    z.maxLength(max, `Keep the ${name} to ${max} characters or fewer.`),
    z.refine((value) => !hasUnsafeText(value), `Remove the special characters from the ${name}.`),
  );
}

/**
 * refundOrder (managers): a partial refund of a paid order. Without an amount, everything left.
 * Cancelling a processing order (updateOrderStatus) refunds it in full. `restock` puts the
 * order's units back in stock (goods returned) and goes only with refunding everything left: a
 * partial refund that asks for it is refused (failed-precondition). `requestId` names one refund
 * the manager asked for: the client makes it once per refund and sends it again on a retry, so a
 * retried, doubled or raced call makes one refund and answers the first call's result.
 */
const refundCents = (what: string) =>
  z
    .number({ error: `Enter the ${what} refund in cents.` })
    .check(
      z.int(`Enter the ${what} refund in whole cents.`),
      z.gte(0, `The ${what} refund cannot be below $0.00.`),
      z.lte(99_999_999, `The ${what} refund is more than an order can total.`),
    );

/** One line of a refund by lines: units of a product on the order, and how many are restocked. */
const refundLineInput = z.strictObject({
  productId: id,
  quantity: z
    .number({ error: 'Enter how many units to refund.' })
    .check(
      z.int('Refund whole units.'),
      z.gte(1, 'Refund at least one unit of a line, or leave the line out.'),
      z.lte(MAX_LINE_QUANTITY, `Refund at most ${MAX_LINE_QUANTITY} units of a line.`),
    ),
  restock: z._default(
    z
      .number({ error: 'Enter how many units go back in stock.' })
      .check(
        z.int('Restock whole units.'),
        z.gte(0, 'Restock 0 units or more.'),
        z.lte(MAX_LINE_QUANTITY, `Restock at most ${MAX_LINE_QUANTITY} units of a line.`),
      ),
    0,
  ),
});

export const refundOrderRequest = z
  .strictObject({
    orderId: id,
    requestId: z.uuid({ error: 'Must be a refund request id (a UUID).' }),
    /**
     * A refund by lines (line-refunds.ts): the units of each line, priced by the server with their
     * share of the tax, plus `shipping` and `goodwill` cents. Without them, `amount`.
     */
    lines: z.optional(
      z
        .array(refundLineInput, { error: 'Choose the lines to refund.' })
        .check(z.maxLength(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines.`)),
    ),
    shipping: z.optional(refundCents('shipping')),
    goodwill: z.optional(refundCents('goodwill')),
    /** Cents. */
    amount: z.optional(
      z
        .number({ error: 'Enter the refund amount.' })
        .check(
          z.int('Enter the refund amount in whole cents.'),
          z.gte(1, 'Enter a refund amount above $0.00.'),
          z.lte(99_999_999, 'Enter a refund amount above $0.00.'),
        ),
    ),
    /** For the managers and the books; never shown to the buyer. */
    internalNote: z._default(refundNoteSchema('internal'), ''),
    /** Printed on the buyer's invoice and in the refund mail. */
    customerNote: z._default(refundNoteSchema('customer'), ''),
    restock: z._default(z.boolean({ error: 'Restock is true or false.' }), false),
  })
  .check(
    z.superRefine((request, ctx) => {
      const byLines =
        request.lines !== undefined ||
        request.shipping !== undefined ||
        request.goodwill !== undefined;
      if (byLines && request.amount !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: 'Refund either lines (with shipping and goodwill) or an amount, not both.',
        });
      }
      if (byLines && request.restock) {
        ctx.addIssue({
          code: 'custom',
          path: ['restock'],
          message: 'A refund by lines restocks per line.',
        });
      }
    }),
  );
export type RefundOrderRequest = z.input<typeof refundOrderRequest>;
export interface RefundOrderResponse {
  orderId: string;
  status: OrderStatus;
  refundId: string;
  /** Cents refunded by this call. */
  amount: number;
  /** Cents refunded on the order so far. */
  refundedAmount: number;
}

/**
 * saveLocation (a company's owners): adds a ship-to location (no locationId) or edits one. The
 * company is the caller's; the server checks they own it.
 */
export const saveLocationRequest = z.strictObject({
  locationId: z.optional(id),
  location: locationInputSchema,
});
export type SaveLocationRequest = z.input<typeof saveLocationRequest>;
export interface SaveLocationResponse {
  locationId: string;
}

const invitationToken = z
  .string('This invitation link is not valid.')
  .check(z.regex(INVITATION_TOKEN_PATTERN, INVITATION_MESSAGES.notFound));
const companyRoleField = z.enum(COMPANY_ROLES, 'Choose owner, buyer or viewer.');
const locationIdsField = z
  .array(id)
  .check(z.maxLength(COMPANY_LIMITS.locations, 'Too many locations.'));

/**
 * inviteMember: a company's owner (their own company) or a manager (naming `companyId`) invites
 * an address with a role; a buyer gets the locations they order for. An invitation mail carries
 * a single-use link that works for INVITATION_TTL_MS.
 */
export const inviteMemberRequest = z.strictObject({
  companyId: z.optional(id),
  email: emailSchema,
  role: companyRoleField,
  locationIds: z._default(locationIdsField, []),
});
export type InviteMemberRequest = z.input<typeof inviteMemberRequest>;
export interface InviteMemberResponse {
  invitationId: string;
}

/** resendInvitation / revokeInvitation: the company's owner or a manager. */
export const invitationIdRequest = z.strictObject({ invitationId: id });
export type InvitationIdRequest = z.infer<typeof invitationIdRequest>;

/** getInvitation (anyone with the link): what the invitation is, before accepting it. */
export const getInvitationRequest = z.strictObject({ token: invitationToken });
export type GetInvitationRequest = z.infer<typeof getInvitationRequest>;

/**
 * acceptInvitation: signed in (the invited address) it joins the company; signed out, with a
 * full name and a password, it creates the account (its address proven by the link) and joins.
 */
export const acceptInvitationRequest = z.strictObject({
  token: invitationToken,
  fullName: z.optional(nameText('Full name', LIMITS.fullName)),
  password: z.optional(newPasswordSchema),
});
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequest>;
export interface AcceptInvitationResponse {
  companyId: string;
  companyName: string;
  role: CompanyRole;
  /** True when the call created the account: the page signs in with the password next. */
  accountCreated: boolean;
}

/** changeMemberRole (the company's owner, or a manager): a member's role and locations. */
export const changeMemberRoleRequest = z.strictObject({
  uid: id,
  role: companyRoleField,
  locationIds: z._default(locationIdsField, []),
});
export type ChangeMemberRoleRequest = z.input<typeof changeMemberRoleRequest>;

/** removeMember (the company's owner, or a manager): the member loses access at once. */
export const removeMemberRequest = z.strictObject({ uid: id });
export type RemoveMemberRequest = z.infer<typeof removeMemberRequest>;

/** listCompanyMembers: the caller's company (members), or `companyId` (managers). */
export const listCompanyMembersRequest = z.strictObject({ companyId: z.optional(id) });
export type ListCompanyMembersRequest = z.infer<typeof listCompanyMembersRequest>;
export interface ListCompanyMembersResponse {
  members: CompanyMemberView[];
  /** Pending invitations (owners and managers only; empty for other members). */
  invitations: CompanyInvitationView[];
}

/** archiveLocation (owners): archives a location (it stays on old orders) or brings it back. */
export const archiveLocationRequest = z.strictObject({
  locationId: id,
  archived: z.boolean('Say whether to archive the location.'),
});
export type ArchiveLocationRequest = z.infer<typeof archiveLocationRequest>;

// ---- searchCompanies / getCompanyDetails (managers) -------------------------------------------

export const COMPANY_SORT_FIELDS = ['created_at', 'name'] as const;
export type CompanySortField = (typeof COMPANY_SORT_FIELDS)[number];

/**
 * searchCompanies (managers): one page of the Companies table (or, with `all`, every matching row
 * up to TABLE_EXPORT_MAX), in searchUsers' shape: `q` is a word of the company's name, a
 * member's address or a location's city; `status`; `role` is the business type; `range` the
 * days the company applied; sorted by `created_at` or `name`.
 */
export const searchCompaniesRequest = z.extend(searchUsersRequest, {
  sort: z._default(z.enum(COMPANY_SORT_FIELDS), 'created_at'),
});
export type SearchCompaniesRequest = z.input<typeof searchCompaniesRequest>;
export type SearchCompaniesQuery = z.output<typeof searchCompaniesRequest>;

/** A row of the Companies table. */
export interface CompanyRow {
  id: string;
  name: string;
  businessType: BuyerRole;
  sellerPermitId: string;
  status: ProfileStatus;
  memberCount: number;
  /** Every location, archived ones included. */
  locationCount: number;
  /** The locations' cities, each once, A to Z. */
  cities: string[];
  /** ISO instants: the application, the last review. */
  createdAt: string | null;
  reviewedAt: string | null;
  /** The applicant: their name and sign-in address (Firebase Auth's), and whether it is verified. */
  applicantName: string;
  applicantEmail: string;
  applicantEmailVerified: boolean;
  /**
   * A current owner: the member a review (setProfileStatus({ uid })) names; null without one.
   * Before the company's search fields are first written (a new application), its applicant.
   */
  ownerUid: string | null;
}
export type SearchCompaniesResponse = SearchResponse<CompanyRow>;

/** getCompanyDetails (managers): the company page. */
export const companyDetailsRequest = z.strictObject({ companyId: id });
export type CompanyDetailsRequest = z.infer<typeof companyDetailsRequest>;

/** A member as the company page lists them. */
export interface CompanyMemberDetails {
  uid: string;
  fullName: string;
  email: string;
  role: CompanyRole;
  /** A buyer's assigned locations (owners and viewers cover them all). */
  locationIds: string[];
  emailVerified: boolean;
}

/** A location with its orders and revenue (net of refunds, paid orders). */
export interface CompanyLocationDetails {
  id: string;
  name: string;
  /** Its street address on one line: "500 Market St, San Francisco, CA 94105". */
  address: string;
  phone: string;
  archived: boolean;
  orderCount: number;
  /** Cents. */
  revenue: number;
}

/** An order of the company page: the row, where it shipped and who placed it. */
export type CompanyOrderRow = OrderRow & {
  locationId: string | null;
  locationName: string;
  placedByName: string;
};

export interface CompanyDetailsResponse {
  company: CompanyRow & { applicantUid: string };
  /** Owners first, then by name. */
  members: CompanyMemberDetails[];
  /** Every location, archived ones included: the active ones first, then by name. */
  locations: CompanyLocationDetails[];
  /** Applied, verified, the reviews: oldest first. */
  history: StoreHistoryEntry[];
  /** Newest first, at most 50. */
  orders: CompanyOrderRow[];
  orderCount: number;
  /** Cents, net of refunds, over every paid order. */
  lifetimeRevenue: number;
  lastOrderAt: string | null;
  /**
   * Its claims: open and settled, what they gave back, its store credit now; absent from answers
   * of functions from before claims.
   */
  claims?: CompanyClaimFigures;
}

/** Forgot password: always the same answer, whether or not the address has an account. */
export const requestPasswordResetRequest = z.strictObject({ email: emailSchema });
export type RequestPasswordResetRequest = z.infer<typeof requestPasswordResetRequest>;
export interface AcceptedResponse {
  accepted: true;
}

/**
 * A business applies (/apply): the form's fields but the address and password, which made the
 * Auth account the call is signed in with. The function writes the pending profile.
 */
export const submitApplicationRequest = z.strictObject({
  fullName: nameText('Full name', LIMITS.fullName),
  storeName: nameText('Store name', LIMITS.storeName),
  sellerPermitId: nameText('Seller permit number', LIMITS.sellerPermitId),
  businessType: z.enum(BUYER_ROLES, { error: 'Choose retailer or wholesaler' }),
});
export type SubmitApplicationRequest = z.infer<typeof submitApplicationRequest>;

/**
 * The signed-in applicant asks for a new verification link; a manager may ask for one on behalf
 * of a buyer by naming their uid (the store page).
 */
export const resendVerificationEmailRequest = z.strictObject({ uid: z.optional(id) });
export type ResendVerificationEmailRequest = z.infer<typeof resendVerificationEmailRequest>;

/**
 * After the action page verified an address: copy Auth's emailVerified onto the profile (what
 * the managers' table shows). Same answer for every address.
 */
export const syncEmailVerificationRequest = z.strictObject({ email: emailSchema });
export type SyncEmailVerificationRequest = z.infer<typeof syncEmailVerificationRequest>;

export const subscribeNewsletterRequest = z.strictObject({ email: emailSchema });
export type SubscribeNewsletterRequest = z.infer<typeof subscribeNewsletterRequest>;

/** The token of a newsletter confirm or unsubscribe link. */
export const newsletterTokenRequest = z.strictObject({ token: newsletterTokenSchema });
export type NewsletterTokenRequest = z.infer<typeof newsletterTokenRequest>;
export interface NewsletterTokenResponse {
  state: 'confirmed' | 'unsubscribed';
}

/**
 * manageStandingOrder: the buyer (their own) or a manager (any) changes a standing order.
 * skip / unskip the next delivery, set_quantities from the next cycle (product id → units; a
 * product left out keeps its quantity) and cancel are for both; pause and resume are for managers.
 */
const standingOrderLineInput = z.strictObject({
  productId: id,
  quantity: z
    .number({ error: 'Enter the quantity as a whole number.' })
    .check(
      z.int('Enter the quantity as a whole number.'),
      z.gte(1, 'Enter a quantity of at least 1. To stop a product, remove it.'),
      z.lte(MAX_LINE_QUANTITY, `Enter a quantity of at most ${MAX_LINE_QUANTITY}.`),
    ),
});

export const manageStandingOrderRequest = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ standingOrderId: id, action: z.literal('skip') }),
    z.strictObject({ standingOrderId: id, action: z.literal('unskip') }),
    z.strictObject({ standingOrderId: id, action: z.literal('cancel') }),
    z.strictObject({ standingOrderId: id, action: z.literal('pause') }),
    z.strictObject({ standingOrderId: id, action: z.literal('resume') }),
    z.strictObject({
      standingOrderId: id,
      action: z.literal('set_quantities'),
      quantities: z
        .record(
          id,
          z
            .number({ error: 'Enter the quantity as a whole number.' })
            .check(
              z.int('Enter the quantity as a whole number.'),
              z.gte(
                1,
                'Enter a quantity of at least 1. To stop a product, cancel the standing order.',
              ),
              z.lte(MAX_LINE_QUANTITY, `Enter a quantity of at most ${MAX_LINE_QUANTITY}.`),
            ),
        )
        .check(
          z.refine((quantities) => Object.keys(quantities).length > 0, {
            message: 'Enter at least one quantity.',
          }),
          // An order has at most this many lines, so a longer list can name no real order.
          z.refine((quantities) => Object.keys(quantities).length <= MAX_ORDER_LINES, {
            message: `Enter at most ${MAX_ORDER_LINES} quantities.`,
          }),
        ),
    }),
    // A buyer's changes, each from the next cycle (docs/standing-orders.md#what-buyers-change).
    z.strictObject({
      standingOrderId: id,
      action: z.literal('set_lines'),
      lines: z.array(standingOrderLineInput).check(
        z.minLength(
          1,
          'Keep at least one product. To stop every product, cancel the standing order.',
        ),
        z.maxLength(
          MAX_STANDING_ORDER_LINES,
          `A standing order holds at most ${MAX_STANDING_ORDER_LINES} products.`,
        ),
        z.refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, {
          message: 'List each product once.',
        }),
      ),
    }),
    z.strictObject({
      standingOrderId: id,
      action: z.literal('set_interval'),
      weeks: z.unknown().check(z.refine(isStandingOrderInterval, { message: INTERVAL_PROBLEM })),
    }),
    z.strictObject({
      standingOrderId: id,
      action: z.literal('set_next_delivery'),
      date: z
        .string({ error: 'Enter the date as YYYY-MM-DD.' })
        .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.')),
    }),
    z.strictObject({
      standingOrderId: id,
      action: z.literal('pause_weeks'),
      weeks: z
        .number({ error: PAUSE_WEEKS_PROBLEM })
        .check(
          z.int(PAUSE_WEEKS_PROBLEM),
          z.gte(PAUSE_WEEKS.min, PAUSE_WEEKS_PROBLEM),
          z.lte(PAUSE_WEEKS.max, PAUSE_WEEKS_PROBLEM),
        ),
    }),
  ],
  {
    error:
      'Choose skip, unskip, set_quantities, set_lines, set_interval, set_next_delivery, pause_weeks, pause, resume or cancel.',
  },
);
export type ManageStandingOrderRequest = z.input<typeof manageStandingOrderRequest>;
export interface ManageStandingOrderResponse {
  standingOrderId: string;
  status: StandingOrderStatus;
  /** ISO date of the next delivery that will be charged, or null once cancelled. */
  nextDeliveryAt: string | null;
  /** Cents charged per delivery from the next one, priced by the server. */
  cycleAmount: number;
  /** ISO date a buyer's pause ends, or null when the buyer has not paused it. */
  pausedUntil: string | null;
}

/**
 * skipStandingOrderDelivery: the reminder mail's one-tap skip (anyone with the link, signed out).
 * Without `confirm` it only shows the delivery; with `confirm: true` it skips exactly that one.
 */
export const skipStandingOrderDeliveryRequest = z.strictObject({
  // Its shape is checked by the server's signature check (standing-orders/skip-link.ts); here
  // only its length, so the web's contracts do not carry the skip page's pattern.
  token: z
    .string({ error: 'This skip link is not valid.' })
    .check(
      z.minLength(60, 'This skip link is not valid.'),
      z.maxLength(450, 'This skip link is not valid.'),
    ),
  confirm: z._default(z.boolean(), false),
});
export type SkipStandingOrderDeliveryRequest = z.input<typeof skipStandingOrderDeliveryRequest>;
export interface SkipStandingOrderDeliveryResponse {
  /** scheduled: it will be charged; skipped: it passes without a charge. */
  state: 'scheduled' | 'skipped';
  storeName: string;
  /** ISO date of the delivery the link is for. */
  deliveryAt: string;
  intervalWeeks: number;
  lines: Array<{ name: string; quantity: number; unitAmount: number }>;
  /** Cents charged for that delivery. */
  total: number;
  /** ISO date of the delivery charged next once this one is skipped. */
  nextChargeAt: string | null;
}
