/**
 * The stored claim (claims/{claimId}) and the claims' callables (docs/order-lifecycle.md#claims).
 * `claimSchemasOf(instant)` is the one definition: the browser reads with Dates
 * (`claimSchema`), the functions write with Firestore Timestamps.
 */
import * as z from 'zod/mini';
import { atLeast, integer } from './en-messages';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from './orders';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from './plain-text';
import { storedDate } from './schemas';
import {
  CLAIM_KINDS,
  CLAIM_LIMITS,
  CLAIM_MESSAGES,
  CLAIM_PHOTO_TYPES,
  CLAIM_REMEDIES,
  CLAIM_STATUSES,
  type ClaimRemedy,
  type ClaimStatus,
} from './claims';

const docId = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, 'Not a document id'));

export function claimSchemasOf<Instant extends z.core.SomeType>(instant: Instant) {
  const cents = z.number().check(integer(), atLeast(0));
  const line = z.object({
    product_id: z.string(),
    name: z.string(),
    sku: z._default(z.string(), ''),
    quantity: z.number().check(integer(), atLeast(1)),
    /** The unit price sold (cents). */
    unit_amount: cents,
  });
  const photo = z.object({
    /** The photo's id under claim-photos/{companyId}/{claimId}/ (claimPhotoPath). */
    id: z.string(),
    content_type: z.enum(CLAIM_PHOTO_TYPES),
    size: z.number().check(integer(), atLeast(1)),
    name: z._default(z.string(), ''),
  });
  /** One step of the claim's life, as both sides read it. */
  const event = z.object({
    kind: z.enum(['reported', 'question', 'answer', 'settled', 'rejected', 'note']),
    at: instant,
    /** A uid. */
    by: z.string(),
    by_name: z._default(z.string(), ''),
    by_role: z.enum(['buyer', 'manager']),
    /** The question, answer, reason or settlement's words ('' when none). */
    text: z._default(z.string(), ''),
  });
  const settlement = z.object({
    remedy: z.enum(CLAIM_REMEDIES),
    /** Cents the company was given back (0 for a replacement: the goods were). */
    amount: cents,
    at: instant,
    by: z.string(),
    /** The refund on the order (refund), the Stripe credit note (credit_note). */
    refund_id: z._default(z.nullable(z.string()), null),
    credit_note_id: z._default(z.nullable(z.string()), null),
    credit_note_number: z._default(z.nullable(z.string()), null),
    /** The store credit entry (store_credit). */
    credit_entry_id: z._default(z.nullable(z.string()), null),
    /** The replacement order (replacement). */
    replacement_order_id: z._default(z.nullable(z.string()), null),
    /** Units per product put back on hand (the goods came back); {} when none. */
    restocked: z._default(z.record(z.string(), z.number()), {}),
    /** The manager's words to the buyer ('' when none). */
    note: z._default(z.string(), ''),
    /** The settleClaim request that settled it: its retry answers this settlement. */
    request_id: z._default(z.string(), ''),
  });
  const claim = z.object({
    order_id: z.string(),
    company_id: z.string(),
    location_id: z._default(z.nullable(z.string()), null),
    /** Who reported it. */
    user_id: z.string(),
    reporter_name: z._default(z.string(), ''),
    store_name: z._default(z.string(), ''),
    /** The order's invoice number, for the queue ('' when none). */
    invoice_number: z._default(z.string(), ''),
    kind: z.enum(CLAIM_KINDS),
    lines: z.array(line),
    note: z._default(z.string(), ''),
    photos: z._default(z.array(photo), []),
    status: z.enum(CLAIM_STATUSES),
    /** claimValue(order, lines): goods + tax share, cents. */
    value: cents,
    settlement: z._default(z.nullable(settlement), null),
    rejection_reason: z._default(z.string(), ''),
    timeline: z._default(z.array(event), []),
    /**
     * A settlement on its way (settleClaim): the request that claimed it, until when. Another
     * settlement is refused meanwhile, so two managers cannot settle one claim twice.
     */
    settling: z.optional(z.object({ request_id: z.string(), until: instant })),
    created_at: instant,
    updated_at: instant,
  });
  return { claim, line, photo, event, settlement };
}

type BrowserClaimSchemas = ReturnType<typeof claimSchemasOf<typeof storedDate>>;
let browserSchemas: BrowserClaimSchemas | undefined;
function browser<K extends keyof BrowserClaimSchemas>(key: K): BrowserClaimSchemas[K] {
  browserSchemas ??= claimSchemasOf(storedDate);
  return browserSchemas[key];
}
export const claimSchema = /* @__PURE__ */ browser('claim');
export const claimEventSchema = /* @__PURE__ */ browser('event');
export type Claim = z.output<typeof claimSchema> & { id: string };
export type ClaimEvent = z.output<typeof claimEventSchema>;
export type ClaimSettlement = NonNullable<Claim['settlement']>;

