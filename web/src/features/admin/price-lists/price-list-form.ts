/**
 * The price list editor's form: what a manager types (a name, two optional days, companies, rows
 * of products priced in dollars or percentages) and how it becomes the savePriceList request
 * (cents and basis points, never a float), checked with the domain's savePriceListRequest so the
 * form refuses what the callable would. Every problem is put on the field it is about (a row's
 * value, a break's quantity, the last day), all at once. No React, no antd.
 */
import {
  centsToDollarString,
  dayNumber,
  dollarsToCents,
  entryUnitPrice,
  MAX_LINE_QUANTITY,
  MAX_PERCENT_OFF_BPS,
  MIN_PERCENT_OFF_BPS,
  PRICE_LIST_MESSAGES,
  priceListDays,
  savePriceListRequest,
  type Cents,
  type PriceListEntry,
  type SavePriceListInput,
  type StoredPriceList,
} from '@portal/domain';
import type { FieldErrors } from 'react-hook-form';
import * as z from 'zod/mini';
import type { ProductWithPrices } from '@/entities/catalog';

export type EntryKind = PriceListEntry['kind'];

export const ENTRY_KIND_LABELS: Readonly<Record<EntryKind, string>> = {
  fixed: 'Fixed price',
  percent: '% off tier price',
};

/** One quantity break of a row: from how many units, at what price or percentage (as typed). */
export interface BreakInput {
  min_quantity: number | null;
  value: string;
}

/** One product of the list: a fixed price in dollars or a percentage off, as typed. */
export interface EntryInput {
  product_id: string;
  kind: EntryKind;
  value: string;
  breaks: BreakInput[];
}

export interface PriceListFormValues {
  name: string;
  /** 'YYYY-MM-DD', or '' for an open side. */
  valid_from: string;
  valid_to: string;
  company_ids: string[];
  entries: EntryInput[];
}

export const FORM_MESSAGES = {
  price: 'Enter the price in dollars, like 12.50',
  percent: 'Enter the percentage off, like 7.5 (at most two decimals)',
  quantity: `Enter a quantity from 2 to ${MAX_LINE_QUANTITY}`,
} as const;

/** Digits with at most two decimals: dollars ("12.50") or percentages ("7.25"). */
const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** Hundredths of what is typed: cents of "12.50" dollars, basis points of "7.5" percent. */
function hundredths(text: string): number | null {
  const typed = text.trim();
  if (!AMOUNT.test(typed)) return null;
  try {
    // The domain's one conversion of a two-decimal amount to whole hundredths (no float maths).
    return dollarsToCents(typed);
  } catch {
    return null;
  }
}

/** "12.50" -> 1250 cents; null when it is not dollars with at most two decimals. */
export const dollarsToListCents = (text: string): Cents | null => hundredths(text);

/** "7.5" -> 750 basis points; null when it is not a percentage with at most two decimals. */
export const percentToBps = (text: string): number | null => hundredths(text);

/** 750 -> "7.5", 500 -> "5", 1225 -> "12.25" (for the form's inputs). */
export function bpsToPercent(bps: number): string {
  return String(Number((bps / 100).toFixed(2)));
}

/** A row's value (or a break's) in cents or basis points, by the row's kind; null when not typed right. */
export function parseEntryValue(kind: EntryKind, text: string): number | null {
  return kind === 'fixed' ? dollarsToListCents(text) : percentToBps(text);
}

const valueText = (kind: EntryKind, amount: number) =>
  kind === 'fixed' ? centsToDollarString(amount) : bpsToPercent(amount);

/** A new row for a product: a percentage off by default, with no breaks. */
export function newEntry(productId: string, kind: EntryKind = 'percent', value = ''): EntryInput {
  return { product_id: productId, kind, value, breaks: [] };
}

function entryInput(productId: string, entry: PriceListEntry): EntryInput {
  if (entry.kind === 'fixed') {
    return {
      product_id: productId,
      kind: 'fixed',
      value: valueText('fixed', entry.unit_amount),
      breaks: entry.breaks.map((step) => ({
        min_quantity: step.min_quantity,
        value: valueText('fixed', step.unit_amount),
      })),
    };
  }
  return {
    product_id: productId,
    kind: 'percent',
    value: valueText('percent', entry.percent_off_bps),
    breaks: entry.breaks.map((step) => ({
      min_quantity: step.min_quantity,
      value: valueText('percent', step.percent_off_bps),
    })),
  };
}

