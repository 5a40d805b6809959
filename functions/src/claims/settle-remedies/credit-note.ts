import { FieldValue, type Timestamp } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { CLAIM_MESSAGES, formatUsd, paths, shortOrderId } from '@portal/domain';
import { applyOrderRollup } from '../../insights/sales-rollups';
import { PreconditionError } from '../../lib/errors';
import { storedCompanyCustomer } from '../../store-credit/customer-balance';
import { entryIds, readStoreCredit } from '../../store-credit/store-credit-ledger';
import { readCredit } from '../../terms/credit-account';
import { claimKey, type Remedy, type SettleCase } from './remedy';

/**
 * A credit note on the invoice of an order on terms (docs/payment-terms.md#credit-notes): a Stripe
 * credit note of the claim's value on the order's invoice, keyed by the claim.
 * - The invoice still open: the credit note lowers what it asks for. The order's amount (what its
 *   invoice asks for) and the company's open balance go down by it in the same transaction.
 * - The invoice paid: the credit goes to the company's customer balance (credit_amount), and so
 *   to its store credit (entry `credit-note-<claimId>`), spent on its next order.
 */

interface CreditNoteEffect {
  id: string;
  number: string | null;
  amount: number;
  to: 'invoice' | 'balance';
}

const NOT_ALLOWED = CLAIM_MESSAGES.remedyNotAllowed('credit_note');

/** The order's invoice, and where its credit goes; refuses an invoice a credit note cannot take. */
async function invoiceOf(
  c: SettleCase,
): Promise<{ invoice: Stripe.Invoice; to: 'invoice' | 'balance' }> {
  const invoiceId = c.order.terms?.invoice_id;
  if (c.order.payment_method !== 'terms' || !invoiceId) throw new PreconditionError(NOT_ALLOWED);
  const invoice = await c.ctx.stripe().invoices.retrieve(invoiceId);
  if (invoice.status === 'open') {
    if (invoice.amount_remaining < c.claim.value) {
      throw new PreconditionError(
        `The invoice has ${formatUsd(invoice.amount_remaining)} left to pay, less than the claim's ${formatUsd(c.claim.value)}: choose another remedy.`,
      );
    }
    return { invoice, to: 'invoice' };
  }
  if (invoice.status === 'paid') {
    // A paid invoice's credit goes to the balance of its customer: the company's own (an exempt
    // customer's balance is not the company's store credit).
    const customerId =
      typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
    const company = await storedCompanyCustomer(c.ctx.db, c.order.company_id);
    if (!customerId || customerId !== company) throw new PreconditionError(NOT_ALLOWED);
    return { invoice, to: 'balance' };
  }
  throw new PreconditionError(NOT_ALLOWED);
}

export const creditNoteRemedy: Remedy<CreditNoteEffect> = {
  remedy: 'credit_note',
  async check(c) {
    if (c.claim.value <= 0) throw new PreconditionError(NOT_ALLOWED);
    await invoiceOf(c);
  },
  async apply(c) {
    const { invoice, to } = await invoiceOf(c);
    const note = await c.ctx.stripe().creditNotes.create(
      {
        invoice: invoice.id!,
        amount: c.claim.value,
        reason: 'product_unsatisfactory',
        memo: `Claim on order ${shortOrderId(c.order.id)}`,
        metadata: { claim_id: c.claim.id, order_id: c.order.id },
        ...(to === 'balance' ? { credit_amount: c.claim.value } : {}),
      },
      { idempotencyKey: claimKey(c.claim.id, 'credit-note') },
    );
    return { id: note.id, number: note.number ?? null, amount: note.total, to };
  },
  async read(tx, db, c, effect) {
    const entryId = entryIds.creditNote(c.claim.id);
    const order = c.order;
    const ledger =
      effect.to === 'balance' ? await readStoreCredit(tx, db, order.company_id, [entryId]) : null;
    const account = effect.to === 'invoice' ? await readCredit(tx, db, order.company_id) : null;
    const write = (now: Timestamp) => {
      const credit = {
        claim_id: c.claim.id,
        kind: 'credit_note' as const,
        to: effect.to,
        amount: effect.amount,
        at: now,
        credit_note_id: effect.id,
        credit_note_number: effect.number,
      };
      const amount =
        effect.to === 'invoice' ? Math.max(0, order.amount - effect.amount) : order.amount;
      tx.update(db.doc(paths.order(order.id)), {
        claim_credits: FieldValue.arrayUnion(credit),
        amount,
        updated_at: now,
      });
      if (account && order.receivable) {
        tx.set(
          account.ref,
          { open_balance: Math.max(0, account.credit.open_balance - effect.amount) },
          { merge: true },
        );
      }
      if (ledger) {
        ledger.stage({
          id: entryId,
          kind: 'credit_note',
          amount: effect.amount,
          description:
            `Credit note ${effect.number ?? ''} for the claim on order ${shortOrderId(order.id)}`.replace(
              '  ',
              ' ',
            ),
          claimId: c.claim.id,
          orderId: order.id,
          invoiceId: order.terms?.invoice_id ?? null,
        });
        ledger.write(now);
      }
      applyOrderRollup(tx, db, order, {
        ...order,
        amount,
        claim_credits: [...order.claim_credits, credit],
      });
    };
    return {
      outcome: {
        amount: effect.amount,
        credit_note_id: effect.id,
        credit_note_number: effect.number,
        credit_entry_id: ledger ? entryId : null,
      },
      write,
    };
  },
};
