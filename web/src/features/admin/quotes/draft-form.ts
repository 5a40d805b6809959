/**
 * The draft editor's form: what a manager types (a company and its location, product lines with
 * an optional override in dollars and its reason, a shipping charge in dollars, a note and the
 * days it stays valid) and how it becomes the saveDraftOrder request (cents, never a float),
 * checked with the domain's saveDraftOrderRequest so the form refuses what the callable would.
 * An override needs its reason (QUOTE_MESSAGES.overrideReason); the server refuses one without
 * too, and its prices are the ones saved. Every problem goes on the field it is about, all at
 * once. No React, no antd.
 */
import {
  centsToDollarString,
  dollarsToCents,
  isOverride,
  minimumOrderQuantity,
  QUOTE_MESSAGES,
  QUOTE_VALID_DAYS_DEFAULT,
  saveDraftOrderRequest,
  type Cents,
  type Quote,
  type QuantityRule,
  type ResolvedPrice,
  type SaveDraftOrderRequest,
} from '@portal/domain';
import type { DeepPartial, FieldErrors } from 'react-hook-form';
import type { ProductWithPrices } from '@/entities/catalog';
import * as z from 'zod/mini';
import { QUOTES_TEXTS } from './quote-text';

/** One line as typed: a product, its units, and the manager's price when it overrides the company's. */
export interface DraftLineValues {
  productId: string;
  /** Null while the box is empty. */
  quantity: number | null;
  /** The line is charged the manager's price instead of the company's. */
  override: boolean;
  /** The quoted price in dollars, as typed ("12.50"); read only when `override`. */
  price: string;
  /** Why the price differs from the company's; read only when `override`. */
  reason: string;
}

export interface DraftFormValues {
  companyId: string;
  /** '' when the company has no location. */
  locationId: string;
  lines: DraftLineValues[];
  /** Dollars, as typed ('' is no charge). */
  shipping: string;
  note: string;
  /** Null while the box is empty. */
  validDays: number | null;
}

/** The saveDraftOrder request of a checked form. */
export type DraftRequest = SaveDraftOrderRequest;

/** Digits with at most two decimals. */
const DOLLARS = /^\d+(\.\d{1,2})?$/;

/** "12.50" -> 1250 cents; null when it is not dollars with at most two decimals. */
export function dollarsInput(text: string): Cents | null {
  const typed = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!DOLLARS.test(typed)) return null;
  try {
    return dollarsToCents(typed);
  } catch {
    return null;
  }
}

/** A new line of a product: its smallest quantity that can be ordered, at the company's price. */
export function newLine(productId: string, rule: QuantityRule | undefined): DraftLineValues {
  return {
    productId,
    quantity: rule ? minimumOrderQuantity(rule) : 1,
    override: false,
    price: '',
    reason: '',
  };
}

/**
 * The form's starting values: empty for a new draft (valid for the default days); a saved
 * draft's company, location, lines (an override where the saved price is not the catalog's, with
 * its reason), shipping charge, note and days.
 */
export function draftFormValues(draft: Quote | null): DraftFormValues {
  if (!draft) {
    return {
      companyId: '',
      locationId: '',
      lines: [],
      shipping: '',
      note: '',
      validDays: QUOTE_VALID_DAYS_DEFAULT,
    };
  }
  return {
    companyId: draft.company_id,
    locationId: draft.location_id ?? '',
    lines: draft.lines.map((line) => {
      const override = isOverride(line);
      return {
        productId: line.product_id,
        quantity: line.quantity,
        override,
        price: override ? centsToDollarString(line.unit_amount) : '',
        reason: override ? line.override_reason : '',
      };
    }),
    shipping: draft.shipping_amount > 0 ? centsToDollarString(draft.shipping_amount) : '',
    note: draft.note_to_buyer,
    validDays: draft.valid_days,
  };
}

/** A problem of the form, on the field it is about (react-hook-form's dotted path). */
export interface FormIssue {
  path: string;
  message: string;
}

/** Where a problem the domain found in the request goes in the form. */
function formPath(path: readonly PropertyKey[]): string {
  const [head, index, field] = path;
  switch (head) {
    case 'companyId':
      return 'companyId';
    case 'locationId':
      return 'locationId';
    case 'shippingAmount':
      return 'shipping';
    case 'noteToBuyer':
      return 'note';
    case 'validDays':
      return 'validDays';
    case 'lines': {
      if (typeof index !== 'number') return 'lines.root';
      if (field === 'quantity') return `lines.${index}.quantity`;
      if (field === 'unitAmount') return `lines.${index}.price`;
      if (field === 'overrideReason') return `lines.${index}.reason`;
      return 'lines.root';
    }
    default:
      return 'root';
  }
}

