import { companyCreditCases } from './cases/company-credit';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: company_credit/{companyId}', companyCreditCases);
