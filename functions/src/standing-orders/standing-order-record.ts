import type { DocumentSnapshot, Timestamp } from 'firebase-admin/firestore';
import {
  firstIssueText,
  standingOrderSchema,
  type BuyerRole,
  type OrderLine,
  type ShipTo,
  type StandingOrder,
  type StandingOrderLine,
  type StandingOrderStatus,
} from '@portal/domain';

/**
 * standing_orders/{id}: written by the functions only. The id is the id of the checkout that
 * started it (and of its first order). Besides the fields the web reads (domain
 * standingOrderSchema), the server keeps the Stripe ids and the products it names
 * (`product_ids`, so a product change finds the standing orders it touches).
 */
export interface StandingOrderDoc {
  user_id: string;
  company_id: string;
  location_id: string | null;
  location_name: string;
  placed_by_name: string;
  store_name: string;
  seller_permit_id: string;
  role: BuyerRole;
  interval_weeks: number;
  status: StandingOrderStatus;
  lines: StandingOrderLine[];
  product_ids: string[];
  ship_to: ShipTo | null;
  next_delivery_at: Timestamp | null;
  skipped_delivery_at: Timestamp | null;
  paused_by_manager: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  cancelled_at: Timestamp | null;
  last_order_id: string | null;
  orders_count: number;
  stripe_subscription_id: string | null;
  stripe_customer_id: string | null;
}

/** The standing order a standing order's first checkout starts, written with its first order. */
export function newStandingOrder(input: {
  checkout: {
    user_id: string;
    company_id: string;
    location_id: string | null;
    location_name: string;
    placed_by_name: string;
    store_name: string;
    seller_permit_id: string;
    role: BuyerRole;
    interval_weeks: number;
    items: readonly OrderLine[];
  };
  skus: ReadonlyMap<string, string>;
  shipTo: ShipTo | null;
  subscriptionId: string | null;
  customerId: string | null;
  nextDeliveryAt: Timestamp | null;
  orderId: string;
  now: Timestamp;
}): StandingOrderDoc {
  const { checkout, now } = input;
  return {
    user_id: checkout.user_id,
    company_id: checkout.company_id,
    location_id: checkout.location_id,
    location_name: checkout.location_name,
    placed_by_name: checkout.placed_by_name,
    store_name: checkout.store_name,
    seller_permit_id: checkout.seller_permit_id,
    role: checkout.role,
    interval_weeks: checkout.interval_weeks,
    status: 'active',
    lines: checkout.items.map((item) => ({
      product_id: item.product_id,
      name: item.name,
      sku: input.skus.get(item.product_id) ?? '',
      quantity: item.quantity,
      unit_amount: item.unit_amount,
      paused_reason: null,
    })),
    product_ids: [...new Set(checkout.items.map((item) => item.product_id))],
    ship_to: input.shipTo,
    next_delivery_at: input.nextDeliveryAt,
    skipped_delivery_at: null,
    paused_by_manager: false,
    created_at: now,
    updated_at: now,
    cancelled_at: null,
    last_order_id: input.orderId,
    orders_count: 1,
    stripe_subscription_id: input.subscriptionId,
    stripe_customer_id: input.customerId,
  };
}

export interface StandingOrderRecord extends StandingOrder {
  seller_permit_id: string;
  product_ids: string[];
  stripe_customer_id: string | null;
}

export class CorruptStandingOrderError extends Error {
  override name = 'CorruptStandingOrderError';
}

/** Reads a standing order (null when there is none); one that does not parse is an error. */
export function readStandingOrder(snap: DocumentSnapshot): StandingOrderRecord | null {
  if (!snap.exists) return null;
  const data = snap.data() ?? {};
  const parsed = standingOrderSchema.safeParse(data);
  if (!parsed.success) {
    throw new CorruptStandingOrderError(
      `Standing order ${snap.id}: ${firstIssueText(parsed.error)}`,
    );
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    ...parsed.data,
    id: snap.id,
    seller_permit_id: text(data.seller_permit_id) ?? '',
    product_ids: Array.isArray(data.product_ids)
      ? data.product_ids.filter((id): id is string => typeof id === 'string')
      : parsed.data.lines.map((line) => line.product_id),
    stripe_customer_id: text(data.stripe_customer_id),
  };
}
