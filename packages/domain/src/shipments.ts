/**
 * Shipping an order in parts (docs/order-lifecycle.md#shipments): what each line has shipped,
 * what was refunded of it, what is still to ship and which of that waits for stock (a
 * backorder); what one shipment may carry, and the status the order reads as after it. One home
 * for the functions (shipOrder, refunds) and the pages (the manager's ship dialog, the buyer's
 * shipments, the packing slip).
 */
import type { OrderStatus } from './orders';

/**
 * What updateOrderStatus and shipOrder say when asked to ship an order refunded in full. Here,
 * not in orders.ts, which every page loads: only the ship dialog and the functions say it.
 */
export const REFUNDED_NOT_SHIPPABLE = 'This order was refunded in full, so it cannot be shipped.';

/** Units of one line in a shipment or a refund. */
export interface LineUnits {
  product_id: string;
  quantity: number;
}

/** What these rules read of a shipment (a stored one, or the order's whole shipment before). */
export interface ShipmentLike<Instant = unknown> {
  id: string;
  number: number;
  lines: readonly LineUnits[];
  carrier: string;
  tracking_number: string;
  shipped_at: Instant;
}

/** What these rules read of an order. */
export interface ShippableOrder<Instant = unknown> {
  status: OrderStatus;
  items: ReadonlyArray<{
    product_id: string;
    name: string;
    quantity: number;
    backordered?: number;
  }>;
  shipments?: ReadonlyArray<ShipmentLike<Instant>>;
  /** The single shipment of an order shipped before shipments (the whole order). */
  shipment?: { carrier: string; tracking_number: string; shipped_at: Instant } | null;
  refunds?: ReadonlyArray<{
    lines?: ReadonlyArray<LineUnits & { unshipped?: number }>;
  }>;
}

/** Where one line of an order stands. */
export interface LineProgress {
  product_id: string;
  name: string;
  /** Units ordered. */
  quantity: number;
  /** Units not in stock when ordered. */
  backordered: number;
  shipped: number;
  /** Units refunded (shipped or not). */
  refunded: number;
  /** Units refunded before they shipped: they will not ship. */
  cancelled: number;
  /** Units still to ship. */
  remaining: number;
  /** Of those, units waiting for stock: a backorder still open. */
  waiting: number;
}

/** Statuses an order ships from. */
const SHIPPABLE: readonly OrderStatus[] = ['processing', 'awaiting_payment', 'partially_shipped'];

/** Statuses in which nothing is left to ship whatever the lines say. */
const CLOSED: readonly OrderStatus[] = ['cancelled', 'refunded', 'pending'];

/**
 * The order's shipments, oldest first. An order shipped whole before shipments has one
 * `shipment` and no list: it reads as one shipment of every unit.
 */
export function orderShipments<Instant>(order: ShippableOrder<Instant>): ShipmentLike<Instant>[] {
  const list = order.shipments ?? [];
  if (list.length > 0) return [...list];
  if (!order.shipment) return [];
  return [
    {
      id: 'shipment-1',
      number: 1,
      lines: order.items.map((item) => ({ product_id: item.product_id, quantity: item.quantity })),
      ...order.shipment,
    },
  ];
}

function sumBy(entries: Iterable<LineUnits>): Map<string, number> {
  const sums = new Map<string, number>();
  for (const { product_id, quantity } of entries) {
    sums.set(product_id, (sums.get(product_id) ?? 0) + quantity);
  }
  return sums;
}

/** Every line's progress: shipped, refunded, still to ship, and waiting for stock. */
export function lineProgress(order: ShippableOrder): LineProgress[] {
  const shipments = orderShipments(order);
  // Shipped or delivered before shipments were recorded by lines: everything went out.
  const shippedWhole =
    shipments.length === 0 && (order.status === 'shipped' || order.status === 'delivered');
  const shipped = sumBy(shipments.flatMap((s) => s.lines));
  const refundLines = (order.refunds ?? []).flatMap((r) => r.lines ?? []);
  const refunded = sumBy(refundLines);
  const cancelled = sumBy(
    refundLines.map((l) => ({ product_id: l.product_id, quantity: l.unshipped ?? 0 })),
  );
  const closed = CLOSED.includes(order.status);
  return order.items.map((item) => {
    const sent = shippedWhole
      ? item.quantity
      : Math.min(item.quantity, shipped.get(item.product_id) ?? 0);
    const dropped = cancelled.get(item.product_id) ?? 0;
    const remaining = closed ? 0 : Math.max(0, item.quantity - sent - dropped);
    const backordered = item.backordered ?? 0;
    // Units in stock ship first; units refunded before shipping are taken off the backordered
    // ones first (a buyer's cancellation of a backorder is exactly that).
    const backorderedLeft = Math.max(0, backordered - dropped);
    return {
      product_id: item.product_id,
      name: item.name,
      quantity: item.quantity,
      backordered,
      shipped: sent,
      refunded: refunded.get(item.product_id) ?? 0,
      cancelled: dropped,
      remaining,
      waiting: Math.min(backorderedLeft, remaining),
    };
  });
}

