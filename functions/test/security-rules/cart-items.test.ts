import { cartItemCases } from './cases/cart-items';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: profiles/{uid}/cart_items/{productId}', cartItemCases);