/** Plain text of at most `max` characters, at least one. */
function text(max: number, message: string) {
  return z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(max, message),
    z.refine((value) => !hasUnsafeText(value.replace(/\r?\n/g, ' ')), UNSAFE_TEXT_MESSAGE),
  );
}

const claimLineInput = z.strictObject({
  productId: docId,
  quantity: z
    .number({ error: 'Enter how many units are affected.' })
    .check(
      z.int('Report whole units.'),
      z.gte(1, 'Report at least one unit of an item, or leave the item out.'),
      z.lte(MAX_LINE_QUANTITY, `Report at most ${MAX_LINE_QUANTITY} units of an item.`),
    ),
});

const photoInput = z.strictObject({
  /** The photo's id, uploaded first to claimPhotoPath(companyId, claimId, id). */
  id: docId,
  /** The file's name as the buyer chose it (shown to the managers). */
  name: z.string().check(
    z.trim(),
    z.maxLength(CLAIM_LIMITS.fileName, 'Use a file name of at most 200 characters.'),
    z.refine((value) => !hasUnsafeText(value), UNSAFE_TEXT_MESSAGE),
  ),
});

/**
 * reportClaim (an owner or buyer of the order's company): the claim id is made by the browser,
 * which uploads the photos under it first; reporting it twice is refused (CLAIM_MESSAGES.exists).
 */
export const reportClaimRequest = z.strictObject({
  claimId: docId,
  orderId: docId,
  kind: z.enum(CLAIM_KINDS, { error: CLAIM_MESSAGES.kind }),
  lines: z
    .array(claimLineInput, { error: CLAIM_MESSAGES.noLines })
    .check(
      z.minLength(1, CLAIM_MESSAGES.noLines),
      z.maxLength(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines.`),
    ),
  note: z._default(
    z.string({ error: CLAIM_MESSAGES.note }).check(
      z.trim(),
      z.maxLength(CLAIM_LIMITS.note, CLAIM_MESSAGES.note),
      z.refine((value) => !hasUnsafeText(value.replace(/\r?\n/g, ' ')), UNSAFE_TEXT_MESSAGE),
    ),
    '',
  ),
  photos: z._default(
    z
      .array(photoInput, { error: CLAIM_MESSAGES.photoRule })
      .check(z.maxLength(CLAIM_LIMITS.photos, CLAIM_MESSAGES.photoCount)),
    [],
  ),
});
export type ReportClaimRequest = z.input<typeof reportClaimRequest>;
export interface ClaimResponse {
  claimId: string;
  status: ClaimStatus;
}

/** answerClaim (an owner or buyer of the claim's company): answers a manager's question. */
export const answerClaimRequest = z.strictObject({
  claimId: docId,
  text: text(CLAIM_LIMITS.message, CLAIM_MESSAGES.answer),
});
export type AnswerClaimRequest = z.input<typeof answerClaimRequest>;

/** askClaimQuestion (managers): asks the buyer something; the claim awaits the buyer. */
export const askClaimQuestionRequest = z.strictObject({
  claimId: docId,
  text: text(CLAIM_LIMITS.message, CLAIM_MESSAGES.question),
});
export type AskClaimQuestionRequest = z.input<typeof askClaimQuestionRequest>;

/** rejectClaim (managers): closes an open claim with a reason the buyer reads. */
export const rejectClaimRequest = z.strictObject({
  claimId: docId,
  reason: text(CLAIM_LIMITS.reason, CLAIM_MESSAGES.reason),
});
export type RejectClaimRequest = z.input<typeof rejectClaimRequest>;

/**
 * settleClaim (managers): settles an open claim once, with one of the remedies the order allows
 * (remediesFor). `restock` puts the claimed units back on hand (the goods came back). `requestId`
 * names the settlement (a UUID made once per dialog): a retry answers the same settlement, and a
 * concurrent second settlement is refused.
 */
export const settleClaimRequest = z.strictObject({
  claimId: docId,
  requestId: z.uuid({ error: 'Must be a settlement request id (a UUID).' }),
  remedy: z.enum(CLAIM_REMEDIES, {
    error: 'Choose a refund, a credit note, store credit or a replacement.',
  }),
  restock: z._default(z.boolean({ error: 'Restock is true or false.' }), false),
  note: z._default(
    z.string().check(
      z.trim(),
      z.maxLength(CLAIM_LIMITS.message, `Keep the note to ${CLAIM_LIMITS.message} characters.`),
      z.refine((value) => !hasUnsafeText(value.replace(/\r?\n/g, ' ')), UNSAFE_TEXT_MESSAGE),
    ),
    '',
  ),
});
export type SettleClaimRequest = z.input<typeof settleClaimRequest>;
export interface SettleClaimResponse {
  claimId: string;
  status: 'settled';
  remedy: ClaimRemedy;
  /** Cents given back (0 for a replacement). */
  amount: number;
  replacementOrderId: string | null;
  creditNoteNumber: string | null;
}
