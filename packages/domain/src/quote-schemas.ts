/**
 * The stored draft order or quote (quotes/{quoteId}) and the callables that write it
 * (docs/order-lifecycle.md#draft-orders-and-quotes). `quoteSchemasOf(instant)` is the one
 * definition: the browser reads with Dates (`quoteSchema`), the functions write with Firestore
 * Timestamps.
 */
import * as z from 'zod/mini';
import { atLeast, atMost, integer } from './en-messages';
import { LIMITS } from './form-schemas';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from './orders';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from './plain-text';
import { poNumberSchema } from './po-number';
import { storedDate } from './schemas';
import { shipToSchema } from './ship-to';
import {
  QUOTE_DELIVERIES,
  QUOTE_LIMITS,
  QUOTE_MESSAGES,
  QUOTE_STATES,
  QUOTE_VALID_DAYS_DEFAULT,
  QUOTE_VALID_DAYS_MAX,
  type QuoteDelivery,
  type QuoteLineConflict,
  type QuoteState,
} from './quotes';

const docId = z
  .string()
  .check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/, 'Not a document id'));

/** A retry's key, made by the browser (8 to 64 letters and digits). */
const requestId = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not a request id (8 to 64 letters and digits)'));

export function quoteSchemasOf<Instant extends z.core.SomeType>(instant: Instant) {
  const cents = z.number().check(integer(), atLeast(0));
  /** A line of the quote, priced by the server when the draft was saved. */
  const line = z.object({
    product_id: z.string(),
    name: z.string(),
    description: z._default(z.string(), ''),
    image_url: z._default(z.string(), ''),
    sku: z._default(z.string(), ''),
    case_pack: z._default(z.number().check(integer(), atLeast(1)), 1),
    quantity: z.number().check(integer(), atLeast(1), atMost(MAX_LINE_QUANTITY)),
    /** The company's price when saved (tier and price lists), cents per unit. */
    catalog_unit_amount: cents,
    /** The price quoted, cents per unit: the catalog's, or the manager's override. */
    unit_amount: cents,
    /** Why the price differs from the catalog's ('' when it does not). */
    override_reason: z._default(z.string(), ''),
    line_total: cents,
    /** The price list behind catalog_unit_amount, and the tier's price it lowered. */
    price_list: z.optional(z.object({ id: z.string(), name: z.string() })),
    tier_unit_amount: z.optional(cents),
  });
  const event = z.object({
    state: z.enum(QUOTE_STATES),
    at: instant,
    /** A uid, or 'system' (expired). */
    by: z.string(),
    by_name: z._default(z.string(), ''),
    /** A decline's reason, the order made, ... ('' when none). */
    text: z._default(z.string(), ''),
  });
  /**
   * The Checkout Session that pays the quote (an accepted quote paid by card, or the payment
   * link), while it can be paid: one at a time, so the quote makes one order.
   */
  const checkout = z.object({
    checkout_id: z.string(),
    /** The member it was made for (the payment link's: the company's owner). */
    uid: z.string(),
    url: z._default(z.nullable(z.string()), null),
    expires_at: instant,
  });
  const quote = z.object({
    state: z.enum(QUOTE_STATES),
    /** How it was sent (null while a draft). */
    delivery: z._default(z.nullable(z.enum(QUOTE_DELIVERIES)), null),
    /** Q-000123, given when sent (null while a draft). */
    number: z._default(z.nullable(z.string()), null),
    company_id: z.string(),
    /** The company's store name, for lists and the document. */
    company_name: z._default(z.string(), ''),
    location_id: z._default(z.nullable(z.string()), null),
    location_name: z._default(z.string(), ''),
    ship_to: z._default(z.nullable(shipToSchema), null),
    lines: z.array(line),
    /** Cents: the shipping charge (not taxed). */
    shipping_amount: cents,
    /** Cents: the lines at the prices quoted. */
    goods_amount: cents,
    /** Cents: goods and shipping, before sales tax (computed at checkout or invoice). */
    amount: cents,
    note_to_buyer: z._default(z.string(), ''),
    /** Days it stays open once sent. */
    valid_days: z.number().check(integer(), atLeast(1)),
    /** The company's payment terms when sent (Net N), null when it pays by card. */
    net_days: z._default(z.nullable(z.number()), null),
    sent_at: z._default(z.nullable(instant), null),
    expires_at: z._default(z.nullable(instant), null),
    /** The order it became (accepted). */
    order_id: z._default(z.nullable(z.string()), null),
    accepted_by: z._default(z.nullable(z.string()), null),
    decline_reason: z._default(z.string(), ''),
    checkout: z._default(z.nullable(checkout), null),
    created_by: z.string(),
    created_by_name: z._default(z.string(), ''),
    created_at: instant,
    updated_at: instant,
    history: z._default(z.array(event), []),
  });
  return { quote, line, event, checkout };
}

type BrowserQuoteSchemas = ReturnType<typeof quoteSchemasOf<typeof storedDate>>;
let browserSchemas: BrowserQuoteSchemas | undefined;
function browser<K extends keyof BrowserQuoteSchemas>(key: K): BrowserQuoteSchemas[K] {
  browserSchemas ??= quoteSchemasOf(storedDate);
  return browserSchemas[key];
}
export const quoteSchema = /* @__PURE__ */ browser('quote');
export const quoteLineSchema = /* @__PURE__ */ browser('line');
export type Quote = z.output<typeof quoteSchema> & { id: string };
export type QuoteLine = z.output<typeof quoteLineSchema>;

function plainText(max: number, message: string) {
  return z.string({ error: message }).check(
    z.trim(),
    z.maxLength(max, message),
    z.refine((value) => !hasUnsafeText(value.replace(/\r?\n/g, ' ')), UNSAFE_TEXT_MESSAGE),
  );
}

