import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { COLLECTIONS, paths, type BuyerRole, type OrderLine, type ShipTo } from '@portal/domain';
import { log } from '../lib/log';
import { newStandingOrder } from './standing-order-record';
import { paymentIntentOfInvoice, subscriptionPeriodEnd, toDate } from './stripe-objects';

/** What Stripe made of a standing order's checkout: its subscription and the next cycle's date. */
export interface SubscriptionFacts {
  subscriptionId: string | null;
  customerId: string | null;
  nextDeliveryAt: Timestamp | null;
  /** What paid the first invoice (subscription sessions have no payment intent of their own). */
  paymentIntentId: string | null;
}

/**
 * What a standing order takes from the checkout that starts it (checkouts/{id}, whose record
 * checkout/checkout-transitions.ts hands over).
 */
export interface FirstCheckout {
  id: string;
  user_id: string;
  company_id: string;
  location_id: string | null;
  location_name: string;
  placed_by_name: string;
  store_name: string;
  seller_permit_id: string;
  items: readonly OrderLine[];
  /** Every this many weeks; absent on a one-time checkout, which starts no standing order. */
  interval_weeks?: number;
  /** The buyer's role when they checked out, which prices every cycle ('retailer' when absent). */
  role?: BuyerRole;
}

const idOf = (value: string | { id: string } | null): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * For a session in subscription mode: its subscription, read from Stripe (when a client is at
 * hand) for the date its next cycle is billed. Null for one-time sessions. A failed read leaves
 * the date unknown: the subscription's invoice events fill it in.
 */
export async function subscriptionFactsOf(
  stripe: (() => Stripe) | undefined,
  session: Stripe.Checkout.Session,
): Promise<SubscriptionFacts | null> {
  if (session.mode !== 'subscription') return null;
  const subscriptionId = idOf(session.subscription);
  const facts = {
    subscriptionId,
    customerId: idOf(session.customer),
    nextDeliveryAt: null,
    paymentIntentId: null,
  };
  if (!stripe || !subscriptionId) return facts;
  try {
    const [subscription, paymentIntentId] = await Promise.all([
      stripe().subscriptions.retrieve(subscriptionId),
      paymentIntentOfInvoice(stripe(), idOf(session.invoice)),
    ]);
    const end = subscriptionPeriodEnd(subscription);
    return {
      ...facts,
      nextDeliveryAt: end ? Timestamp.fromDate(toDate(end)) : null,
      paymentIntentId,
    };
  } catch (error) {
    log.warn('standing_order_subscription_read_failed', {
      sessionId: session.id,
      subscriptionId,
      message: error instanceof Error ? error.message : String(error),
    });
    return facts;
  }
}

/**
 * In the transaction that makes a standing order's first order: reads what the standing order
 * needs (whether it exists, the products' SKUs) and returns the write that creates it, with the
 * same id as the checkout and its first order. Nothing for one-time checkouts.
 */
export async function stageStandingOrder(
  tx: Transaction,
  db: Firestore,
  input: {
    checkout: FirstCheckout;
    facts: SubscriptionFacts | null;
    shipTo: ShipTo | null;
  },
): Promise<(now: Timestamp) => void> {
  const { checkout, facts } = input;
  const weeks = checkout.interval_weeks;
  if (weeks === undefined) return () => undefined;
  const ref = db.doc(paths.standingOrder(checkout.id));
  const productRefs = checkout.items.map((item) =>
    db.collection(COLLECTIONS.products).doc(item.product_id),
  );
  const [snap, ...products] = await tx.getAll(ref, ...productRefs);
  if (snap?.exists) return () => undefined;
  const skus = new Map(
    products.map((product) => {
      const sku: unknown = product.get('sku');
      return [product.id, typeof sku === 'string' ? sku : ''] as const;
    }),
  );
  return (now) =>
    tx.create(
      ref,
      newStandingOrder({
        checkout: {
          ...checkout,
          role: checkout.role ?? 'retailer',
          interval_weeks: weeks,
        },
        skus,
        shipTo: input.shipTo,
        subscriptionId: facts?.subscriptionId ?? null,
        customerId: facts?.customerId ?? null,
        nextDeliveryAt: facts?.nextDeliveryAt ?? null,
        orderId: checkout.id,
        now,
      }),
    );
}
