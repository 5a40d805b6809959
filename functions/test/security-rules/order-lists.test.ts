import { orderListCases } from './cases/order-lists';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: order_lists/{listId}', orderListCases);
