import { quoteCases } from './cases/quotes';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: quotes/{quoteId}', quoteCases);
