import { FieldValue } from 'firebase-admin/firestore';
import {
  COLLECTIONS,
  paths,
  type NetDays,
  type SetCompanyTermsResponse,
  type TermsChoice,
} from '@portal/domain';
import { readCompany } from '../companies/company-record';
import { COMPANY_NOT_FOUND } from '../companies/members';
import type { Context } from '../lib/context';
import { NotFoundError } from '../lib/errors';
import { readCredit } from './credit-account';

/**
 * setCompanyTerms (docs/payment-terms.md): a manager gives a company Net 15, 30 or 60 (or takes
 * terms away: 0) and a credit limit, with a reason. One transaction writes the credit account's
 * terms (its open balance and overdue orders stay as they are) and an audit entry with the terms
 * before and after. Terms taken away leave the open invoices to be paid as they are; new orders
 * on terms are refused.
 */
export async function setCompanyTerms(
  deps: Pick<Context, 'db'>,
  actor: string,
  request: { companyId: string; netDays: TermsChoice; creditLimit: number; reason: string },
): Promise<SetCompanyTermsResponse> {
  const { db } = deps;
  const netDays: NetDays | null = request.netDays === 0 ? null : request.netDays;
  await db.runTransaction(async (tx) => {
    const companyRef = db.doc(paths.company(request.companyId));
    const company = readCompany(request.companyId, (await tx.get(companyRef)).data());
    if (!company) throw new NotFoundError(COMPANY_NOT_FOUND);
    const { ref, credit } = await readCredit(tx, db, request.companyId);
    tx.set(
      ref,
      {
        net_days: netDays,
        credit_limit: request.creditLimit,
        open_balance: credit.open_balance,
        overdue_orders: credit.overdue_orders,
        updated_at: FieldValue.serverTimestamp(),
        updated_by: actor,
      },
      { merge: true },
    );
    tx.set(db.collection(COLLECTIONS.auditLog).doc(), {
      action: 'company.terms_set',
      actor,
      target: request.companyId,
      from: { net_days: credit.net_days, credit_limit: credit.credit_limit },
      to: { net_days: netDays, credit_limit: request.creditLimit },
      reason: request.reason,
      at: FieldValue.serverTimestamp(),
    });
  });
  return { companyId: request.companyId, netDays, creditLimit: request.creditLimit };
}
