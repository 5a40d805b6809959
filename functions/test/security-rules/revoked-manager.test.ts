import { revokedManagerCases } from './cases/revoked-manager';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: a manager revoked while holding a token', revokedManagerCases);
