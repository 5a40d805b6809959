import { exemptStateCases, taxCertificateCases } from './cases/tax-certificates';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: tax_certificates/{certificateId}', taxCertificateCases);
runMatrix('firestore.rules: stripe_customers/{companyId}/exempt_states/{state}', exemptStateCases);
