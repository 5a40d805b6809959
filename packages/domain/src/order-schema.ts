import * as z from 'zod/mini';
import { atLeast, atMost, integer } from './en-messages';
import { LIMITS } from './form-schemas';
import { BUYER_ROLES } from './roles';
import {
  CHECKOUT_STATES,
  MAX_LINE_QUANTITY,
  ORDER_SOURCES,
  ORDER_STATUSES,
  PAYMENT_TYPES,
} from './orders';
import { shipToSchema } from './ship-to';
import { CARRIERS } from './shipping';
import { storedDate } from './schemas';
import { NET_TERMS, TERMS_INVOICE_STATES } from './payment-terms-states';

/**
 * The one definition of an order: orders/{id} and its parts (lines, status changes, shipment,
 * refunds, dispute) and order_notes/{orderId}. Everything else is derived from it:
 * - the browser reads orders with `orderSchema` (its instants as Dates);
 * - the functions read and write them with `orderSchemasOf(timestamp)` (their instants as
 *   Firestore Timestamps), so the document type they write is this schema's output;
 * - the managers' search row is a pick of it (order-row.ts).
 * A new order field is added here, once; the compiler then asks for it where orders are made.
 *
 * `instant` is the schema of a stored moment: the browser's turns a Timestamp into a Date, the
 * functions' checks for a Firestore Timestamp and keeps it.
 */
