import * as z from 'zod/mini';
import { MAX_LINE_QUANTITY } from './orders';
import { MAX_PRICE_BREAKS, priceBreaksProblem } from './price-breaks';
import { MAX_STOCK_UNITS } from './stock';
import { restockDateSchema } from './restock-date';
import { shipToSchema } from './ship-to';
import { COMPANY_ROLES, PROFILE_STATUSES, ROLES } from './roles';
import { LIMITS, nameText, requiredText } from './form-schemas';
import { atLeast, atMost, integer, lengthAtLeast, lengthAtMost } from './en-messages';

/**
 * The least time between two store renames: each rename is mirrored into the search fields and
 * the standing orders by triggers, so a loop of renames is a loop of function runs. The rules
 * check it (firestore.rules, profiles: store_name_changed_at; keep both in step).
 */
export const STORE_RENAME_INTERVAL_MS = 60_000;

/** How long until the store may be renamed again (0: now), from the last rename's time. */
export function storeRenameWaitMs(lastRenamedAt: Date | null | undefined, now: number): number {
  if (!lastRenamedAt) return 0;
  return Math.max(0, lastRenamedAt.getTime() + STORE_RENAME_INTERVAL_MS - now);
}

/** The owner's rename of their company (the name every member's profile shows as store_name). */
export const profileUpdateSchema = z.object({
  storeName: nameText('Store name', LIMITS.storeName),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** profiles/{uid} as stored (timestamps are converted to Date by the reader). */
export const profileSchema = z.object({
  user_id: z.string().check(lengthAtLeast(1)),
  full_name: z.string(),
  store_name: z.string(),
  seller_permit_id: z.string(),
  role: z.enum(ROLES),
  status: z.enum(PROFILE_STATUSES),
  created_at: z.date(),
  reviewed_at: z.optional(z.nullable(z.date())),
  reviewed_by: z.optional(z.nullable(z.string())),
  /** The default ship-to (written by the functions only): the last order's, or as edited. */
  ship_to: z.optional(z.nullable(shipToSchema)),
  /** Whether the address is verified, copied from Firebase Auth by the functions. */
  email_verified: z.optional(z.boolean()),
  /** When the owner last renamed the store (before companies: the company's name_changed_at now). */
  store_name_changed_at: z.optional(z.nullable(z.date())),
  /** The member's company and role in it (docs/companies.md); none for managers. */
  company_id: z.optional(z.nullable(z.string())),
  company_role: z.optional(z.nullable(z.enum(COMPANY_ROLES))),
  /** A buyer's assigned locations. */
  location_ids: z.optional(z.array(z.string())),
});
export type Profile = z.infer<typeof profileSchema>;

const cents = z
  .number()
  .check(z.int('Must be whole cents'), atLeast(0), atMost(LIMITS.maxPriceCents));

/** A Firestore Timestamp (anything with toDate()) or a Date, read as a Date. */
export const storedDate = z.pipe(
  z.transform((value: unknown) =>
    value !== null &&
    typeof value === 'object' &&
    'toDate' in value &&
    typeof (value as { toDate: unknown }).toDate === 'function'
      ? (value as { toDate: () => unknown }).toDate()
      : value,
  ),
  z.date(),
);

/** Upper-case letters, digits, dot, dash and underscore; starts with a letter or digit. */
export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9._-]*$/;

/** A SKU as typed or imported: trimmed and upper-cased before it is checked or compared. */
export function normalizeSku(text: string): string {
  return text.trim().toUpperCase();
}

export const skuSchema = z.pipe(
  z.pipe(z.string({ error: 'SKU is required' }), z.transform(normalizeSku)),
  z
    .string()
    .check(
      z.minLength(1, 'SKU is required'),
      z.maxLength(LIMITS.sku, `SKU must be at most ${LIMITS.sku} characters`),
      z.regex(SKU_PATTERN, 'SKU may use letters, digits, dot, dash and underscore only'),
    ),
);

const packSize = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .check(
      z.int(`${label} must be a whole number`),
      z.gte(1, `${label} must be at least 1`),
      z.lte(MAX_LINE_QUANTITY, `${label} must be at most ${MAX_LINE_QUANTITY}`),
    );

export const priceBreakSchema = z.object({
  min_quantity: z.number().check(integer(), atLeast(2), atMost(MAX_LINE_QUANTITY)),
  /** At least a cent: a break never gives goods away (a typo like 24:0). */
  unit_amount: cents.check(z.gte(1, 'A break price must be at least $0.01')),
});
export const priceBreaksSchema = z.array(priceBreakSchema).check(lengthAtMost(MAX_PRICE_BREAKS));

/**
 * products/{id} as stored: everything a buyer of any role may see. It holds no wholesale price:
 * approved retailers read these documents, and rules cannot hide one field of a document, so
 * the wholesale price lives in wholesale_prices/{productId} (wholesalePriceSchema).
 * Fields added with the searchable catalog have defaults, so products saved before it still read
 * (docs/catalog.md): no SKU or category, one image, sold by the unit, stock not tracked.
 */
export const productSchema = z.object({
  name: requiredText('Name', LIMITS.productName),
  description: z.string().check(z.trim(), lengthAtMost(LIMITS.productDescription)),
  /** The main image (the card's); `images` are the product page's further images. */
  image_url: z
    .string()
    .check(z.trim(), z.minLength(1, 'Image is required'), lengthAtMost(LIMITS.url)),
  price_retailer: cents,
  is_active: z.boolean(),
  sort_order: z.number().check(integer(), atLeast(0), atMost(100_000)),
  sku: z._default(z.string().check(lengthAtMost(LIMITS.sku)), ''),
  category: z._default(z.string().check(z.trim(), lengthAtMost(LIMITS.productCategory)), ''),
  images: z._default(
    z
      .array(z.string().check(z.trim(), lengthAtLeast(1), lengthAtMost(LIMITS.url)))
      .check(lengthAtMost(LIMITS.productImages)),
    [],
  ),
  case_pack: z._default(packSize('Case pack'), 1),
  min_quantity: z._default(packSize('Minimum order'), 1),
  /** The retail price breaks (wholesale ones are on wholesale_prices/{id}). */
  price_breaks: z._default(priceBreaksSchema, []),
  /** Below 0 only by backorders taken beyond the stock (units owed); a manager sets 0 or more. */
  stock_on_hand: z._default(
    z.nullable(z.number().check(integer(), atLeast(-MAX_STOCK_UNITS), atMost(MAX_STOCK_UNITS))),
    null,
  ),
  /** Buyers may order beyond the stock; those units ship when it arrives (backorders.ts). */
  backorders_allowed: z._default(z.boolean(), false),
  /** When stock is expected (YYYY-MM-DD), shown to buyers of a backordered product; null: unknown. */
  restock_date: z._default(z.nullable(restockDateSchema), null),
  stock_reserved: z._default(z.number().check(integer(), atLeast(0)), 0),
  created_at: z._default(z.nullable(storedDate), null),
  /**
   * The sizes made of each uploaded photo (product-photos.ts), by photo id. Written only by the
   * functions; a product whose images are all URLs has none.
   */
  image_sizes: z.optional(
    z.record(
      z.string(),
      z.array(z.object({ width: z.number().check(integer(), atLeast(1)), url: z.string() })),
    ),
  ),
});
export type Product = z.infer<typeof productSchema> & { id: string };

/** The values a product gets for the fields it may leave out (what productSchema defaults to). */
export const PRODUCT_DEFAULTS = {
  sku: '',
  category: '',
  images: [],
  case_pack: 1,
  min_quantity: 1,
  price_breaks: [],
  stock_on_hand: null,
  stock_reserved: 0,
  backorders_allowed: false,
  restock_date: null,
  created_at: null,
} as const satisfies Partial<z.infer<typeof productSchema>>;

/**
 * wholesale_prices/{productId}: the wholesale price of one product and its quantity breaks,
 * readable only by approved wholesalers and managers, written only by managers (and the Admin SDK).
 */
export const wholesalePriceSchema = z.object({
  price_wholesaler: cents,
  price_breaks: z._default(priceBreaksSchema, []),
});
export type WholesalePrice = z.infer<typeof wholesalePriceSchema>;

/**
 * The joined view: a product with both prices and both break ladders (products/{id} plus
 * wholesale_prices/{id}). Only code that may know the wholesale price builds one: checkout
 * pricing on the server, the manager's catalog editor, and a wholesaler's store.
 */
export const catalogProductSchema = z.extend(productSchema, {
  price_wholesaler: cents,
  wholesale_breaks: z._default(priceBreaksSchema, []),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema> & { id: string };

/** Joins a product with its wholesale price. */
export function withWholesalePrice(product: Product, wholesale: WholesalePrice): CatalogProduct {
  return {
    ...product,
    price_wholesaler: wholesale.price_wholesaler,
    wholesale_breaks: wholesale.price_breaks,
  };
}

/** Splits the joined view into the two documents it is stored as (ids are the same). */
export function splitCatalogProduct(product: Omit<CatalogProduct, 'id'>): {
  product: z.infer<typeof productSchema>;
  wholesale: WholesalePrice;
} {
  const { price_wholesaler, wholesale_breaks, ...rest } = product;
  return { product: rest, wholesale: { price_wholesaler, price_breaks: wholesale_breaks } };
}

/**
 * What is wrong across the fields of a product a manager saves (each field alone is checked by
 * the schema), or null: price breaks that do not form a ladder under their base price, and a
 * minimum order that is not a whole number of cases.
 */
export function catalogProductProblem(product: Omit<CatalogProduct, 'id'>): string | null {
  const retail = priceBreaksProblem(product.price_retailer, product.price_breaks);
  if (retail) return `Retail price breaks: ${retail}`;
  const wholesale = priceBreaksProblem(product.price_wholesaler, product.wholesale_breaks);
  if (wholesale) return `Wholesale price breaks: ${wholesale}`;
  if (product.min_quantity % product.case_pack !== 0) {
    return `The minimum order must be a multiple of the case pack (${product.case_pack})`;
  }
  return null;
}

export const cartItemSchema = z.object({
  product_id: z.string().check(lengthAtLeast(1)),
  quantity: z.number().check(integer(), atLeast(1), atMost(MAX_LINE_QUANTITY)),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const supportContentSchema = z.object({
  title: requiredText('Title', LIMITS.supportTitle),
  category: requiredText('Category', LIMITS.supportCategory),
  video_url: z.pipe(
    z.string().check(z.trim(), lengthAtMost(LIMITS.url)),
    z.url({ protocol: /^https?$/, error: 'Enter a valid http(s) video URL' }),
  ),
});
export type SupportContent = z.infer<typeof supportContentSchema> & { id: string };
