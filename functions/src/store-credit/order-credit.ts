import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { paths } from '@portal/domain';
import type { Context } from '../lib/context';
import { log } from '../lib/log';
import { adjustCustomerBalance, storedCompanyCustomer } from './customer-balance';
import { entryIds, readStoreCredit, stampBalanceTransaction } from './store-credit-ledger';

/**
 * The store credit an order spent, given back when the order ends without its goods: cancelled,
 * or refunded in full (docs/payments.md#store-credit). A refund goes to the card the order was
 * paid with, and only the card's part of it; the credit goes back to the company's balance, in
 * the transaction that cancels or refunds the order (entry `order-returned-<orderId>`, once),
 * then at Stripe (a balance transaction with its own key, recorded on the entry).
 *
 * Not for an order whose terms invoice was voided: Stripe gives the balance an invoice spent back
 * when it voids it, and the mirror follows that (invoice-credit.ts). Nor for a checkout that
 * never became a paid order: its credit goes back with the checkout (checkout-credit.ts).
 */

type Deps = Pick<Context, 'db' | 'stripe'>;

/** What the give-back reads of an order. */
export interface CreditSpendingOrder {
  id: string;
  company_id: string;
  store_credit_applied?: number | undefined;
  terms?: { state: string } | null | undefined;
}

/** The give-back of a transaction: the cents it gives back (0: none), and its write. */
export interface OrderCreditReturn {
  amount: number;
  /** Stages the entry and the balance (after every read of the transaction). */
  write: () => void;
}

const NONE: OrderCreditReturn = { amount: 0, write: () => undefined };

/**
 * In the transaction that cancels an order or refunds it in full (its read phase): the store
 * credit it spent, when it has not been given back yet, and the write that gives it back. The
 * order's `store_credit_returned` is the caller's to set to `amount` in the same commit.
 */
export async function readOrderCreditReturn(
  tx: Transaction,
  db: Firestore,
  order: CreditSpendingOrder,
): Promise<OrderCreditReturn> {
  const spent = order.store_credit_applied ?? 0;
  if (!(spent > 0) || !order.company_id || order.terms?.state === 'void') return NONE;
  const id = entryIds.orderReturned(order.id);
  const ledger = await readStoreCredit(tx, db, order.company_id, [id]);
  if (ledger.has(id)) return NONE;
  return {
    amount: spent,
    write: () => {
      ledger.stage({
        id,
        kind: 'order_returned',
        amount: spent,
        description: 'Returned from a cancelled or refunded order',
        orderId: order.id,
      });
      ledger.write();
    },
  };
}

/**
 * After the commit that gave an order's credit back: the same at Stripe (the company's customer
 * balance credited, idempotency key `store-credit:order-returned:<orderId>`), recorded on the
 * entry. Asked again by every later recording of the order's refunds (the refund's webhook
 * follows the manager's call), it finishes a give-back that failed at Stripe and changes nothing
 * once made. Logged, never thrown: the cancellation or refund stands either way.
 */
export async function returnOrderCreditSafely(
  deps: Deps,
  order: Pick<CreditSpendingOrder, 'id' | 'company_id' | 'store_credit_applied'>,
): Promise<void> {
  if (!((order.store_credit_applied ?? 0) > 0) || !order.company_id) return;
  const { db } = deps;
  const entryId = entryIds.orderReturned(order.id);
  try {
    const entry = await db.doc(paths.storeCreditEntry(order.company_id, entryId)).get();
    if (!entry.exists || typeof entry.get('stripe_balance_transaction_id') === 'string') return;
    const amount = entry.get('amount') as number;
    const customerId = await storedCompanyCustomer(db, order.company_id);
    if (!customerId || !(amount > 0)) return;
    const back = await adjustCustomerBalance(deps.stripe(), customerId, {
      credit: amount,
      key: `store-credit:order-returned:${order.id}`,
      description: 'Store credit returned from a cancelled or refunded order',
      metadata: { order_id: order.id, company_id: order.company_id },
    });
    await stampBalanceTransaction(db, order.company_id, entryId, back.id);
    log.info('store_credit_returned', { orderId: order.id, companyId: order.company_id, amount });
  } catch (error) {
    log.error('store_credit_return_failed', {
      orderId: order.id,
      companyId: order.company_id,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}