export function orderSchemasOf<Instant extends z.core.SomeType>(instant: Instant) {
  const line = z.object({
    product_id: z.string(),
    name: z.string(),
    description: z.string(),
    image_url: z.string(),
    unit_amount: z.number().check(integer(), atLeast(0), atMost(LIMITS.maxPriceCents)),
    quantity: z.number().check(integer(), atLeast(1), atMost(MAX_LINE_QUANTITY)),
    line_total: z.number().check(integer(), atLeast(0)),
    /** The SKU and case pack when sold (orders from before have neither: '' and 1). */
    sku: z._default(z.string(), ''),
    case_pack: z._default(z.number().check(integer(), atLeast(1)), 1),
    /**
     * The price list that set unit_amount (docs/pricing.md), and the tier's unit price it
     * lowered: the discount the list gave is (tier_unit_amount - unit_amount) x quantity. Absent
     * when the tier price was charged (and on lines from before price lists).
     */
    price_list: z.optional(z.object({ id: z.string(), name: z.string() })),
    tier_unit_amount: z.optional(
      z.number().check(integer(), atLeast(0), atMost(LIMITS.maxPriceCents)),
    ),
    /**
     * Units of the line that were not in stock when it was ordered: the product takes
     * backorders (backorders.ts) and they ship when stock arrives. 0 on lines in stock (and
     * before backorders).
     */
    backordered: z._default(z.number().check(integer(), atLeast(0), atMost(MAX_LINE_QUANTITY)), 0),
  });

  const statusChange = z.object({ status: z.enum(ORDER_STATUSES), at: instant, by: z.string() });

  /** The latest shipment's carrier and tracking (the whole order's, before shipments). */
  const shipment = z.object({
    carrier: z.enum(CARRIERS),
    tracking_number: z.string(),
    shipped_at: instant,
  });

  /** Units of one line in a shipment, or in a refund. */
  const shipmentLine = z.object({
    product_id: z.string(),
    quantity: z.number().check(integer(), atLeast(1), atMost(MAX_LINE_QUANTITY)),
  });

  /**
   * One shipment (shipments.ts): its number on the order (1, 2...), the lines and units it
   * carried, its carrier and tracking, when it left (the company's day: its test clock locally)
   * and who shipped it. `request_id` names the shipOrder request that made it, so a retry
   * answers the same shipment.
   */
  const shipmentEntry = z.object({
    id: z.string(),
    number: z.number().check(integer(), atLeast(1)),
    lines: z.array(shipmentLine),
    carrier: z.enum(CARRIERS),
    tracking_number: z.string(),
    shipped_at: instant,
    by: z.string(),
    request_id: z._default(z.string(), ''),
  });

  /**
   * A line of a refund by lines (line-refunds.ts): the units refunded, how many of them had not
   * shipped yet (they will not ship now), how many went back on hand, and the cents refunded for
   * them (their goods; their share of the tax is in the refund's `tax`).
   */
  const refundLine = z.object({
    product_id: z.string(),
    quantity: z.number().check(integer(), atLeast(1), atMost(MAX_LINE_QUANTITY)),
    unshipped: z._default(z.number().check(integer(), atLeast(0)), 0),
    restocked: z._default(z.number().check(integer(), atLeast(0)), 0),
    amount: z.number().check(integer(), atLeast(0)),
  });

  /**
   * One refund as the order (which its buyer reads) records it. `customer_note` is the note to
   * the customer, printed on the invoice. The manager's internal note is not on the order: it is
   * in order_notes/{orderId} (`notes`), which buyers cannot read. `reason` is the one note of
   * refunds recorded before the split, written "for the books": it is never shown to the buyer
   * (`npm run migrate:refunds` moves it to order_notes).
   */
  const refund = z.object({
    refund_id: z.string(),
    amount: z.number().check(integer(), atLeast(1)),
    customer_note: z._default(z.string(), ''),
    reason: z.optional(z.string()),
    at: instant,
    /** A manager's uid, or 'stripe' for a refund made in the Stripe dashboard. */
    by: z.string(),
    /** The refundOrder request that made it (absent for dashboard refunds and older entries). */
    request_id: z.optional(z.string()),
    /** A refund by lines: the lines and units it refunded ([] for a refund of an amount). */
    lines: z._default(z.array(refundLine), []),
    /** Cents of it that were those lines' share of the order's sales tax. */
    tax: z._default(z.number().check(integer(), atLeast(0)), 0),
    /** Cents of it refunding shipping the buyer paid (a return's postage, say). */
    shipping: z._default(z.number().check(integer(), atLeast(0)), 0),
    /** Cents of it given as goodwill, beyond the lines. */
    goodwill: z._default(z.number().check(integer(), atLeast(0)), 0),
    /** The claim it settled (claims.ts), if any: its units are not claimable again. */
    claim_id: z.optional(z.string()),
  });

  /**
   * A claim settled with a credit (claims.ts): `to` 'invoice' when a credit note lowered what the
   * open invoice asks for, 'balance' when the company's store credit grew (store credit, or a
   * credit note on a paid invoice).
   */
  const claimCredit = z.object({
    claim_id: z.string(),
    kind: z.enum(['credit_note', 'store_credit']),
    to: z.enum(['invoice', 'balance']),
    amount: z.number().check(integer(), atLeast(0)),
    at: instant,
    credit_note_id: z._default(z.nullable(z.string()), null),
    credit_note_number: z._default(z.nullable(z.string()), null),
  });

  /** One refund's internal note: the manager's note for the books, who wrote it and when. */
  const refundNote = z.object({ internal_note: z.string(), by: z.string(), at: instant });

  /**
   * order_notes/{orderId}: the managers' internal notes of an order's refunds, keyed by Stripe
   * refund id. Only managers read it (firestore.rules); only the functions write it.
   */
  const notes = z.object({ refunds: z._default(z.record(z.string(), refundNote), {}) });

  /**
   * The payment dispute Stripe last reported (charge.dispute.*): Stripe's status (open ones block
   * shipping: isOpenDisputeStatus) and reason, the amount disputed in cents, when it opened and
   * closed (null while open), and the time of the event that wrote it (Stripe's seconds), so an
   * older event delivered late does not undo a newer one.
   */
  const dispute = z.object({
    dispute_id: z.string(),
    status: z.string(),
    reason: z._default(z.string(), ''),
    amount: z._default(z.number().check(integer(), atLeast(0)), 0),
    opened_at: instant,
    closed_at: z._default(z.nullable(instant), null),
    event_created: z.optional(z.number()),
  });

  /**
   * The invoice of an order on payment terms (docs/payment-terms.md): Stripe's invoice (its id,
   * number, hosted page and PDF), when it is due, and where it stands. Written by the functions
   * only: when the order is placed, by the invoice.* webhook events, and by the managers'
   * closeTermsInvoice and sendInvoiceReminder.
   */
  const terms = z.object({
    net_days: z.literal(NET_TERMS),
    state: z.enum(TERMS_INVOICE_STATES),
    invoice_id: z._default(z.nullable(z.string()), null),
    invoice_number: z._default(z.nullable(z.string()), null),
    hosted_invoice_url: z._default(z.nullable(z.string()), null),
    invoice_pdf: z._default(z.nullable(z.string()), null),
    due_at: z._default(z.nullable(instant), null),
    /** Stripe said it is past due (invoice.overdue) and it was unpaid then. */
    overdue: z._default(z.boolean(), false),
    paid_at: z._default(z.nullable(instant), null),
    /** The last failed payment attempt (a declined card, a returned bank debit). */
    failed_at: z._default(z.nullable(instant), null),
    failure_message: z._default(z.string(), ''),
    /** Reminders mailed (Stripe's will_be_due, and the managers' "send reminder now"). */
    reminders: z._default(z.number().check(integer(), atLeast(0)), 0),
    last_reminded_at: z._default(z.nullable(instant), null),
    /** Why a manager voided it or wrote it off, and who. */
    closed_reason: z._default(z.string(), ''),
    closed_by: z._default(z.string(), ''),
  });

  /**
   * The sales tax of an order (docs/tax.md): the tax Stripe computed for the ship-to (cents,
   * included in `amount`), the state it was computed for, and the resale certificate that
   * exempted it (null: taxed). Null on orders from before tax.
   */
  const tax = z.object({
    amount: z.number().check(integer(), atLeast(0)),
    state: z._default(z.string(), ''),
    exemption: z._default(
      z.nullable(
        z.object({
          certificate_id: z.string(),
          number: z.string(),
          state: z.string(),
          expires_on: z.nullable(z.string()),
        }),
      ),
      null,
    ),
  });

  /**
   * orders/{id}. The id is the id of the checkout it came from (or of the standing order's
   * renewal). Orders from before the order book have none of the fields from `seller_permit_id`
   * on: the defaults stand in for them.
   */
  const order = z.object({
    /** Who placed it. */
    user_id: z.string(),
    /** The company it belongs to (docs/companies.md): '' only on orders from before companies. */
    company_id: z._default(z.string(), ''),
    /** The company's location it ships to; null when none was chosen (or before locations). */
    location_id: z._default(z.nullable(z.string()), null),
    /** That location's name when the order was placed. */
    location_name: z._default(z.string(), ''),
    /** Who placed it, by name ('' before companies). */
    placed_by_name: z._default(z.string(), ''),
    store_name: z.string(),
    items: z.array(line),
    amount: z.number().check(integer(), atLeast(0)),
    currency: z.literal('usd'),
    /** 'subscription': a cycle of a standing order (its first checkout, or a paid renewal). */
    payment_type: z.enum(PAYMENT_TYPES),
    status: z.enum(ORDER_STATUSES),
    stripe_session_id: z.nullable(z.string()),
    created_at: instant,
    updated_at: z.optional(instant),
    paid_at: z.nullable(instant),
    status_history: z.array(statusChange),
    /** The buyer's seller permit number when they checked out (on the invoice). */
    seller_permit_id: z._default(z.string(), ''),
    /** Where the goods go, as collected by Stripe Checkout. */
    ship_to: z._default(z.nullable(shipToSchema), null),
    /** INV-000123, allocated when the order is paid. */
    invoice_number: z._default(z.nullable(z.string()), null),
    shipment: z._default(z.nullable(shipment), null),
    /** Every shipment, in order (orders shipped before shipments have only `shipment`). */
    shipments: z._default(z.array(shipmentEntry), []),
    /**
     * True while a backordered unit of the order waits to ship (hasOpenBackorder): the managers'
     * backorder queue.
     */
    backorder_open: z._default(z.boolean(), false),
    refunds: z._default(z.array(refund), []),
    /**
     * A refund by lines on its way to Stripe (refundOrder): the request that claimed the order's
     * units, until when. Another refund by lines is refused meanwhile, so two managers cannot
     * refund the same last units; the claim ends when the refund is recorded (or refused).
     */
    refund_claim: z.optional(z.object({ request_id: z.string(), until: instant })),
    /** Cents: the sum of `refunds`, kept on the order so revenue can be summed on the server. */
    refunded_amount: z._default(z.number().check(integer(), atLeast(0)), 0),
    /** The payment dispute Stripe reported, if any. */
    dispute: z._default(z.nullable(dispute), null),
    /**
     * 'cart' orders remove the purchased lines from the cart once paid; Buy Now leaves it alone;
     * 'standing_order' is a renewal of a standing order (no checkout of its own).
     */
    source: z._default(z.enum(ORDER_SOURCES), 'cart'),
    /** What was priced, to recognise a repeated checkout of the same cart. */
    cart_fingerprint: z._default(z.string(), ''),
    stripe_payment_intent_id: z._default(z.nullable(z.string()), null),
    /**
     * A replacement order (source 'replacement', amount 0): the claim it settles and the order
     * the claim was on.
     */
    replacement_for: z.optional(
      z.object({
        claim_id: z.string(),
        order_id: z.string(),
        /**
         * Cents the replaced goods sold for (the claim's lines at their price): the figures count
         * it as replacements given, never as revenue.
         */
        value: z._default(z.number().check(integer(), atLeast(0)), 0),
      }),
    ),
    /**
     * Claims on this order settled with a credit (docs/order-lifecycle.md#settling-a-claim): a
     * credit note on its invoice or store credit on the company's balance. A credit note on an
     * invoice still open is also taken off `amount` (what the invoice still asks for); the
     * others leave `amount` as paid. [] when none.
     */
    claim_credits: z._default(z.array(claimCredit), []),
    /**
     * Cents of store credit spent on it at checkout (store-credit.ts): a discount "Store credit"
     * on the Checkout Session, already taken off `amount`. 0 when none.
     */
    store_credit_applied: z._default(z.number().check(integer(), atLeast(0)), 0),
    /**
     * Cents of that store credit given back to the company's balance because the order was
     * cancelled or refunded in full (docs/payments.md#store-credit). 0 when none.
     */
    store_credit_returned: z._default(z.number().check(integer(), atLeast(0)), 0),
    /** The quote it was made from (source 'quote'): its id and number. */
    quote: z.optional(z.object({ id: z.string(), number: z.string() })),
    /**
     * Cents of `amount` charged for shipping (a quote's shipping charge; not taxed). 0 when none.
     */
    shipping_charge: z._default(z.number().check(integer(), atLeast(0)), 0),
    /** The standing order this order is a cycle of; absent on one-time orders. */
    standing_order_id: z.optional(z.string()),
    /** The Stripe invoice a standing order's cycle was paid with (one order per invoice). */
    stripe_invoice_id: z.optional(z.nullable(z.string())),
    /** Units per product taken from stock when the order was made (stock-tracked products). */
    stock_taken: z.optional(z.record(z.string(), z.number())),
    /** When the order's units were put back on hand (a cancellation that restocked): once. */
    restocked_at: z.optional(instant),
    /**
     * Set when the order was made cancelled instead of going to fulfilment, and the payment is
     * refunded: the buyer lost access before paying ('buyer_not_approved'), or the quote it paid
     * had been accepted by another order ('quote_not_open': a quote makes one order).
     */
    refused_reason: z.optional(z.enum(['buyer_not_approved', 'quote_not_open'])),
    /** How it is paid: by card at checkout, or by invoice on the company's terms. */
    payment_method: z._default(z.enum(['card', 'terms']), 'card'),
    /** The buyer's purchase order number ('' when none was typed). */
    po_number: z._default(z.string(), ''),
    /** The invoice of an order on terms; null on card orders. */
    terms: z._default(z.nullable(terms), null),
    /**
     * True while the order's invoice counts in its company's open balance (issuing or open):
     * the managers' Receivables query.
     */
    receivable: z._default(z.boolean(), false),
    /** Sales tax: in `amount`, or exempt by a resale certificate; null before tax. */
    tax: z._default(z.nullable(tax), null),
    // Kept by the search triggers (functions/src/insights/search-fields.ts), not at checkout.
    /** The buyer's role, the Orders table's role filter. */
    buyer_role: z.optional(z.nullable(z.enum(BUYER_ROLES))),
    /** The buyer's sign-in address, the Orders table's email column. */
    buyer_email: z.optional(z.nullable(z.string())),
    /** Lower-case prefixes of the store name, email, order id and invoice number. */
    search_keys: z.optional(z.array(z.string())),
  });

  return {
    order,
    line,
    statusChange,
    shipment,
    shipmentLine,
    shipmentEntry,
    refund,
    refundLine,
    refundNote,
    claimCredit,
    notes,
    dispute,
    terms,
    tax,
  };
}

