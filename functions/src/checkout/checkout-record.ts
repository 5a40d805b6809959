import type { DocumentSnapshot, Timestamp } from 'firebase-admin/firestore';
import {
  CHECKOUT_STATES,
  companyOfRecord,
  type BuyerRole,
  type CheckoutSource,
  type CheckoutState,
  type OrderLine,
  type ShipTo,
  type TaxExemption,
} from '@portal/domain';
import { readHold, type StockHold } from '../orders/stock';

/**
 * checkouts/{checkoutId}: one checkout attempt, written by createCheckoutSession. It is not an
 * order: it becomes one (orders/{checkoutId}, the same id) when Stripe reports its session
 * complete. Server only; managers read the ones that never completed (abandoned checkouts).
 */
export interface CheckoutDoc {
  /** Who checked out. */
  user_id: string;
  /** The company it is for (docs/companies.md). */
  company_id: string;
  /** The company's location it ships to (null: none chosen, Stripe collected the address). */
  location_id: string | null;
  /** That location's name when the order was placed (shown with the order). */
  location_name: string;
  /** The name of the member who placed it (the company's members see who ordered what). */
  placed_by_name: string;
  store_name: string;
  /** The buyer's seller permit number when they checked out (printed on the invoice). */
  seller_permit_id: string;
  items: OrderLine[];
  amount: number;
  currency: 'usd';
  state: CheckoutState;
  stripe_session_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** What was priced, to recognise a repeated checkout of the same cart. */
  cart_fingerprint: string;
  /** 'cart' removes the purchased lines from the cart once ordered; Buy Now leaves it alone. */
  source: CheckoutSource;
  /**
   * The units of stock-tracked products this checkout reserved when it was created (set by the
   * claim; absent on checkouts from before stock). Kept after the hold ends, as a record.
   */
  stock_hold?: StockHold;
  /** True while the hold counts in the products' stock_reserved: until released or committed. */
  stock_held?: boolean;
  /**
   * A standing order's first checkout: delivered every this many weeks (Checkout in subscription
   * mode). Absent on one-time checkouts.
   */
  interval_weeks?: number;
  /** The buyer's role when they checked out (a standing order is repriced for it each cycle). */
  role?: BuyerRole;
  /** The buyer's purchase order number ('' or absent: none), copied onto the order. */
  po_number?: string;
  /**
   * Sales tax (docs/tax.md): the state it was decided for ('' when Checkout collects the
   * address) and the certificate that exempts it (null: taxed by Stripe Tax). Absent on
   * checkouts from before tax.
   */
  tax_state?: string;
  tax_exemption?: TaxExemption | null;
  /**
   * An exempt checkout ships to its location as chosen (Checkout does not collect another
   * address, which the certificate might not cover): the order's ship-to.
   */
  ship_to?: ShipTo | null;
  /**
   * Cents of the company's store credit this card checkout spends (docs/payments.md#store-credit):
   * reserved on the mirror and taken off the Stripe customer balance, given to the session as the
   * one-off coupon `store_credit_coupon`. Absent or 0: none.
   */
  store_credit_applied?: number;
  store_credit_coupon?: string;
  /**
   * A quote's checkout (source 'quote', docs/order-lifecycle.md#draft-orders-and-quotes): the
   * quote it pays, whose order it becomes (the quote is marked accepted in the same transaction).
   */
  quote?: { id: string; number: string };
  /** Cents: the quote's shipping charge, on the session as its one shipping option (not taxed). */
  shipping_amount?: number;
  /**
   * When its hold (and its session) ends. A quote's payment link lasts a day, not a buyer's
   * hour: the sweep of stale checkouts reads this. Absent on checkouts from before (an hour).
   */
  hold_until?: Timestamp;
}

export interface CheckoutRecord extends CheckoutDoc {
  id: string;
}

class CorruptCheckoutError extends Error {
  override name = 'CorruptCheckoutError';
}

function isState(value: unknown): value is CheckoutState {
  return typeof value === 'string' && (CHECKOUT_STATES as readonly string[]).includes(value);
}

/** Reads a checkout, checking the fields the transitions rely on. */
export function readCheckout(snap: DocumentSnapshot): CheckoutRecord | null {
  if (!snap.exists) return null;
  const data = snap.data() ?? {};
  if (
    !isState(data.state) ||
    typeof data.user_id !== 'string' ||
    typeof data.amount !== 'number' ||
    !Array.isArray(data.items)
  ) {
    throw new CorruptCheckoutError(`Checkout ${snap.id} is missing its state, owner or lines`);
  }
  return {
    ...(data as CheckoutDoc),
    id: snap.id,
    stripe_session_id: typeof data.stripe_session_id === 'string' ? data.stripe_session_id : null,
    source: data.source === 'buy_now' || data.source === 'quote' ? data.source : 'cart',
    seller_permit_id: typeof data.seller_permit_id === 'string' ? data.seller_permit_id : '',
    store_name: typeof data.store_name === 'string' ? data.store_name : '',
    location_id: typeof data.location_id === 'string' ? data.location_id : null,
    location_name: typeof data.location_name === 'string' ? data.location_name : '',
    placed_by_name: typeof data.placed_by_name === 'string' ? data.placed_by_name : '',
    po_number: typeof data.po_number === 'string' ? data.po_number : '',
    company_id: companyOfRecord({
      company_id: typeof data.company_id === 'string' ? data.company_id : undefined,
      user_id: data.user_id,
    }),
    stock_hold: readHold(data.stock_hold) ?? {},
    stock_held: data.stock_held === true,
    ...(typeof data.interval_weeks === 'number' ? { interval_weeks: data.interval_weeks } : {}),
    ...(data.role === 'retailer' || data.role === 'wholesaler' ? { role: data.role } : {}),
    tax_state: typeof data.tax_state === 'string' ? data.tax_state : '',
    tax_exemption: readExemption(data.tax_exemption),
    store_credit_applied:
      typeof data.store_credit_applied === 'number' && data.store_credit_applied > 0
        ? data.store_credit_applied
        : 0,
    ...readQuoteLink(data.quote),
    shipping_amount:
      typeof data.shipping_amount === 'number' && data.shipping_amount > 0
        ? data.shipping_amount
        : 0,
  };
}

function readQuoteLink(value: unknown): { quote?: { id: string; number: string } } {
  if (!value || typeof value !== 'object') return {};
  const { id, number } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof number === 'string' ? { quote: { id, number } } : {};
}

function readExemption(value: unknown): TaxExemption | null {
  if (!value || typeof value !== 'object') return null;
  const { certificate_id, number, state, expires_on } = value as Record<string, unknown>;
  if (
    typeof certificate_id !== 'string' ||
    typeof number !== 'string' ||
    typeof state !== 'string'
  ) {
    return null;
  }
  return {
    certificate_id,
    number,
    state,
    expires_on: typeof expires_on === 'string' ? expires_on : null,
  };
}
