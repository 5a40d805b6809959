import { FieldValue, type Timestamp } from 'firebase-admin/firestore';
import { CLAIM_MESSAGES, paths, shortOrderId } from '@portal/domain';
import { applyOrderRollup } from '../../insights/sales-rollups';
import { PreconditionError } from '../../lib/errors';
import { adjustCustomerBalance, companyCustomer } from '../../store-credit/customer-balance';
import { entryIds, readStoreCredit } from '../../store-credit/store-credit-ledger';
import { claimKey, type Remedy } from './remedy';

/**
 * Store credit (docs/payments.md#store-credit): the claim's value added to the company's Stripe
 * customer balance (a balance transaction, keyed by the claim) and to the mirror (entry
 * `claim-<claimId>`), which its next card checkout or invoice spends. The order records the
 * credit (claim_credits) for the figures.
 */

interface StoreCreditEffect {
  amount: number;
  balanceTransactionId: string;
}

export const storeCreditRemedy: Remedy<StoreCreditEffect> = {
  remedy: 'store_credit',
  async check(c) {
    if (!c.order.company_id || c.claim.value <= 0) {
      throw new PreconditionError(CLAIM_MESSAGES.remedyNotAllowed('store_credit'));
    }
  },
  async apply(c) {
    const customerId = await companyCustomer(
      c.ctx,
      { companyId: c.order.company_id, storeName: c.order.store_name },
      `claim-${c.claim.id}`,
    );
    const transaction = await adjustCustomerBalance(c.ctx.stripe(), customerId, {
      credit: c.claim.value,
      key: claimKey(c.claim.id, 'store-credit'),
      description: `Store credit for the claim on order ${shortOrderId(c.order.id)}`,
      metadata: { claim_id: c.claim.id, order_id: c.order.id, company_id: c.order.company_id },
    });
    return { amount: -transaction.amount, balanceTransactionId: transaction.id };
  },
  async read(tx, db, c, effect) {
    const entryId = entryIds.claim(c.claim.id);
    const ledger = await readStoreCredit(tx, db, c.order.company_id, [entryId]);
    const write = (now: Timestamp) => {
      ledger.stage({
        id: entryId,
        kind: 'claim',
        amount: effect.amount,
        description: `Claim on order ${shortOrderId(c.order.id)} settled`,
        claimId: c.claim.id,
        orderId: c.order.id,
        stripeBalanceTransactionId: effect.balanceTransactionId,
      });
      ledger.write(now);
      const credit = {
        claim_id: c.claim.id,
        kind: 'store_credit' as const,
        to: 'balance' as const,
        amount: effect.amount,
        at: now,
        credit_note_id: null,
        credit_note_number: null,
      };
      tx.update(db.doc(paths.order(c.order.id)), {
        claim_credits: FieldValue.arrayUnion(credit),
        updated_at: now,
      });
      applyOrderRollup(tx, db, c.order, {
        ...c.order,
        claim_credits: [...c.order.claim_credits, credit],
      });
    };
    return { outcome: { amount: effect.amount, credit_entry_id: entryId }, write };
  },
};
