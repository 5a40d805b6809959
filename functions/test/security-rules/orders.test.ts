import { orderCases } from './cases/orders';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: orders/{orderId}', orderCases);
