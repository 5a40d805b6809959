import { standingOrderCases } from './cases/standing-orders';
import { runMatrix } from './support/matrix';

runMatrix('firestore.rules: standing_orders/{standingOrderId}', standingOrderCases);