const draftLineInput = z.strictObject({
  productId: docId,
  quantity: z
    .number({ error: 'Enter a quantity.' })
    .check(
      z.int('Enter whole units.'),
      z.gte(1, 'Enter at least 1 unit, or remove the line.'),
      z.lte(MAX_LINE_QUANTITY, `Enter at most ${MAX_LINE_QUANTITY} units.`),
    ),
  /**
   * Cents per unit when the manager overrides the company's price; absent (or equal to the
   * catalog's) to charge the catalog's price.
   */
  unitAmount: z.optional(
    z
      .number({ error: 'Enter a price.' })
      .check(
        z.int('Enter the price in cents.'),
        z.gte(0, 'A price cannot be negative.'),
        z.lte(LIMITS.maxPriceCents, 'That price is too high.'),
      ),
  ),
  overrideReason: z._default(plainText(QUOTE_LIMITS.reason, QUOTE_MESSAGES.reason), ''),
});
export type DraftLineInput = z.input<typeof draftLineInput>;

/**
 * saveDraftOrder (managers): creates a draft (no quoteId) or replaces a draft's contents. The
 * server prices every line at the company's prices; a line with another price needs a reason
 * (QUOTE_MESSAGES.overrideReason) and each override is written to the audit log.
 */
export const saveDraftOrderRequest = z.strictObject({
  quoteId: z.optional(docId),
  companyId: docId,
  /** The company's location it ships to (null: the company has none yet). */
  locationId: z._default(z.nullable(docId), null),
  lines: z
    .array(draftLineInput, { error: QUOTE_MESSAGES.noLines })
    .check(
      z.minLength(1, QUOTE_MESSAGES.noLines),
      z.maxLength(MAX_ORDER_LINES, `An order has at most ${MAX_ORDER_LINES} lines.`),
    ),
  shippingAmount: z._default(
    z
      .number({ error: QUOTE_MESSAGES.shipping })
      .check(
        z.int(QUOTE_MESSAGES.shipping),
        z.gte(0, QUOTE_MESSAGES.shipping),
        z.lte(QUOTE_LIMITS.maxShipping, QUOTE_MESSAGES.shipping),
      ),
    0,
  ),
  noteToBuyer: z._default(plainText(QUOTE_LIMITS.note, QUOTE_MESSAGES.note), ''),
  validDays: z._default(
    z
      .number({ error: QUOTE_MESSAGES.validDays })
      .check(
        z.int(QUOTE_MESSAGES.validDays),
        z.gte(1, QUOTE_MESSAGES.validDays),
        z.lte(QUOTE_VALID_DAYS_MAX, QUOTE_MESSAGES.validDays),
      ),
    QUOTE_VALID_DAYS_DEFAULT,
  ),
});
export type SaveDraftOrderRequest = z.input<typeof saveDraftOrderRequest>;
export interface SaveDraftOrderResponse {
  quoteId: string;
}

/** deleteDraftOrder (managers): a draft only. */
export const deleteDraftOrderRequest = z.strictObject({ quoteId: docId });
export type DeleteDraftOrderRequest = z.input<typeof deleteDraftOrderRequest>;

/**
 * sendDraftOrder (managers): stock, case packs and minimums are checked again (each conflict
 * named by line: the error's details.conflicts); the draft gets its number and is sent.
 * `requestId` makes a retry answer the same sending.
 */
export const sendDraftOrderRequest = z.strictObject({
  quoteId: docId,
  delivery: z.enum(QUOTE_DELIVERIES, { error: 'Choose how to send it.' }),
  requestId,
});
export type SendDraftOrderRequest = z.input<typeof sendDraftOrderRequest>;
export interface SendDraftOrderResponse {
  quoteId: string;
  state: QuoteState;
  delivery: QuoteDelivery;
  number: string;
  /** The payment link mailed (payment_link). */
  url: string | null;
  /** The order placed on terms (terms). */
  orderId: string | null;
}

/**
 * acceptQuote (an owner or buyer of the quote's company): `payWith` 'card' answers a Checkout
 * Session URL at the quoted prices; 'terms' places the order on the company's terms at once.
 */
export const acceptQuoteRequest = z.strictObject({
  quoteId: docId,
  payWith: z.enum(['card', 'terms'], { error: 'Choose how to pay.' }),
  requestId,
  poNumber: z._default(poNumberSchema, ''),
});
export type AcceptQuoteRequest = z.input<typeof acceptQuoteRequest>;
export type AcceptQuoteResponse =
  | { kind: 'checkout'; url: string; checkoutId: string }
  | { kind: 'order'; orderId: string; invoiceUrl: string | null };

/** declineQuote (an owner or buyer of the quote's company): with the reason the managers read. */
export const declineQuoteRequest = z.strictObject({
  quoteId: docId,
  reason: z.string({ error: QUOTE_MESSAGES.declineReason }).check(
    z.trim(),
    z.minLength(1, QUOTE_MESSAGES.declineReason),
    z.maxLength(QUOTE_LIMITS.declineReason, QUOTE_MESSAGES.declineReason),
    z.refine((value) => !hasUnsafeText(value.replace(/\r?\n/g, ' ')), UNSAFE_TEXT_MESSAGE),
  ),
});
export type DeclineQuoteRequest = z.input<typeof declineQuoteRequest>;
export interface QuoteStateResponse {
  quoteId: string;
  state: QuoteState;
}

/** The details of a refusal for line conflicts: each line's problem, for the form to show. */
export interface QuoteConflictDetails {
  conflicts: QuoteLineConflict[];
}
