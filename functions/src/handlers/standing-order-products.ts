import type { FirestoreEvent } from 'firebase-functions/v2/firestore';
import { createContext } from '../lib/context';
import { log } from '../lib/log';
import { reconcileStandingOrdersOfProduct } from '../standing-orders/reconcile';

/**
 * A product or its wholesale price changed (price, active, stock): the standing orders that
 * name it are repriced and rechecked for their next cycle (standing-orders/reconcile.ts).
 */
export async function productChangedHandler(
  event: Pick<FirestoreEvent<unknown, { productId: string }>, 'params'>,
): Promise<void> {
  const { productId } = event.params;
  const result = await reconcileStandingOrdersOfProduct(createContext(), productId);
  if (result.checked > 0) log.info('standing_orders_product_checked', { productId, ...result });
}
