import { priceListCases } from './cases/price-lists';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: price_lists and companies/{companyId}/price_lists', priceListCases);