/**
 * The form's starting values: empty for a new list; a stored list's name, days (priceListDays:
 * the days the manager entered), companies and entries, in catalog order (products no longer in
 * the catalog last, by id).
 */
export function priceListFormValues(
  list: StoredPriceList | undefined,
  products: readonly Pick<ProductWithPrices, 'id'>[],
): PriceListFormValues {
  if (!list) return { name: '', valid_from: '', valid_to: '', company_ids: [], entries: [] };
  const days = priceListDays(list);
  const order = new Map(products.map((product, index) => [product.id, index]));
  const place = (id: string) => order.get(id) ?? Number.MAX_SAFE_INTEGER;
  const entries = Object.entries(list.entries)
    .sort(([a], [b]) => place(a) - place(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([productId, entry]) => entryInput(productId, entry as PriceListEntry));
  return {
    name: list.name,
    valid_from: days.valid_from ?? '',
    valid_to: days.valid_to ?? '',
    company_ids: [...list.company_ids],
    entries,
  };
}

/**
 * Rows for every product of `category` not in the list yet, each `percent` off; with how many of
 * the category were already there (they are left as they are).
 */
export function categoryEntries(
  products: readonly ProductWithPrices[],
  category: string,
  inList: ReadonlySet<string>,
  percent: string,
): { added: EntryInput[]; skipped: number } {
  const ofCategory = products.filter((product) => product.category === category);
  const added = ofCategory
    .filter((product) => !inList.has(product.id))
    .map((product) => newEntry(product.id, 'percent', percent.trim()));
  return { added, skipped: ofCategory.length - added.length };
}

/** Whether a percentage typed for "add a category" is one a list may take. */
export function percentProblem(text: string): string | null {
  const bps = percentToBps(text);
  if (bps === null) return FORM_MESSAGES.percent;
  if (bps < MIN_PERCENT_OFF_BPS) return 'The percentage off must be at least 0.01%';
  if (bps > MAX_PERCENT_OFF_BPS) {
    return `The percentage off must be at most ${MAX_PERCENT_OFF_BPS / 100}%`;
  }
  return null;
}

/** A tier's price of one unit, and what the row's list price would be instead. */
export interface TierPreview {
  tier: Cents;
  list: Cents;
}

/**
 * What one unit would cost each tier with this row (its base value: breaks start at 2 units),
 * beside the tier's own price; null for a tier without a price (no wholesale price set), and null
 * as a whole while the value is not a valid one.
 */
export function unitPricePreview(
  row: Pick<EntryInput, 'kind' | 'value'>,
  product: Pick<
    ProductWithPrices,
    'price_retailer' | 'price_breaks' | 'price_wholesaler' | 'wholesale_breaks'
  >,
): { retail: TierPreview; wholesale: TierPreview | null } | null {
  const amount = parseEntryValue(row.kind, row.value);
  if (amount === null || amount < 1) return null;
  if (row.kind === 'percent' && amount > MAX_PERCENT_OFF_BPS) return null;
  const entry: PriceListEntry =
    row.kind === 'fixed'
      ? { kind: 'fixed', unit_amount: amount, breaks: [] }
      : { kind: 'percent', percent_off_bps: amount, breaks: [] };
  const at = (base: Cents, breaks: ProductWithPrices['price_breaks']): TierPreview => ({
    tier: base,
    list: entryUnitPrice(entry, { base, breaks }, 1),
  });
  return {
    retail: at(product.price_retailer, product.price_breaks),
    wholesale:
      product.price_wholesaler === null
        ? null
        : at(product.price_wholesaler, product.wholesale_breaks),
  };
}

/** A problem of the form, on the field it is about (react-hook-form's dotted path). */
export interface FormIssue {
  path: string;
  message: string;
}

/**
 * Where a problem the domain found in the request goes in the form: a row's value or break
 * (entries are keyed by product id there, by row here), the list of rows as a whole, or the
 * form's top for anything else.
 */
function formPath(path: readonly PropertyKey[], rowOf: ReadonlyMap<string, number>): string {
  const [head, key, field, index, part] = path;
  if (head === 'name' || head === 'valid_from' || head === 'valid_to') return head;
  if (head === 'company_ids') return 'company_ids';
  if (head !== 'entries') return 'root';
  const row = key === undefined ? undefined : rowOf.get(String(key));
  if (row === undefined) return 'entries.root';
  if (field === 'unit_amount' || field === 'percent_off_bps') return `entries.${row}.value`;
  if (field === 'breaks' && index !== undefined) {
    return `entries.${row}.breaks.${String(index)}.${part === 'min_quantity' ? 'min_quantity' : 'value'}`;
  }
  // The breaks as a whole (too many, or not a ladder: the entry's own check).
  return `entries.${row}.breaks.root`;
}

/** The first problem of each field (the form's own words before the domain's). */
function firstPerPath(issues: readonly FormIssue[]): FormIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.path) && Boolean(seen.add(issue.path)));
}

