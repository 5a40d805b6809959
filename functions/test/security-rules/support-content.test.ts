import { supportContentCases } from './cases/catalog';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: support_content/{id}', supportContentCases);
