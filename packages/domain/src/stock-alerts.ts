/**
 * Back-in-stock alerts (docs/catalog.md#back-in-stock-alerts): an approved member asks to be
 * mailed when a product that is out of stock comes back. One alert per product and member
 * (stock_alerts/{productId}_{uid}), written only by the functions; the restock that brings the
 * product back deletes the alert as it queues the mail, so each alert mails exactly once.
 */
import * as z from 'zod/mini';
import { takesBackorders } from './backorders';
import { minimumOrderQuantity, type QuantityRule } from './quantities';
import { COLLECTIONS } from './paths';
import { stockState, type StockLevels } from './stock';

/** What the alert decisions read of a product. */
export type AlertProduct = StockLevels &
  QuantityRule & {
    is_active: boolean;
  };

/**
 * Out of stock for an alert: the product's stock is tracked, it does not take backorders, and
 * fewer units are available (on hand less reserved) than the smallest line that can be ordered
 * (its minimum, rounded up to a whole case): the store's "Out of stock" badge.
 */
export function isOutOfStock(product: StockLevels & QuantityRule): boolean {
  if (product.stock_on_hand === null || takesBackorders(product)) return false;
  return stockState(product, minimumOrderQuantity(product)) === 'out';
}

/**
 * In stock for an alert's mail: active, and enough units for a line (tracked or not). A product
 * that only takes backorders is not in stock: its alerts wait for stock to arrive.
 */
export function isInStock(product: AlertProduct): boolean {
  if (!product.is_active) return false;
  const state = stockState(product, minimumOrderQuantity(product));
  return state === 'in_stock' || state === 'low';
}

/**
 * Whether a write of a product brings it back: not in stock before the write (out of stock,
 * taking backorders only, or inactive), in stock after it (a restock, reserved units released,
 * or a product made active again with stock). A new or a deleted product is never back in stock.
 * Alerts exist only for products that were out of stock when they were made, so the first write
 * that makes such a product orderable from stock again is its restock.
 */
export function isBackInStock(before: AlertProduct | null, after: AlertProduct | null): boolean {
  if (!before || !after) return false;
  return !isInStock(before) && isInStock(after);
}

/** The id of a member's alert for a product: one per product and member. */
export function stockAlertId(productId: string, uid: string): string {
  return `${productId}_${uid}`;
}

/**
 * The alert's document path. Here rather than in paths.ts: the `paths` object ships whole in
 * every page, and only the functions and tests build an alert's path.
 */
export function stockAlertPath(alertId: string): string {
  return `${COLLECTIONS.stockAlerts}/${alertId}`;
}

function stockAlertRequestSchema() {
  return z.strictObject({
    productId: z
      .string({ error: 'Choose a product.' })
      .check(
        z.minLength(1, 'Choose a product.'),
        z.maxLength(128, 'Not a product id.'),
        z.regex(/^[A-Za-z0-9_-]+$/, 'Not a product id.'),
      ),
  });
}

/**
 * subscribeStockAlert and unsubscribeStockAlert take the product. (Built on first use by a
 * bundle: pages that never send it carry none of it.)
 */
export const stockAlertRequest = /* @__PURE__ */ stockAlertRequestSchema();
export type StockAlertRequest = z.infer<typeof stockAlertRequest>;

/** What both callables answer: whether the caller is now subscribed to the product. */
export interface StockAlertResponse {
  productId: string;
  subscribed: boolean;
}

/** stock_alerts/{productId}_{uid} as stored (`created_at` a Timestamp on the server). */
export function stockAlertSchemaOf<Instant extends z.core.SomeType>(instant: Instant) {
  return z.object({
    product_id: z.string(),
    product_name: z.string(),
    sku: z._default(z.string(), ''),
    uid: z.string(),
    company_id: z.string(),
    email: z.string(),
    created_at: instant,
  });
}

/** The limit on one member's alerts: the store shows them all from one read. */
export const MAX_STOCK_ALERTS = 100;

/** The words of alerts, on the screens and in the callables' refusals. */
export const STOCK_ALERT_MESSAGES = {
  subscribe: "Tell me when it's back",
  subscribed: "We'll email you when it's back",
  unsubscribe: 'Unsubscribe',
  undo: 'Undo',
  listTitle: 'Stock alerts',
  listIntro: 'We email you once when one of these products is back in stock.',
  listEmpty:
    'No stock alerts. On a product that is out of stock, choose "Tell me when it\'s back".',
  notFound: 'This product is not in the catalog.',
  inactive: 'This product is no longer sold.',
  inStock: 'This product is in stock: you can order it now.',
  tooMany: `You have ${MAX_STOCK_ALERTS} stock alerts. Unsubscribe from one to add another.`,
  noEmail: 'Your account has no email address to write to.',
  subscribedToast: "We'll email you when it's back in stock.",
  unsubscribedToast: 'Stock alert removed.',
  failed: 'Could not save your stock alert. Try again.',
} as const;
