/**
 * Price lists as stored and as the managers' callables take them (docs/pricing.md). The pricing
 * itself (the lowest-price rule, windows, ladders) is in price-lists.ts, without Zod.
 *
 * - price_lists/{listId}: the list a manager keeps (name, window, companies, entries); managers
 *   read it, only the functions write it (savePriceList, deletePriceList).
 * - companies/{companyId}/price_lists/{listId}: the company's copy, written in the same
 *   transaction: name, window and entries, never the other companies the list is assigned to.
 *   The company's approved members read it; it is how a buyer's pages learn their prices.
 */
import * as z from 'zod/mini';
import { atLeast, atMost, integer, lengthAtMost } from './en-messages';
import { businessDay } from './business-day';
import { addDays, dayNumber, startOfBusinessDay } from './insights';
import { LIMITS } from './form-schemas';
import { MAX_LINE_QUANTITY } from './orders';
import { hasUnsafeText } from './plain-text';
import { priceBreaksProblem } from './price-breaks';
import {
  MAX_PERCENT_OFF_BPS,
  MIN_PERCENT_OFF_BPS,
  PRICE_LIST_LIMITS,
  type PriceListEntry,
  type PriceListTerms,
} from './price-lists';
import { BUYER_ROLES } from './roles';
import { storedDate } from './schemas';

const docId = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(128),
  z.regex(/^[^/]+$/, 'Must be a document id'),
  z.refine((value) => value !== '.' && value !== '..' && !/^__.*__$/.test(value), {
    message: 'Must be a document id',
  }),
);

const unitCents = z
  .number({ error: 'Enter the price in cents' })
  .check(
    z.int('Enter the price in whole cents'),
    z.gte(1, 'A list price must be at least $0.01'),
    z.lte(LIMITS.maxPriceCents, `A list price must be at most $${LIMITS.maxPriceCents / 100}`),
  );

const percentBps = z
  .number({ error: 'Enter the percentage off' })
  .check(
    z.int('Enter the percentage with at most two decimals'),
    z.gte(MIN_PERCENT_OFF_BPS, 'The percentage off must be at least 0.01%'),
    z.lte(MAX_PERCENT_OFF_BPS, `The percentage off must be at most ${MAX_PERCENT_OFF_BPS / 100}%`),
  );

const breakQuantity = z.number().check(integer(), atLeast(2), atMost(MAX_LINE_QUANTITY));

const fixedEntry = z.strictObject({
  kind: z.literal('fixed'),
  unit_amount: unitCents,
  breaks: z._default(
    z
      .array(z.strictObject({ min_quantity: breakQuantity, unit_amount: unitCents }))
      .check(lengthAtMost(PRICE_LIST_LIMITS.breaks)),
    [],
  ),
});

const percentEntry = z.strictObject({
  kind: z.literal('percent'),
  percent_off_bps: percentBps,
  breaks: z._default(
    z
      .array(z.strictObject({ min_quantity: breakQuantity, percent_off_bps: percentBps }))
      .check(lengthAtMost(PRICE_LIST_LIMITS.breaks)),
    [],
  ),
});

/**
 * Why an entry's breaks do not form a ladder, or null: a fixed entry's breaks as the catalog's
 * (later quantities, lower prices); a percentage's at later quantities, each a larger percentage.
 */
export function priceListEntryProblem(entry: PriceListEntry): string | null {
  if (entry.kind === 'fixed') return priceBreaksProblem(entry.unit_amount, entry.breaks);
  let previous = { min_quantity: 1, percent_off_bps: entry.percent_off_bps };
  for (const step of entry.breaks) {
    if (step.min_quantity <= previous.min_quantity) {
      return 'Price breaks must start at increasing quantities';
    }
    if (step.percent_off_bps <= previous.percent_off_bps) {
      return 'Each break must take a larger percentage off than the one before it';
    }
    previous = step;
  }
  return null;
}

export const priceListEntrySchema = z.discriminatedUnion('kind', [fixedEntry, percentEntry]).check(
  z.superRefine((entry, ctx) => {
    const problem = priceListEntryProblem(entry as PriceListEntry);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: entry });
  }),
);

const listName = z.string().check(
  z.trim(),
  z.minLength(1, 'Name the price list'),
  z.maxLength(PRICE_LIST_LIMITS.name, `Keep the name under ${PRICE_LIST_LIMITS.name} characters`),
  z.refine((value) => !hasUnsafeText(value), {
    message: 'Remove the special characters from the name',
  }),
);

/** A business day, 'YYYY-MM-DD' (Pacific: insights.ts). */
const day = z
  .string()
  .check(z.refine((value) => dayNumber(value) !== null, { message: 'Enter dates as YYYY-MM-DD' }));

