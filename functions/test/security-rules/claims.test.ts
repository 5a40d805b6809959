import { claimCases, storeCreditCases, storeCreditEntryCases } from './cases/claims';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: claims/{claimId}', claimCases);
runMatrix('firestore.rules: store_credit/{companyId}', storeCreditCases);
runMatrix('firestore.rules: store_credit/{companyId}/entries/{entryId}', storeCreditEntryCases);
