import * as z from 'zod/mini';
import type { Cents } from './money';
import { MAX_LINE_QUANTITY } from './orders';
import { storedDate } from './schemas';
import { shipToSchema } from './ship-to';
import { atLeast, atMost, integer } from './en-messages';

export {
  deliveryChoiceLabel,
  INTERVAL_PROBLEM,
  intervalLabel,
  isStandingOrderInterval,
  STANDING_ORDER_INTERVALS,
  type StandingOrderInterval,
} from './standing-order-intervals';

/**
 * Standing orders: a buyer's regular restock, billed by a Stripe subscription and delivered every
 * few weeks. Each paid cycle becomes an ordinary order (payment type 'subscription'). The
 * standing order itself (standing_orders/{id}, written only by the functions) keeps what is
 * delivered, how often, and whether it runs. docs/standing-orders.md.
 */

export const STANDING_ORDER_STATUSES = [
  /** Delivered and charged every cycle. */
  'active',
  /** Paused by a manager, or every line is paused: cycles pass without a charge. */
  'paused',
  /** The last renewal's payment failed: the buyer is asked to update the card. */
  'payment_failed',
  /** Ended by the buyer or a manager (or by Stripe after failed retries): no further orders. */
  'cancelled',
] as const;
export type StandingOrderStatus = (typeof STANDING_ORDER_STATUSES)[number];

export const STANDING_ORDER_STATUS_LABELS: Record<StandingOrderStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  payment_failed: 'Payment failed',
  cancelled: 'Cancelled',
};

/** Why a line is left out of the next delivery; null while it is delivered. */
export const LINE_PAUSE_REASONS = ['out_of_stock', 'inactive', 'no_price'] as const;
export type LinePauseReason = (typeof LINE_PAUSE_REASONS)[number];

/** The notice a buyer reads next to a paused line. */
export function linePauseNotice(name: string, reason: LinePauseReason): string {
  switch (reason) {
    case 'out_of_stock':
      return `Paused: ${name} is out of stock. It is delivered again once it is back.`;
    case 'inactive':
      return `Paused: ${name} is no longer sold.`;
    case 'no_price':
      return `Paused: ${name} has no price for your account yet.`;
  }
}

export const standingOrderLineSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  sku: z._default(z.string(), ''),
  quantity: z.number().check(integer(), atLeast(1), atMost(MAX_LINE_QUANTITY)),
  /** Cents per unit charged from the next cycle (the server's price for this role and quantity). */
  unit_amount: z.number().check(integer(), atLeast(0)),
  /** Why the line is left out of the next delivery; null while it is delivered. */
  paused_reason: z._default(z.nullable(z.enum(LINE_PAUSE_REASONS)), null),
  /** The price list that set unit_amount and the tier price it lowered (as on order lines). */
  price_list: z.optional(z.object({ id: z.string(), name: z.string() })),
  tier_unit_amount: z.optional(z.number().check(integer(), atLeast(0))),
});
export type StandingOrderLine = z.infer<typeof standingOrderLineSchema>;

export const standingOrderHistoryEntrySchema = z.object({
  at: storedDate,
  /** The uid of who made it; 'skip-link' for the reminder mail's link. */
  by: z.string(),
  action: z.string(),
  /** What changed, in words ("Every 4 weeks", "Paused until Mar 5, 2027"). */
  text: z._default(z.string(), ''),
});
export type StandingOrderHistoryEntry = z.infer<typeof standingOrderHistoryEntrySchema>;