/**
 * The savePriceList request of the form's values (`listId` when editing), checked with the
 * domain's savePriceListRequest; or every problem, each on its field. A value that is not typed
 * right is reported in the form's words (dollars, percentages, quantities) and sent to the
 * domain's check as NaN, so its other problems (a blank name, no products, days out of order)
 * still show at the same time.
 */
export function checkPriceList(
  values: PriceListFormValues,
  listId?: string,
): { request: SavePriceListInput } | { issues: FormIssue[] } {
  const issues: FormIssue[] = [];
  const rowOf = new Map<string, number>();
  const entries: Record<string, unknown> = {};
  values.entries.forEach((row, i) => {
    rowOf.set(row.product_id, i);
    const valueMessage = row.kind === 'fixed' ? FORM_MESSAGES.price : FORM_MESSAGES.percent;
    const amount = parseEntryValue(row.kind, row.value);
    if (amount === null) issues.push({ path: `entries.${i}.value`, message: valueMessage });
    const breaks = row.breaks.map((step, j) => {
      const quantity = step.min_quantity;
      if (
        quantity === null ||
        !Number.isInteger(quantity) ||
        quantity < 2 ||
        quantity > MAX_LINE_QUANTITY
      ) {
        issues.push({
          path: `entries.${i}.breaks.${j}.min_quantity`,
          message: FORM_MESSAGES.quantity,
        });
      }
      const at = parseEntryValue(row.kind, step.value);
      if (at === null)
        issues.push({ path: `entries.${i}.breaks.${j}.value`, message: valueMessage });
      const min_quantity = quantity ?? Number.NaN;
      return row.kind === 'fixed'
        ? { min_quantity, unit_amount: at ?? Number.NaN }
        : { min_quantity, percent_off_bps: at ?? Number.NaN };
    });
    entries[row.product_id] =
      row.kind === 'fixed'
        ? { kind: 'fixed', unit_amount: amount ?? Number.NaN, breaks }
        : { kind: 'percent', percent_off_bps: amount ?? Number.NaN, breaks };
  });
  // The domain checks these on a request whose fields are valid only: said here at once.
  if (values.entries.length === 0) {
    issues.push({ path: 'entries.root', message: PRICE_LIST_MESSAGES.noEntries });
  }
  const from = values.valid_from.trim() || null;
  const to = values.valid_to.trim() || null;
  const [first, last] = [from && dayNumber(from), to && dayNumber(to)];
  if (typeof first === 'number' && typeof last === 'number' && first > last) {
    issues.push({ path: 'valid_to', message: PRICE_LIST_MESSAGES.windowOrder });
  }
  const request = {
    ...(listId === undefined ? {} : { listId }),
    name: values.name,
    valid_from: from,
    valid_to: to,
    company_ids: values.company_ids,
    entries,
  };
  const parsed = savePriceListRequest.safeParse(request);
  if (parsed.success && issues.length === 0) return { request: parsed.data };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      issues.push({ path: formPath(issue.path, rowOf), message: issue.message });
    }
  }
  return { issues: firstPerPath(issues) };
}

/**
 * The editor's schema for react-hook-form's zodResolver: the form's values in, the checked
 * request out (checkPriceList), or the problems on their fields (`entries.root` for the rows as a
 * whole, `root` for the form).
 */
export function priceListFormSchema(listId: string | undefined) {
  return z.pipe(
    z.custom<PriceListFormValues>(),
    z.transform((values: PriceListFormValues, ctx): SavePriceListInput => {
      const checked = checkPriceList(values, listId);
      if ('request' in checked) return checked.request;
      for (const issue of checked.issues) {
        ctx.issues.push({
          code: 'custom',
          path: issue.path.split('.'),
          message: issue.message,
          input: values,
        });
      }
      return z.NEVER;
    }),
  );
}

/** The index of the first row with a problem, or null (the editor shows its page). */
export function firstRowWithError(errors: FieldErrors<PriceListFormValues>): number | null {
  const rows = errors.entries;
  if (!rows) return null;
  const indexes = Object.keys(rows)
    .filter((key) => /^\d+$/.test(key))
    .map(Number);
  return indexes.length > 0 ? Math.min(...indexes) : null;
}
