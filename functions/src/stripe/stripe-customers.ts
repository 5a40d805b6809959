import type { Firestore } from 'firebase-admin/firestore';
import { FieldValue } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { paths, type ShipTo } from '@portal/domain';
import { isAlreadyExists } from '../lib/firestore-errors';
import { isMissingResource } from './stripe-errors';

/**
 * stripe_customers/{companyId} { customer_id }: each company's one Stripe Customer (server only).
 * Created on the company's first checkout and reused after, by every member, so Checkout
 * pre-fills the ship-to it saved.
 */
export async function storedCustomerId(db: Firestore, companyId: string): Promise<string | null> {
  const id: unknown = (await db.doc(paths.stripeCustomer(companyId)).get()).get('customer_id');
  return typeof id === 'string' ? id : null;
}

/** Stripe's shape of a ship-to. */
export function stripeShipping(shipTo: ShipTo): Stripe.CustomerUpdateParams.Shipping {
  const { address } = shipTo;
  return {
    name: shipTo.name,
    ...(shipTo.phone ? { phone: shipTo.phone } : {}),
    address: {
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      state: address.state,
      postal_code: address.postal_code,
      country: address.country,
    },
  };
}

interface CustomerInput {
  companyId: string;
  /** The address of the member who first checks out (Stripe's receipts go there). */
  email?: string | undefined;
  storeName: string;
  /** The buyer's default ship-to, for a new customer. */
  shipTo: ShipTo | null;
  /** Put a new customer on its own test clock (useTestClocks: local stack and tests only). */
  testClock?: boolean;
}

/**
 * The company's customer id: the stored one, or a new customer (keyed so that a retried call makes
 * one) stored if none is yet (a create, which fails when another call stored one first); when two
 * first checkouts race, both use the one stored first.
 */
export async function customerForCheckout(
  db: Firestore,
  stripe: Stripe,
  input: CustomerInput,
  attemptKey: string,
): Promise<string> {
  const stored = await storedCustomerId(db, input.companyId);
  if (stored) return stored;
  const clock = input.testClock
    ? await stripe.testHelpers.testClocks.create(
        { frozen_time: Math.floor(Date.now() / 1000), name: `company ${input.companyId}` },
        { idempotencyKey: `clock:${input.companyId}:${attemptKey}` },
      )
    : null;
  const customer = await stripe.customers.create(
    {
      ...(clock ? { test_clock: clock.id } : {}),
      name: input.storeName || undefined,
      ...(input.email ? { email: input.email } : {}),
      ...(input.shipTo ? { shipping: stripeShipping(input.shipTo) } : {}),
      metadata: { company: input.companyId },
    },
    { idempotencyKey: `customer:${input.companyId}:${attemptKey}` },
  );
  const ref = db.doc(paths.stripeCustomer(input.companyId));
  try {
    await ref.create({ customer_id: customer.id, created_at: FieldValue.serverTimestamp() });
    return customer.id;
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
  }
  // The document exists: another first checkout stored its customer meanwhile (that one is the
  // company's), or it holds none (this one is stored).
  return db.runTransaction(async (tx) => {
    const existing: unknown = (await tx.get(ref)).get('customer_id');
    if (typeof existing === 'string') return existing;
    tx.set(ref, { customer_id: customer.id, created_at: FieldValue.serverTimestamp() });
    return customer.id;
  });
}

/** Forgets a customer Stripe no longer knows (a restarted local sandbox, a deleted customer). */
export async function forgetCustomer(db: Firestore, companyId: string, customerId: string) {
  const ref = db.doc(paths.stripeCustomer(companyId));
  await db.runTransaction(async (tx) => {
    if ((await tx.get(ref)).get('customer_id') === customerId) tx.delete(ref);
  });
}

/** True when Stripe refused a call because the customer it names does not exist. */
export function isMissingCustomer(error: unknown): boolean {
  return isMissingResource(error) && (error as { param?: string }).param === 'customer';
}
