import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import type { Context } from '../lib/context';
import { useTestClocks } from '../lib/stripe-client';
import { customerForCheckout, storedCustomerId } from '../stripe/stripe-customers';

/**
 * The Stripe side of store credit: the company's customer balance (docs/payments.md#store-credit).
 * Stripe keeps a credit as a negative balance and applies it to the customer's next invoice when
 * it is finalized; every change the portal makes is a customer balance transaction with an
 * idempotency key naming its cause, so a retried call changes the balance once.
 */

type StripeDeps = Pick<Context, 'db' | 'stripe' | 'env'>;

/**
 * The company's Stripe customer (the one its checkouts and invoices use): the stored one, or a
 * new one when the company has none yet (keyed by `attemptKey`, so a retry makes one).
 */
export async function companyCustomer(
  deps: StripeDeps,
  company: { companyId: string; storeName: string },
  attemptKey: string,
): Promise<string> {
  return customerForCheckout(
    deps.db,
    deps.stripe(),
    {
      companyId: company.companyId,
      storeName: company.storeName,
      shipTo: null,
      testClock: useTestClocks(deps.env),
    },
    attemptKey,
  );
}

/** The stored customer of a company, or null (no checkout or invoice yet). */
export function storedCompanyCustomer(db: Firestore, companyId: string): Promise<string | null> {
  return storedCustomerId(db, companyId);
}

/**
 * Moves the customer's balance by `credit` cents in the portal's sense: + gives the company
 * credit (Stripe −), − spends it (Stripe +). `key` makes a retry answer the same transaction.
 */
export function adjustCustomerBalance(
  stripe: Stripe,
  customerId: string,
  change: {
    credit: number;
    key: string;
    description: string;
    metadata: Record<string, string>;
  },
): Promise<Stripe.CustomerBalanceTransaction> {
  return stripe.customers.createBalanceTransaction(
    customerId,
    {
      amount: -change.credit,
      currency: 'usd',
      description: change.description,
      metadata: change.metadata,
    },
    { idempotencyKey: change.key },
  );
}