type OrderSchemas<Instant extends z.core.SomeType> = ReturnType<typeof orderSchemasOf<Instant>>;
type BrowserSchemas = OrderSchemas<typeof storedDate>;
let browserSchemas: BrowserSchemas | undefined;
/**
 * One of the order's schemas as the browser reads them (every instant a Date), built once. Each
 * export below is a call marked pure, so a page that uses none of them carries none of this.
 */
function browser<K extends keyof BrowserSchemas>(key: K): BrowserSchemas[K] {
  browserSchemas ??= orderSchemasOf(storedDate);
  return browserSchemas[key];
}
export const orderSchema = /* @__PURE__ */ browser('order');
export const orderLineSchema = /* @__PURE__ */ browser('line');
export const orderStatusChangeSchema = /* @__PURE__ */ browser('statusChange');
export const refundEntrySchema = /* @__PURE__ */ browser('refund');
export const shipmentEntrySchema = /* @__PURE__ */ browser('shipmentEntry');
export const orderNotesSchema = /* @__PURE__ */ browser('notes');
export const orderDisputeSchema = /* @__PURE__ */ browser('dispute');
export const orderTermsSchema = /* @__PURE__ */ browser('terms');
export const orderTaxSchema = /* @__PURE__ */ browser('tax');

export type Order = z.output<typeof orderSchema> & { id: string };
/** A line as read: lines from before SKUs and case packs read as '' and 1. */
export type OrderLine = z.output<typeof orderLineSchema>;
export type RefundEntry = z.output<typeof refundEntrySchema>;
export type ShipmentEntry = z.output<typeof shipmentEntrySchema>;
export type OrderNotes = z.output<typeof orderNotesSchema>;
export type OrderDispute = z.output<typeof orderDisputeSchema>;
export type OrderTax = z.output<typeof orderTaxSchema>;
export type OrderTerms = z.output<typeof orderTermsSchema>;

/** checkouts/{id}: one Checkout attempt (managers see the ones that never became an order). */
export const checkoutAttemptSchema = z.object({
  user_id: z.string(),
  company_id: z._default(z.string(), ''),
  store_name: z.string(),
  items: z.array(orderLineSchema),
  amount: z.number().check(integer(), atLeast(0)),
  state: z.enum(CHECKOUT_STATES),
  created_at: z.date(),
  updated_at: z.date(),
});
export type CheckoutAttempt = z.infer<typeof checkoutAttemptSchema> & { id: string };
