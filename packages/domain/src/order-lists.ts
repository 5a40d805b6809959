/**
 * Saved order lists (order_lists/{listId}, docs/data-model.md#order_lists): a company's named
 * lists of products and quantities ("Main St every 2 weeks"), written only by the callables
 * saveOrderList and deleteOrderList (an owner or buyer of the company) and read by the company's
 * members. "Add list to cart" checks each line against today's catalog with `listToCart`: the
 * same case pack, minimum and stock rules as Quick Order, line by line.
 */
import * as z from 'zod/mini';
import { takesBackorders } from './backorders';
import { hasUnsafeText } from './plain-text';
import { roundQuantity, type QuantityRule } from './quantities';
import { storedDate } from './schemas';
import { availableStock, stockShortMessage, type StockLevels } from './stock';

export const ORDER_LIST_LIMITS = {
  /** Characters of a list's name (after trimming). */
  name: 60,
  /** Products on one list. */
  lines: 200,
  /** Units of one line. */
  quantity: 999,
  /** Lists one company keeps. */
  lists: 50,
} as const;

/** Stripe bills at most 20 items on one subscription: a standing order holds at most 20 products. */
export const STANDING_ORDER_MAX_PRODUCTS = 20;

/**
 * The cart's address search that a list's Start standing order opens: delivery every 2 weeks
 * (the shortest interval; standing-order-intervals.ts CART_DELIVERY_PARAM, which a test ties to
 * this). Written out here so the Order lists page does not share the cart's module.
 */
export const LIST_STANDING_SEARCH = '?delivery=2';

export const ORDER_LIST_MESSAGES = {
  name: `Name the list (at most ${ORDER_LIST_LIMITS.name} characters).`,
  nameCharacters: 'Remove the special characters from the name.',
  nameTaken: 'Your company already has a list with this name. Choose another name.',
  noLines: 'Add at least one product to the list.',
  tooManyLines: `A list can have at most ${ORDER_LIST_LIMITS.lines} products.`,
  quantity: `Enter a quantity from 1 to ${ORDER_LIST_LIMITS.quantity}.`,
  duplicateProduct: 'Each product can be on a list only once.',
  tooManyLists: `Your company keeps ${ORDER_LIST_LIMITS.lists} lists, the most it can. Delete one to save another.`,
  unknownProduct: 'A product on the list is not in the catalog. Remove it and save again.',
  notFound: 'This list no longer exists. Someone at your company may have deleted it.',
  notYours: 'This list belongs to another company.',
} as const;

const docId = /* @__PURE__ */ z
  .string()
  .check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/, 'Not a document id'));

/** A list's name: trimmed, 1 to 60 characters, no control or look-alike characters. */
export const orderListNameSchema = /* @__PURE__ */ z
  .string({ error: ORDER_LIST_MESSAGES.name })
  .check(
    z.trim(),
    z.minLength(1, ORDER_LIST_MESSAGES.name),
    z.maxLength(ORDER_LIST_LIMITS.name, ORDER_LIST_MESSAGES.name),
    z.refine((value) => !hasUnsafeText(value), ORDER_LIST_MESSAGES.nameCharacters),
  );

const listQuantity = /* @__PURE__ */ z
  .number({ error: ORDER_LIST_MESSAGES.quantity })
  .check(
    z.int(ORDER_LIST_MESSAGES.quantity),
    z.gte(1, ORDER_LIST_MESSAGES.quantity),
    z.lte(ORDER_LIST_LIMITS.quantity, ORDER_LIST_MESSAGES.quantity),
  );

/** Whether two lines name the same product. */
function hasDuplicates(ids: readonly string[]): boolean {
  return new Set(ids).size !== ids.length;
}

/**
 * saveOrderList: a new list (listId null) or a list's new name and lines, which replace the old
 * ones. The server fills each line's SKU and name from the product.
 */
export const saveOrderListRequest = /* @__PURE__ */ z.strictObject({
  listId: z.nullable(docId),
  name: orderListNameSchema,
  lines: z
    .array(z.strictObject({ productId: docId, quantity: listQuantity }), {
      error: ORDER_LIST_MESSAGES.noLines,
    })
    .check(
      z.minLength(1, ORDER_LIST_MESSAGES.noLines),
      z.maxLength(ORDER_LIST_LIMITS.lines, ORDER_LIST_MESSAGES.tooManyLines),
      z.refine(
        (lines) => !hasDuplicates(lines.map((line) => line.productId)),
        ORDER_LIST_MESSAGES.duplicateProduct,
      ),
    ),
});
export type SaveOrderListRequest = z.input<typeof saveOrderListRequest>;
export type SaveOrderListInput = z.output<typeof saveOrderListRequest>;
export interface SaveOrderListResponse {
  listId: string;
}

/** deleteOrderList: the list goes for everyone at the company. */
export const deleteOrderListRequest = /* @__PURE__ */ z.strictObject({ listId: docId });
export type DeleteOrderListRequest = z.input<typeof deleteOrderListRequest>;
export interface DeleteOrderListResponse {
  listId: string;
}

/** One line of a stored list: the product, its SKU and name when it was saved, the units. */
export const orderListLineSchema = /* @__PURE__ */ z.object({
  product_id: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number(),
});
export type OrderListLine = z.infer<typeof orderListLineSchema>;

