import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { COLLECTIONS, creditToApply, STORE_CREDIT_COUPON_NAME } from '@portal/domain';
import type { Context } from '../lib/context';
import { log } from '../lib/log';
import { adjustCustomerBalance, storedCompanyCustomer } from './customer-balance';
import {
  entryIds,
  readStoreCredit,
  stampBalanceTransaction,
  storeCreditBalance,
} from './store-credit-ledger';

/**
 * Store credit spent by a card checkout (docs/payments.md#store-credit). A card checkout of a
 * company with credit spends creditToApply(balance, goods): reserved in a transaction on the
 * mirror (so two checkouts never spend the same credit), taken off the company's Stripe customer
 * balance, and given to the Checkout Session as a one-off coupon "Store credit" (Stripe Checkout
 * in payment mode does not apply a customer balance itself). A checkout that closes unpaid gives
 * it back, once: its entry `checkout-released-<id>` is written in the transaction that closes it.
 */

type Deps = Pick<Context, 'db' | 'stripe'>;

/** The Stripe debit of a checkout's credit: the same parameters every time it is asked for. */
function debitOf(checkoutId: string, companyId: string, applied: number) {
  return {
    credit: -applied,
    key: `store-credit:checkout:${checkoutId}`,
    description: 'Store credit applied to a checkout',
    metadata: { checkout_id: checkoutId, company_id: companyId },
  };
}

export interface CheckoutCredit {
  /** Cents spent (0: none). */
  applied: number;
  /** The one-off coupon the session gets, or null. */
  couponId: string | null;
}

/**
 * Reserves the company's credit for an open card checkout of `goods` cents and makes its Stripe
 * side (the balance debit on `customerId`, the company's customer, and the coupon). A retry for
 * the same checkout answers the same credit. Throws when Stripe fails: the caller closes the
 * checkout, which gives the credit back.
 */
export async function reserveCheckoutCredit(
  deps: Deps,
  input: {
    checkoutId: string;
    companyId: string;
    customerId: string;
    goods: number;
    /**
     * The checkout was made by this call and nothing of it reserved yet (not a retry): a company
     * without credit is answered from its balance alone, one read, without the transaction.
     */
    unreserved?: boolean;
  },
): Promise<CheckoutCredit> {
  const { db } = deps;
  if (!input.companyId) return { applied: 0, couponId: null };
  if (input.unreserved && (await storeCreditBalance(db, input.companyId)) <= 0) {
    return { applied: 0, couponId: null };
  }
  const checkoutRef = db.collection(COLLECTIONS.checkouts).doc(input.checkoutId);
  const entryId = entryIds.checkout(input.checkoutId);
  const applied = await db.runTransaction(async (tx) => {
    const [checkout, ledger] = await Promise.all([
      tx.get(checkoutRef),
      readStoreCredit(tx, db, input.companyId, [entryId]),
    ]);
    const earlier = ledger.amountOf(entryId);
    if (earlier !== null) return -earlier;
    if (checkout.get('state') !== 'open') return 0;
    const amount = creditToApply(ledger.balance, input.goods);
    if (amount <= 0) return 0;
    ledger.stage({
      id: entryId,
      kind: 'checkout',
      amount: -amount,
      description: 'Applied to a card checkout',
      orderId: input.checkoutId,
    });
    ledger.write();
    tx.update(checkoutRef, { store_credit_applied: amount });
    return amount;
  });
  if (applied <= 0) return { applied: 0, couponId: null };
  const stripe = deps.stripe();
  const debit = await adjustCustomerBalance(
    stripe,
    input.customerId,
    debitOf(input.checkoutId, input.companyId, applied),
  );
  await stampBalanceTransaction(db, input.companyId, entryId, debit.id);
  const coupon = await stripe.coupons.create(
    {
      amount_off: applied,
      currency: 'usd',
      duration: 'once',
      max_redemptions: 1,
      name: STORE_CREDIT_COUPON_NAME,
      metadata: { checkout_id: input.checkoutId, company_id: input.companyId },
    },
    { idempotencyKey: `store-credit:coupon:${input.checkoutId}` },
  );
  await checkoutRef.update({ store_credit_coupon: coupon.id });
  log.info('store_credit_reserved', {
    orderId: input.checkoutId,
    companyId: input.companyId,
    applied,
  });
  return { applied, couponId: coupon.id };
}

