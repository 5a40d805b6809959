import { companyCases, locationCases } from './cases/companies';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: companies/{companyId}', companyCases);
runMatrix('firestore.rules: companies/{companyId}/locations/{locationId}', locationCases);
