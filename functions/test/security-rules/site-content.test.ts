import { policyPageCases, siteSettingsCases } from './cases/site-content';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: policy_pages/{slug}', policyPageCases);
runMatrix('firestore.rules: site_settings/{id}', siteSettingsCases);