/** The first problem of each field (the form's own words before the domain's). */
function firstPerPath(issues: readonly FormIssue[]): FormIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.path) && Boolean(seen.add(issue.path)));
}

/**
 * The saveDraftOrder request of the form's values (`quoteId` once the draft is saved), checked
 * with the domain's saveDraftOrderRequest; or every problem, each on its field. An override is
 * sent as the price typed, in cents, with its reason; a line without one is sent without a price
 * (the server charges the company's). `nameOf` gives a product's name for the messages.
 */
export function checkDraft(
  values: DraftFormValues,
  nameOf: (productId: string) => string,
  quoteId: string | null,
): { request: DraftRequest } | { issues: FormIssue[] } {
  const issues: FormIssue[] = [];
  if (!values.companyId) issues.push({ path: 'companyId', message: QUOTES_TEXTS.chooseCompany });
  const lines = values.lines.map((line, i) => {
    const base = { productId: line.productId, quantity: line.quantity ?? Number.NaN };
    if (!line.override) return base;
    const cents = dollarsInput(line.price);
    if (cents === null)
      issues.push({ path: `lines.${i}.price`, message: QUOTES_TEXTS.priceFormat });
    if (line.reason.trim() === '') {
      issues.push({
        path: `lines.${i}.reason`,
        message: QUOTE_MESSAGES.overrideReason(nameOf(line.productId)),
      });
    }
    return { ...base, unitAmount: cents ?? Number.NaN, overrideReason: line.reason };
  });
  let shippingAmount = 0;
  if (values.shipping.trim() !== '') {
    const cents = dollarsInput(values.shipping);
    if (cents === null) issues.push({ path: 'shipping', message: QUOTES_TEXTS.shippingFormat });
    shippingAmount = cents ?? Number.NaN;
  }
  const request = {
    ...(quoteId ? { quoteId } : {}),
    companyId: values.companyId,
    locationId: values.locationId || null,
    lines,
    shippingAmount,
    noteToBuyer: values.note,
    validDays: values.validDays ?? Number.NaN,
  };
  const parsed = saveDraftOrderRequest.safeParse(request);
  if (parsed.success && issues.length === 0) return { request: parsed.data };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // A blank company is said in the form's words; its id's pattern would say it again.
      if (issue.path[0] === 'companyId' && !values.companyId) continue;
      issues.push({ path: formPath(issue.path), message: issue.message });
    }
  }
  return { issues: firstPerPath(issues) };
}

/**
 * The editor's schema for react-hook-form's zodResolver: the form's values in, the checked
 * request out (checkDraft), or the problems on their fields (`lines.root` for the lines as a
 * whole, `root` for the form).
 */
export function draftFormSchema(nameOf: (productId: string) => string, quoteId: string | null) {
  return z.pipe(
    z.custom<DraftFormValues>(),
    z.transform((values: DraftFormValues, ctx): DraftRequest => {
      const checked = checkDraft(values, nameOf, quoteId);
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

/** The message of the lines as a whole (the resolver puts it at `lines.root`). */
export function linesMessage(errors: FieldErrors<DraftFormValues>): string | undefined {
  const lines = errors.lines as { message?: string; root?: { message?: string } } | undefined;
  return lines?.root?.message ?? lines?.message;
}

/** A product's price for the company at a quantity; null when its tier has no price for it. */
export type CompanyPriceOf = (product: ProductWithPrices, quantity: number) => ResolvedPrice | null;

/**
 * What the draft would come to before tax, for the editor to show as the manager types: each
 * line at its override (when typed right) or the company's price now, and the shipping charge.
 * Display only: the server prices the draft when it is saved. A line it cannot price yet (no
 * quantity, no price for the tier, the company not chosen) counts nothing.
 */
export function draftEstimate(
  values: DeepPartial<DraftFormValues>,
  products: ReadonlyMap<string, ProductWithPrices>,
  priceOf: CompanyPriceOf | null,
): Cents {
  let goods = 0;
  for (const line of values.lines ?? []) {
    const quantity = line?.quantity;
    if (!line?.productId || typeof quantity !== 'number' || !(quantity > 0)) continue;
    const override = line.override ? dollarsInput(line.price ?? '') : null;
    const product = products.get(line.productId);
    const unit = override ?? (product && priceOf ? priceOf(product, quantity)?.unit_amount : null);
    goods += (unit ?? 0) * quantity;
  }
  return goods + (dollarsInput(values.shipping ?? '') ?? 0);
}
