import { productCases } from './cases/catalog';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: products/{productId}', productCases);
