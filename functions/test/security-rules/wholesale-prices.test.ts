import { wholesalePriceCases } from './cases/catalog';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: wholesale_prices/{productId}', wholesalePriceCases);
