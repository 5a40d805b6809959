import { paths, readCompanyCredit, type CompanyCredit } from '@portal/domain';
import { doc, getDoc } from 'firebase/firestore/lite';
import { db } from '../firestore';

/**
 * company_credit/{companyId}: the company's payment terms, credit limit, open balance and overdue
 * orders (docs/payment-terms.md). Its members and the managers read it; only the functions write
 * it (setCompanyTerms, term orders and their invoice events). No document: no terms.
 */
export async function fetchCompanyCredit(companyId: string): Promise<CompanyCredit> {
  const snapshot = await getDoc(doc(db, paths.companyCredit(companyId)));
  return readCompanyCredit(snapshot.data());
}
