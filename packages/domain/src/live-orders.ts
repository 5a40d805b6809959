import { formatUsd, type Cents } from './money';
import type { OrderStatus } from './orders';

/**
 * What the live views tell people about orders as they change (docs/live-updates.md): which
 * changes are new orders worth announcing, and in what words.
 */

/** The part of an order a live view looks at. */
export interface LiveOrder {
  id: string;
  status: OrderStatus;
  store_name: string;
  amount: Cents;
  created_at: Date;
  /** When it was paid (null: not yet, or placed on terms, which counts from its creation). */
  paid_at: Date | null;
}

/** A placed order: paid, or placed on terms (not a checkout still open, nor a dropped one). */
export function isPlacedOrder(status: OrderStatus): boolean {
  return status !== 'pending' && status !== 'cancelled';
}

/** When an order was placed: paid, or, placed on terms (never paid by card), created. */
export function placedAt(order: Pick<LiveOrder, 'paid_at' | 'created_at'>): Date {
  return order.paid_at ?? order.created_at;
}

/**
 * The orders among `changed` that arrived: placed now, and either still an open checkout when
 * last seen, or unseen and placed since `since` (the listener's start). An older order that a
 * change brings into view (shipped, refunded) is a change, not an arrival; `announced` lists the
 * ids already told about, so an order arrives once.
 */
export function orderArrivals(
  changed: readonly LiveOrder[],
  seen: ReadonlyMap<string, OrderStatus>,
  announced: ReadonlySet<string>,
  since: Date,
): LiveOrder[] {
  return changed.filter((order) => {
    if (announced.has(order.id) || !isPlacedOrder(order.status)) return false;
    const before = seen.get(order.id);
    if (before !== undefined) return before === 'pending';
    return placedAt(order).getTime() >= since.getTime();
  });
}

/**
 * The orders among a listener's first snapshot that were placed after `opened`, the moment the
 * view read what it shows: they came while the listener was starting, and are announced as
 * arrivals too (once each).
 */
export function placedSince(
  orders: readonly LiveOrder[],
  opened: Date,
  announced: ReadonlySet<string>,
): LiveOrder[] {
  return orders.filter(
    (order) =>
      !announced.has(order.id) &&
      isPlacedOrder(order.status) &&
      placedAt(order).getTime() >= opened.getTime(),
  );
}

/** The polite announcement of a new order: "New order from Probe Shop, $69.98". */
export function newOrderAnnouncement(order: Pick<LiveOrder, 'store_name' | 'amount'>): string {
  return `New order from ${order.store_name || 'a customer'}, ${formatUsd(order.amount)}`;
}