export const standingOrderSchema = z.object({
  /** Who started it. */
  user_id: z.string(),
  /** The company it belongs to: '' only on standing orders from before companies. */
  company_id: z._default(z.string(), ''),
  /** The company's location it ships to (null: none chosen, or before locations). */
  location_id: z._default(z.nullable(z.string()), null),
  location_name: z._default(z.string(), ''),
  /** Who started it, by name. */
  placed_by_name: z._default(z.string(), ''),
  store_name: z.string(),
  role: z.enum(['retailer', 'wholesaler']),
  interval_weeks: z.number().check(integer()),
  status: z.enum(STANDING_ORDER_STATUSES),
  lines: z.array(standingOrderLineSchema),
  ship_to: z._default(z.nullable(shipToSchema), null),
  /** The next cycle's date (when it is charged and the order is made); null once cancelled. */
  next_delivery_at: z._default(z.nullable(storedDate), null),
  /** The delivery the buyer skipped (it passes without a charge); null when none is skipped. */
  skipped_delivery_at: z._default(z.nullable(storedDate), null),
  /** A manager paused it (only a manager resumes it). */
  paused_by_manager: z._default(z.boolean(), false),
  /** The buyer paused it: deliveries before this pass without a charge; null when not paused. */
  paused_until: z._default(z.nullable(storedDate), null),
  /** The delivery the reminder mail went out for (one mail per cycle). */
  reminded_delivery_at: z._default(z.nullable(storedDate), null),
  /** What changed, by whom, newest last (at most MAX_HISTORY_ENTRIES). */
  history: z._default(z.array(standingOrderHistoryEntrySchema), []),
  created_at: storedDate,
  updated_at: storedDate,
  cancelled_at: z._default(z.nullable(storedDate), null),
  /** The order of the last paid cycle. */
  last_order_id: z._default(z.nullable(z.string()), null),
  orders_count: z._default(z.number().check(integer(), atLeast(0)), 0),
  stripe_subscription_id: z._default(z.nullable(z.string()), null),
});
export type StandingOrder = z.infer<typeof standingOrderSchema> & { id: string };

/** Cents charged per cycle: the lines that are delivered. */
export function standingOrderCycleAmount(lines: readonly StandingOrderLine[]): Cents {
  return lines.reduce(
    (sum, line) => (line.paused_reason ? sum : sum + line.unit_amount * line.quantity),
    0,
  );
}

/** True while the standing order can still be skipped, changed, paused or cancelled. */
export function isStandingOrderOpen(status: StandingOrderStatus): boolean {
  return status !== 'cancelled';
}

/** The next delivery that will be made: the one after a skipped one is the cycle after it. */
export function nextChargedDelivery(
  order: Pick<StandingOrder, 'next_delivery_at' | 'skipped_delivery_at' | 'interval_weeks'>,
): Date | null {
  const next = order.next_delivery_at;
  if (!next) return null;
  if (order.skipped_delivery_at && order.skipped_delivery_at.getTime() === next.getTime()) {
    return new Date(next.getTime() + order.interval_weeks * WEEK_MS);
  }
  return next;
}

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** How far ahead the managers' list of upcoming deliveries looks. */
export const UPCOMING_DELIVERY_DAYS = 14;

/**
 * The deliveries of open, running standing orders that fall in [from, from + days): one entry per
 * cycle (an 8-week order shows once, a 2-week order can show twice), skipped cycles left out.
 */
export function upcomingDeliveries(
  orders: readonly StandingOrder[],
  from: Date,
  days = UPCOMING_DELIVERY_DAYS,
): Array<{ order: StandingOrder; at: Date }> {
  const end = from.getTime() + days * 24 * 60 * 60 * 1000;
  const result: Array<{ order: StandingOrder; at: Date }> = [];
  for (const order of orders) {
    if (order.status !== 'active' && order.status !== 'payment_failed') continue;
    if (!order.next_delivery_at) continue;
    const step = order.interval_weeks * WEEK_MS;
    for (let at = order.next_delivery_at.getTime(); at < end; at += step) {
      if (at < from.getTime()) continue;
      if (order.skipped_delivery_at && order.skipped_delivery_at.getTime() === at) continue;
      result.push({ order, at: new Date(at) });
    }
  }
  return result.sort((a, b) => a.at.getTime() - b.at.getTime());
}
