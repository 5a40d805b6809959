/**
 * Store credit (docs/payments.md#store-credit): money a company is owed and spends on its next
 * orders, kept on its Stripe customer's balance (Stripe applies it to the next invoice) and
 * mirrored in store_credit/{companyId}, which the functions change in the same step as Stripe's
 * balance, so that two checkouts never spend it twice. A claim settled as store credit adds to
 * it; a card checkout spends it as a discount "Store credit"; a terms invoice spends it when
 * Stripe finalizes the invoice.
 */
import * as z from 'zod/mini';
import { atLeast, integer } from './en-messages';
import { formatUsd, type Cents } from './money';
import { storedDate } from './schemas';

/** Stripe charges at least $0.50: a card checkout's credit leaves that much to pay. */
export const MIN_CARD_CHARGE_CENTS = 50;

/** Cents of `balance` a card checkout of `goods` cents spends (the rest is kept for later). */
export function creditToApply(balance: Cents, goods: Cents): Cents {
  if (!(balance > 0) || !(goods > 0)) return 0;
  return Math.max(0, Math.min(balance, goods - MIN_CARD_CHARGE_CENTS));
}

/** Why the balance changed. */
export const STORE_CREDIT_ENTRY_KINDS = [
  /** A claim settled as store credit (+). */
  'claim',
  /** A credit note on a paid invoice, credited to the balance (+). */
  'credit_note',
  /** Spent by a card checkout (−). */
  'checkout',
  /** A checkout that expired unpaid gave it back (+). */
  'checkout_released',
  /** Stripe applied it to an invoice when finalizing it (−), or gave it back on a void (+). */
  'invoice',
  /** An order that spent it was cancelled or refunded in full: given back (+). */
  'order_returned',
] as const;
export type StoreCreditEntryKind = (typeof STORE_CREDIT_ENTRY_KINDS)[number];

export const STORE_CREDIT_ENTRY_LABELS: Readonly<Record<StoreCreditEntryKind, string>> = {
  claim: 'Claim settled',
  credit_note: 'Credit note',
  checkout: 'Applied to an order',
  checkout_released: 'Returned from an unpaid checkout',
  invoice: 'Applied to an invoice',
  order_returned: 'Returned from a cancelled or refunded order',
};

export function storeCreditSchemasOf<Instant extends z.core.SomeType>(instant: Instant) {
  /** store_credit/{companyId}: the balance (cents the company may spend). */
  const balance = z.object({
    balance: z.number().check(integer(), atLeast(0)),
    updated_at: instant,
  });
  /** store_credit/{companyId}/entries/{entryId}: one change of it. */
  const entry = z.object({
    kind: z.enum(STORE_CREDIT_ENTRY_KINDS),
    /** Signed cents: + the company gained credit, − it spent some. */
    amount: z.number().check(integer()),
    balance_after: z.number().check(integer(), atLeast(0)),
    description: z._default(z.string(), ''),
    claim_id: z._default(z.nullable(z.string()), null),
    order_id: z._default(z.nullable(z.string()), null),
    invoice_id: z._default(z.nullable(z.string()), null),
    stripe_balance_transaction_id: z._default(z.nullable(z.string()), null),
    at: instant,
  });
  return { balance, entry };
}

type BrowserSchemas = ReturnType<typeof storeCreditSchemasOf<typeof storedDate>>;
let browserSchemas: BrowserSchemas | undefined;
function browser<K extends keyof BrowserSchemas>(key: K): BrowserSchemas[K] {
  browserSchemas ??= storeCreditSchemasOf(storedDate);
  return browserSchemas[key];
}
export const storeCreditBalanceSchema = /* @__PURE__ */ browser('balance');
export const storeCreditEntrySchema = /* @__PURE__ */ browser('entry');
export type StoreCreditEntry = z.output<typeof storeCreditEntrySchema> & { id: string };

/** "Store credit: $12.00", or '' when there is none. */
export function storeCreditLabel(balance: Cents): string {
  return balance > 0 ? `Store credit: ${formatUsd(balance)}` : '';
}

/** The name of the one-off coupon a card checkout spends store credit with (on the receipt). */
export const STORE_CREDIT_COUPON_NAME = 'Store credit';
