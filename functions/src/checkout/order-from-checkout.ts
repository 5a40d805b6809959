import type { Timestamp } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import {
  hasOpenBackorder,
  shipToSchema,
  type OrderStatus,
  type OrderTax,
  type ShipTo,
} from '@portal/domain';
import { log } from '../lib/log';
import type { CheckoutRecord } from './checkout-record';
import type { OrderRecord } from '../orders/order-record';

/** The ship-to Stripe Checkout collected (name and US address, phone), or null without one. */
export function shipToOfSession(
  session: Pick<Stripe.Checkout.Session, 'id' | 'collected_information' | 'customer_details'>,
): ShipTo | null {
  const details = session.collected_information?.shipping_details;
  if (!details) return null;
  const { address } = details;
  const parsed = shipToSchema.safeParse({
    name: details.name,
    phone: session.customer_details?.phone ?? '',
    address: {
      line1: address.line1 ?? '',
      line2: address.line2 ?? '',
      city: address.city ?? '',
      state: address.state ?? '',
      postal_code: address.postal_code ?? '',
      country: address.country ?? '',
    },
  });
  if (!parsed.success) {
    // Checkout only ships to the US; an address it let through that we cannot read is kept out of
    // the order (the manager sees "no ship-to" and asks) rather than failing the payment.
    log.warn('checkout_ship_to_unreadable', {
      sessionId: session.id,
      issues: parsed.error.issues.map((issue) => issue.path.join('.')),
    });
    return null;
  }
  return parsed.data;
}

const idOf = (value: string | { id: string } | null): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function paymentIntentOf(session: Pick<Stripe.Checkout.Session, 'payment_intent'>) {
  return typeof session.payment_intent === 'string'
    ? session.payment_intent
    : (session.payment_intent?.id ?? null);
}

/**
 * The ship-to of a completed checkout: what Checkout collected, or, for an exempt checkout (which
 * collects none), its location's as chosen.
 */
export function shipToOfCheckout(
  checkout: Pick<CheckoutRecord, 'ship_to'>,
  session: Pick<Stripe.Checkout.Session, 'id' | 'collected_information' | 'customer_details'>,
): ShipTo | null {
  return shipToOfSession(session) ?? checkout.ship_to ?? null;
}

/**
 * What the session charged: the goods (its subtotal, which must be the checkout's amount), the
 * discount (the store credit it spent), the shipping (a quote's charge), the sales tax Stripe Tax
 * added, and the total.
 */
export function chargeOfSession(
  session: Pick<Stripe.Checkout.Session, 'amount_subtotal' | 'amount_total' | 'total_details'>,
) {
  const tax = session.total_details?.amount_tax ?? 0;
  const discount = session.total_details?.amount_discount ?? 0;
  const shipping = session.total_details?.amount_shipping ?? 0;
  const total = session.amount_total ?? 0;
  const goods = session.amount_subtotal ?? total - tax - shipping + discount;
  return { goods, discount, shipping, tax, total };
}

/** The order's tax record (docs/tax.md): what Stripe charged, for which state, or the exemption. */
export function taxOfCheckout(
  checkout: Pick<CheckoutRecord, 'tax_state' | 'tax_exemption'>,
  session: Pick<Stripe.Checkout.Session, 'amount_subtotal' | 'amount_total' | 'total_details'>,
  shipTo: ShipTo | null,
): OrderTax {
  const amount = chargeOfSession(session).tax;
  return {
    amount,
    state: shipTo?.address.state || checkout.tax_state || '',
    // Only a sale Stripe charged no tax on stands as exempt (its Customer may have been set back
    // to taxed while the session was open).
    exemption: amount === 0 ? (checkout.tax_exemption ?? null) : null,
  };
}

/**
 * The order a completed checkout becomes: its priced lines and buyer as checked out, the ship-to
 * from the session, 'pending' while a delayed payment is processing, 'processing' once paid.
 */
export function orderFromCheckout(
  checkout: CheckoutRecord,
  session: Stripe.Checkout.Session,
  fields: {
    status: OrderStatus;
    invoiceNumber: string | null;
    now: Timestamp;
    by: string;
    /** A standing order's first payment: the payment intent of its first invoice. */
    paymentIntentId?: string | null;
  },
): OrderRecord {
  const { now, status } = fields;
  const standing = checkout.interval_weeks !== undefined;
  const shipTo = shipToOfCheckout(checkout, session);
  return {
    ...(standing
      ? { standing_order_id: checkout.id, stripe_invoice_id: idOf(session.invoice) }
      : {}),
    user_id: checkout.user_id,
    company_id: checkout.company_id,
    location_id: checkout.location_id,
    location_name: checkout.location_name,
    placed_by_name: checkout.placed_by_name,
    store_name: checkout.store_name,
    seller_permit_id: checkout.seller_permit_id,
    items: checkout.items,
    // What was charged: the goods and the sales tax.
    amount: chargeOfSession(session).total,
    tax: taxOfCheckout(checkout, session, shipTo),
    currency: 'usd',
    payment_type: standing ? 'subscription' : 'one_time',
    payment_method: 'card',
    po_number: checkout.po_number ?? '',
    terms: null,
    receivable: false,
    status,
    stripe_session_id: session.id,
    stripe_payment_intent_id: paymentIntentOf(session) ?? fields.paymentIntentId ?? null,
    created_at: now,
    updated_at: now,
    paid_at: status === 'processing' ? now : null,
    status_history: [{ status, at: now, by: fields.by }],
    cart_fingerprint: checkout.cart_fingerprint,
    source: checkout.source,
    ship_to: shipTo,
    invoice_number: fields.invoiceNumber,
    shipment: null,
    shipments: [],
    // Backordered lines wait for stock: the managers' backorder queue lists the order.
    backorder_open: hasOpenBackorder({ status, items: checkout.items }),
    // The store credit its coupon took off (already off `amount`).
    store_credit_applied: chargeOfSession(session).discount,
    store_credit_returned: 0,
    shipping_charge: chargeOfSession(session).shipping,
    // The quote it was made from (source 'quote'): its prices are the quote's.
    ...(checkout.quote ? { quote: checkout.quote } : {}),
    claim_credits: [],
    refunds: [],
    refunded_amount: 0,
    dispute: null,
  };
}