/** What a checkout's release reads of it. */
export interface CreditedCheckout {
  id: string;
  company_id: string;
  store_credit_applied?: number | undefined;
}

/**
 * In the transaction that closes a checkout unpaid (read phase): reads what it spent and
 * returns the write that gives it back (nothing when it spent none, or gave it back already).
 */
export async function readCheckoutRelease(
  tx: Transaction,
  db: Firestore,
  checkout: CreditedCheckout,
): Promise<() => number> {
  if (!((checkout.store_credit_applied ?? 0) > 0) || !checkout.company_id) return () => 0;
  const spent = entryIds.checkout(checkout.id);
  const released = entryIds.checkoutReleased(checkout.id);
  const ledger = await readStoreCredit(tx, db, checkout.company_id, [spent, released]);
  return () => {
    const amount = -(ledger.amountOf(spent) ?? 0);
    if (amount <= 0) return 0;
    const back = ledger.stage({
      id: released,
      kind: 'checkout_released',
      amount,
      description: 'Returned from a checkout that was not paid',
      orderId: checkout.id,
    });
    ledger.write();
    return back;
  };
}

/**
 * After a checkout closed unpaid: gives its credit back at Stripe (the balance transaction
 * opposite to its debit), once, and records it on the release entry. The debit is asked for
 * again first with its own key (Stripe answers the one made, or makes it if the checkout's call
 * died before it), so the two always cancel out. Safe to call again: a release already made at
 * Stripe changes nothing.
 */
export async function returnCheckoutCredit(
  deps: Deps,
  checkout: Pick<CreditedCheckout, 'id' | 'company_id'>,
): Promise<void> {
  const { db } = deps;
  if (!checkout.company_id) return;
  const entry = (id: string) =>
    db.collection(COLLECTIONS.storeCredit).doc(checkout.company_id).collection('entries').doc(id);
  const [spentSnap, releasedSnap] = await db.getAll(
    entry(entryIds.checkout(checkout.id)),
    entry(entryIds.checkoutReleased(checkout.id)),
  );
  if (!spentSnap?.exists || !releasedSnap?.exists) return;
  if (typeof releasedSnap.get('stripe_balance_transaction_id') === 'string') return;
  const applied = -(spentSnap.get('amount') as number);
  const customerId = await storedCompanyCustomer(db, checkout.company_id);
  if (!customerId || !(applied > 0)) return;
  const stripe: Stripe = deps.stripe();
  await adjustCustomerBalance(
    stripe,
    customerId,
    debitOf(checkout.id, checkout.company_id, applied),
  );
  const back = await adjustCustomerBalance(stripe, customerId, {
    credit: applied,
    key: `store-credit:release:${checkout.id}`,
    description: 'Store credit returned from a checkout that was not paid',
    metadata: { checkout_id: checkout.id, company_id: checkout.company_id },
  });
  await stampBalanceTransaction(db, checkout.company_id, releasedSnap.id, back.id);
  log.info('store_credit_released', {
    orderId: checkout.id,
    companyId: checkout.company_id,
    applied,
  });
}

/** returnCheckoutCredit, logged instead of thrown (the checkout's close stands either way). */
export async function returnCheckoutCreditSafely(
  deps: Deps,
  checkout: Pick<CreditedCheckout, 'id' | 'company_id'>,
): Promise<void> {
  try {
    await returnCheckoutCredit(deps, checkout);
  } catch (error) {
    log.error('store_credit_release_failed', {
      orderId: checkout.id,
      companyId: checkout.company_id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}