/** order_lists/{listId} as stored (the dates as Dates in the browser). */
export const orderListSchema = /* @__PURE__ */ z.object({
  company_id: z.string(),
  name: z.string(),
  lines: z.array(orderListLineSchema),
  created_by: z.string(),
  created_by_name: z._default(z.string(), ''),
  created_at: z.nullable(storedDate),
  updated_at: z.nullable(storedDate),
});
export type OrderList = z.infer<typeof orderListSchema> & { id: string };

/** The key two names are compared by: trimmed, case ignored ("Main St" and "main st " clash). */
export function orderListNameKey(name: string): string {
  return name.trim().normalize('NFC').toLocaleLowerCase('en-US');
}

/**
 * A list's lines made from a cart or a past order: one line per product (the same product twice
 * is added up), each capped at 999 units, at most 200 products (the first ones). `changed` says
 * whether anything was capped or left out, for the dialog to say so.
 */
export function orderListLinesFrom(items: readonly { product_id: string; quantity: number }[]): {
  lines: { productId: string; quantity: number }[];
  changed: boolean;
} {
  const byProduct = new Map<string, number>();
  for (const item of items) {
    if (!Number.isFinite(item.quantity) || item.quantity < 1) continue;
    byProduct.set(item.product_id, (byProduct.get(item.product_id) ?? 0) + item.quantity);
  }
  let changed = false;
  const lines: { productId: string; quantity: number }[] = [];
  for (const [productId, total] of byProduct) {
    if (lines.length === ORDER_LIST_LIMITS.lines) {
      changed = true;
      break;
    }
    const quantity = Math.min(ORDER_LIST_LIMITS.quantity, Math.floor(total));
    if (quantity !== total) changed = true;
    lines.push({ productId, quantity });
  }
  return { lines, changed };
}

/** What "Add list to cart" reads of a product of the buyer's catalog. */
export interface OrderListProduct extends QuantityRule, StockLevels {
  id: string;
  sku: string;
  name: string;
  /** False: the product is no longer sold (a catalog of active products leaves it out instead). */
  is_active?: boolean;
  restock_date?: string | null;
}

/** A line of the list that goes into the cart. */
export interface ListLineToAdd {
  /** 1-based position on the list. */
  line: number;
  productId: string;
  sku: string;
  name: string;
  /** The units on the list. */
  listed: number;
  /** The units added: rounded to the case pack and minimum with what the cart holds. */
  quantity: number;
  /** Why the quantity differs from the list's (rounded), or null. */
  note: string | null;
}

/** A line of the list that could not be added, and why. */
export interface ListLineNotAdded {
  line: number;
  productId: string;
  sku: string;
  name: string;
  listed: number;
  reason: string;
}

export interface ListToCart {
  toAdd: ListLineToAdd[];
  notAdded: ListLineNotAdded[];
}

/**
 * "Add list to cart": each line of the list checked against today's products (`productsById`:
 * the buyer's catalog, active products they can buy) and what the cart already holds. A product
 * no longer in the catalog or no longer sold is not added; a quantity is rounded to the case pack
 * and minimum, with a note, as Quick Order does; more than the stock left is not added, unless the
 * product takes backorders (what stock does not cover is backordered). Lines keep the list's order.
 */
export function listToCart(
  lines: readonly OrderListLine[],
  productsById: ReadonlyMap<string, OrderListProduct>,
  inCart: (productId: string) => number = () => 0,
): ListToCart {
  const toAdd: ListLineToAdd[] = [];
  const notAdded: ListLineNotAdded[] = [];
  lines.forEach((listed, index) => {
    const line = index + 1;
    const product = productsById.get(listed.product_id);
    const base = {
      line,
      productId: listed.product_id,
      sku: product?.sku || listed.sku,
      name: product?.name || listed.name,
      listed: listed.quantity,
    };
    if (!product || product.is_active === false) {
      notAdded.push({ ...base, reason: `${base.name} is no longer available.` });
      return;
    }
    const held = inCart(product.id);
    const rounded = roundQuantity(listed.quantity + held, product);
    const adding = rounded.quantity - held;
    // A product that takes backorders orders past its stock: the rest is backordered.
    const available = takesBackorders(product) ? null : availableStock(product);
    if (available !== null && rounded.quantity > available) {
      notAdded.push({ ...base, reason: `${stockShortMessage(product.name, available, product)}.` });
      return;
    }
    if (adding <= 0) {
      notAdded.push({
        ...base,
        reason: `Your cart already has the most ${product.name} one line can take.`,
      });
      return;
    }
    toAdd.push({ ...base, quantity: adding, note: rounded.note });
  });
  return { toAdd, notAdded };
}

/**
 * Whether a list can start a standing order: every line can be added, and the cart with them
 * holds at most 20 products (`cartProductIds`: what it holds now).
 */
export function fitsStandingOrder(result: ListToCart, cartProductIds: Iterable<string>): boolean {
  if (result.notAdded.length > 0 || result.toAdd.length === 0) return false;
  const products = new Set(cartProductIds);
  for (const line of result.toAdd) products.add(line.productId);
  return products.size <= STANDING_ORDER_MAX_PRODUCTS;
}
