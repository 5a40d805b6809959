import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { COLLECTIONS } from '@portal/domain';
import type { Context } from '../lib/context';
import { log } from '../lib/log';
import { entryIds, readStoreCredit, type StoreCreditLedger } from './store-credit-ledger';

/**
 * Store credit Stripe spent on an invoice (docs/payments.md#store-credit). When Stripe finalizes
 * an invoice of a customer with a credit balance it applies the credit (the invoice's
 * starting_balance and ending_balance differ), and when it voids one it gives it back. The
 * mirror follows once per invoice: the portal's invoices on terms when the portal finalizes them
 * (terms/terms-order.ts), a standing order's invoices when Stripe reports them paid or voided.
 */

type InvoiceBalance = Pick<Stripe.Invoice, 'starting_balance' | 'ending_balance'>;

/** Cents of credit the invoice spent when it was finalized (0: none, or not finalized yet). */
export function creditSpentOn(invoice: InvoiceBalance): number {
  if (invoice.ending_balance === null || invoice.ending_balance === undefined) return 0;
  // Stripe's balances are negative for a credit: a credit spent moves the balance up.
  return Math.max(0, invoice.ending_balance - invoice.starting_balance);
}

/** The entry ids an invoice's credit reads (to pass to readStoreCredit). */
export const invoiceEntryIds = (invoiceId: string) => [
  entryIds.invoice(invoiceId),
  entryIds.invoiceVoided(invoiceId),
];

/** Stages the credit an invoice spent (once per invoice); returns the cents taken off. */
export function stageInvoiceSpent(
  ledger: StoreCreditLedger,
  invoice: InvoiceBalance & { id: string },
  orderId: string | null,
): number {
  const spent = creditSpentOn(invoice);
  if (spent === 0) return 0;
  return -ledger.stage({
    id: entryIds.invoice(invoice.id),
    kind: 'invoice',
    amount: -spent,
    description: 'Applied to an invoice',
    invoiceId: invoice.id,
    orderId,
  });
}

/** Stages the credit a voided invoice gave back (what its entry took), once. */
export function stageInvoiceVoided(
  ledger: StoreCreditLedger,
  invoiceId: string,
  orderId: string | null,
): number {
  const taken = -(ledger.amountOf(entryIds.invoice(invoiceId)) ?? 0);
  if (taken <= 0) return 0;
  return ledger.stage({
    id: entryIds.invoiceVoided(invoiceId),
    kind: 'invoice',
    amount: taken,
    description: 'Returned from a voided invoice',
    invoiceId,
    orderId,
  });
}

/** The company whose stored Stripe customer is `customerId`, or null. */
async function companyOfCustomer(db: Firestore, customerId: string): Promise<string | null> {
  const found = await db
    .collection(COLLECTIONS.stripeCustomers)
    .where('customer_id', '==', customerId)
    .limit(1)
    .get();
  return found.docs[0]?.id ?? null;
}

const idOf = (value: string | { id: string } | null): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * An invoice Stripe reported paid or voided: the credit it spent (or gave back) on the mirror of
 * the company whose customer it is, once per invoice. Nothing for another customer's invoice (an
 * exempt customer's: store credit is on the company's own) or one that spent nothing.
 */
export async function syncInvoiceCredit(
  deps: Pick<Context, 'db'>,
  invoice: Pick<Stripe.Invoice, 'id' | 'customer' | 'status' | 'metadata'> & InvoiceBalance,
): Promise<number> {
  const { db } = deps;
  const invoiceId = invoice.id;
  const customerId = idOf(invoice.customer as string | { id: string } | null);
  if (!invoiceId || !customerId) return 0;
  const voided = invoice.status === 'void';
  if (!voided && creditSpentOn(invoice) === 0) return 0;
  const companyId = await companyOfCustomer(db, customerId);
  if (!companyId) return 0;
  const orderId = invoice.metadata?.order_id ?? null;
  const moved = await db.runTransaction(async (tx) => {
    const ledger = await readStoreCredit(tx, db, companyId, invoiceEntryIds(invoiceId));
    const change = voided
      ? stageInvoiceVoided(ledger, invoiceId, orderId)
      : -stageInvoiceSpent(ledger, { ...invoice, id: invoiceId }, orderId);
    ledger.write();
    return change;
  });
  if (moved !== 0) log.info('store_credit_invoice', { companyId, invoiceId, moved });
  return moved;
}