/** Units still to ship over the whole order. */
export function unitsToShip(order: ShippableOrder): number {
  return lineProgress(order).reduce((sum, line) => sum + line.remaining, 0);
}

/** Whether a backordered unit of the order still waits to ship (the managers' queue). */
export function hasOpenBackorder(order: ShippableOrder): boolean {
  return lineProgress(order).some((line) => line.waiting > 0);
}

export const SHIPMENT_MESSAGES = {
  noLines: 'Choose at least one line and how many units to ship.',
  twice: (name: string) => `${name} is in the shipment twice. List each line once.`,
  notOnOrder: 'That product is not on this order. Reload and try again.',
  nothingLeft: (name: string) => `Nothing is left to ship of ${name}.`,
  tooMany: (name: string, left: number) =>
    `Only ${left} ${left === 1 ? 'unit is' : 'units are'} left to ship of ${name}.`,
  notShippable: (status: OrderStatus) => `An order that is ${status} cannot be shipped.`,
  pending: 'This order is waiting for its payment to clear; Stripe moves it when it does.',
} as const;

/**
 * Why this shipment cannot be recorded, or null when it can: the order must be shippable, each
 * line named once, and no line may ship more units than remain of it (what was ordered, less
 * what shipped and what was refunded before shipping).
 */
export function shipmentProblem(order: ShippableOrder, lines: readonly LineUnits[]): string | null {
  if (order.status === 'refunded') return REFUNDED_NOT_SHIPPABLE;
  if (order.status === 'pending') return SHIPMENT_MESSAGES.pending;
  // A shipped order has nothing left of any line, and says so by line: the shipment of the last
  // units that lost a race to another one hears "Nothing is left to ship of ...".
  const shipped = order.status === 'shipped' || order.status === 'delivered';
  if (!SHIPPABLE.includes(order.status) && !shipped) {
    return SHIPMENT_MESSAGES.notShippable(order.status);
  }
  const wanted = lines.filter((line) => line.quantity > 0);
  if (wanted.length === 0) return SHIPMENT_MESSAGES.noLines;
  const progress = new Map(lineProgress(order).map((line) => [line.product_id, line]));
  const seen = new Set<string>();
  for (const line of wanted) {
    const state = progress.get(line.product_id);
    if (!state) return SHIPMENT_MESSAGES.notOnOrder;
    if (seen.has(line.product_id)) return SHIPMENT_MESSAGES.twice(state.name);
    seen.add(line.product_id);
    if (state.remaining === 0) return SHIPMENT_MESSAGES.nothingLeft(state.name);
    if (line.quantity > state.remaining)
      return SHIPMENT_MESSAGES.tooMany(state.name, state.remaining);
  }
  return shipped ? SHIPMENT_MESSAGES.notShippable(order.status) : null;
}

/** Every unit still to ship: a shipment of the whole rest of the order. */
export function remainingLines(order: ShippableOrder): LineUnits[] {
  return lineProgress(order)
    .filter((line) => line.remaining > 0)
    .map((line) => ({ product_id: line.product_id, quantity: line.remaining }));
}

/**
 * The status an order reads as once `lines` more have shipped (shipmentProblem passed):
 * shipped when nothing remains, partially shipped otherwise.
 */
export function statusAfterShipment(
  order: ShippableOrder,
  lines: readonly LineUnits[],
): Extract<OrderStatus, 'shipped' | 'partially_shipped'> {
  const shipping = sumBy(lines);
  const left = lineProgress(order).some(
    (line) => line.remaining - (shipping.get(line.product_id) ?? 0) > 0,
  );
  return left ? 'partially_shipped' : 'shipped';
}

/**
 * The status an order moves to once a refund is recorded (`order` with the refund in it), or its
 * status when the refund does not move it: an order still to ship whose refunds leave nothing to
 * ship is shipped (some went out) or refunded (none did); one refunded in full before shipping is
 * refunded.
 */
export function statusAfterRefund(
  order: ShippableOrder & { amount: number; refunded_amount: number },
): OrderStatus {
  if (order.status !== 'processing' && order.status !== 'partially_shipped') return order.status;
  const lines = lineProgress(order);
  const shipped = lines.some((line) => line.shipped > 0);
  const left = lines.some((line) => line.remaining > 0);
  if (order.status === 'processing' && order.amount > 0 && order.refunded_amount >= order.amount) {
    return 'refunded';
  }
  if (left) return order.status;
  return shipped ? 'shipped' : 'refunded';
}

/** "2 × Dome Lids, 24 × Blue Coast Syrup": what a shipment carried, by the order's line names. */
export function shipmentSummary(
  order: Pick<ShippableOrder, 'items'>,
  lines: readonly LineUnits[],
): string {
  const names = new Map(order.items.map((item) => [item.product_id, item.name]));
  return lines
    .map((line) => `${line.quantity} × ${names.get(line.product_id) ?? line.product_id}`)
    .join(', ');
}
