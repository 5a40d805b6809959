import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { paths, readCompanyCredit, type CompanyCredit } from '@portal/domain';

/**
 * company_credit/{companyId}: the company's terms, limit, open balance and overdue orders
 * (docs/payment-terms.md). Read and written only inside the transactions that place an order on
 * terms or move its invoice, so the limit is checked against the balance those transactions
 * leave: two orders racing for the last of the credit conflict here, and one of them runs again
 * and is refused.
 */
export interface CreditRead {
  ref: DocumentReference;
  credit: CompanyCredit;
}

export async function readCredit(
  tx: Transaction,
  db: Firestore,
  companyId: string,
): Promise<CreditRead> {
  const ref = db.doc(paths.companyCredit(companyId));
  return { ref, credit: readCompanyCredit((await tx.get(ref)).data()) };
}

/** The balance and hold after an invoice leaves the open balance (paid, voided, written off). */
export function creditWithout(
  credit: CompanyCredit,
  orderId: string,
  amount: number,
  options: { wasReceivable: boolean; liftHold: boolean },
): Pick<CompanyCredit, 'open_balance' | 'overdue_orders'> {
  return {
    open_balance: options.wasReceivable
      ? Math.max(0, credit.open_balance - amount)
      : credit.open_balance,
    overdue_orders: options.liftHold
      ? credit.overdue_orders.filter((id) => id !== orderId)
      : credit.overdue_orders,
  };
}
