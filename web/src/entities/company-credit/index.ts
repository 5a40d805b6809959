/** A company's payment terms and credit (company_credit/{companyId}): read only in the browser. */
export { fetchCompanyCredit } from './api';
export { companyCreditKeys, useCompanyCredit } from './queries';