export const PRICE_LIST_MESSAGES = {
  windowOrder: 'The last day must be on or after the first day',
  noEntries: 'Add at least one product to the price list',
  tooManyEntries: `A price list can have at most ${PRICE_LIST_LIMITS.entries} products`,
  tooManyCompanies: `A price list can go to at most ${PRICE_LIST_LIMITS.companies} companies`,
  unknownProduct: 'A product of the list is not in the catalog',
  unknownCompany: 'A company of the list does not exist',
  notFound: 'This price list does not exist (it may have been deleted).',
  reason: `Give a reason (at most ${PRICE_LIST_LIMITS.reason} characters)`,
} as const;

/**
 * savePriceList: a manager creates (no listId) or replaces a list. The window is in business days,
 * both inclusive (valid_to: the last day it applies), or open on either side.
 */
export const savePriceListRequest = z
  .strictObject({
    listId: z.optional(docId),
    name: listName,
    valid_from: z.nullable(day),
    valid_to: z.nullable(day),
    company_ids: z
      .array(docId)
      .check(z.maxLength(PRICE_LIST_LIMITS.companies, PRICE_LIST_MESSAGES.tooManyCompanies)),
    entries: z.record(docId, priceListEntrySchema),
  })
  .check(
    z.refine(
      (request) =>
        request.valid_from === null ||
        request.valid_to === null ||
        dayNumber(request.valid_from)! <= dayNumber(request.valid_to)!,
      { message: PRICE_LIST_MESSAGES.windowOrder, path: ['valid_to'] },
    ),
    z.refine((request) => Object.keys(request.entries).length > 0, {
      message: PRICE_LIST_MESSAGES.noEntries,
      path: ['entries'],
    }),
    z.refine((request) => Object.keys(request.entries).length <= PRICE_LIST_LIMITS.entries, {
      message: PRICE_LIST_MESSAGES.tooManyEntries,
      path: ['entries'],
    }),
  );
export type SavePriceListRequest = z.input<typeof savePriceListRequest>;
export type SavePriceListInput = z.output<typeof savePriceListRequest>;

export const deletePriceListRequest = z.strictObject({ listId: docId });
export type DeletePriceListRequest = z.input<typeof deletePriceListRequest>;

export interface SavePriceListResponse {
  listId: string;
}

const reasonText = z.string().check(
  z.trim(),
  z.minLength(1, PRICE_LIST_MESSAGES.reason),
  z.maxLength(PRICE_LIST_LIMITS.reason, PRICE_LIST_MESSAGES.reason),
  z.refine((value) => !hasUnsafeText(value), {
    message: 'Remove the special characters from the reason',
  }),
);

/** moveCompanyTier: a manager moves a company between retailer and wholesaler, with a reason. */
export const moveCompanyTierRequest = z.strictObject({
  companyId: docId,
  businessType: z.enum(BUYER_ROLES),
  reason: reasonText,
});
export type MoveCompanyTierRequest = z.input<typeof moveCompanyTierRequest>;

export interface MoveCompanyTierResponse {
  companyId: string;
  /** Members whose claims now carry the new tier. */
  members: number;
}

/** price_lists/{listId} as stored. */
export const storedPriceListSchema = z.object({
  name: z.string(),
  valid_from: z.nullable(storedDate),
  valid_to: z.nullable(storedDate),
  company_ids: z.array(z.string()),
  entries: z.record(z.string(), priceListEntrySchema),
  updated_at: storedDate,
  updated_by: z.string(),
});
export type StoredPriceList = z.infer<typeof storedPriceListSchema> & { id: string };

/** companies/{companyId}/price_lists/{listId}: the company's copy (no other company named). */
export const companyPriceListSchema = z.object({
  name: z.string(),
  valid_from: z.nullable(storedDate),
  valid_to: z.nullable(storedDate),
  entries: z.record(z.string(), priceListEntrySchema),
});

/**
 * The window of business days `from`..`to` (both inclusive, Pacific; null: open) as the instants
 * stored: from the start of the first day to the start of the day after the last.
 */
export function priceListWindow(
  from: string | null,
  to: string | null,
): { valid_from: Date | null; valid_to: Date | null } {
  return {
    valid_from: from === null ? null : startOfBusinessDay(from),
    valid_to: to === null ? null : startOfBusinessDay(addDays(to, 1)),
  };
}

/** The business days of a stored window, as a manager entered them (the inverse of the above). */
export function priceListDays(window: { valid_from: Date | null; valid_to: Date | null }): {
  valid_from: string | null;
  valid_to: string | null;
} {
  return {
    valid_from: window.valid_from ? businessDay(window.valid_from) : null,
    valid_to: window.valid_to ? addDays(businessDay(window.valid_to), -1) : null,
  };
}

/** A stored list or a company's copy as the pricing reads it. */
export function priceListTerms(
  id: string,
  data: z.infer<typeof companyPriceListSchema>,
): PriceListTerms {
  return {
    id,
    name: data.name,
    valid_from: data.valid_from,
    valid_to: data.valid_to,
    entries: data.entries as Record<string, PriceListEntry>,
  };
}
