import { profileCases } from './cases/profiles';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: profiles/{uid}', profileCases);
