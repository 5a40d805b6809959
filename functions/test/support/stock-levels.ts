import { paths } from '@portal/domain';
import { firestore } from '../../src/lib/admin';
import { countStock, foldStock } from '../../src/orders/stock-shards';

/**
 * A product's stock as the functions count it: its document and every shard of it
 * (src/orders/stock-shards.ts). The tests call handlers in-process, so no trigger folds the
 * shards into the document: its own stock_on_hand and stock_reserved are the last fold's.
 * Untracked: on hand null, reserved as its document says.
 */
export async function stockLevels(
  productId: string,
): Promise<{ on_hand: number | null; reserved: number }> {
  const count = await countStock(firestore(), productId);
  if (count) return { on_hand: count.onHand, reserved: count.reserved };
  const snap = await firestore().doc(paths.product(productId)).get();
  return {
    on_hand: (snap.get('stock_on_hand') as number | null | undefined) ?? null,
    reserved: (snap.get('stock_reserved') as number | undefined) ?? 0,
  };
}

/** Units on hand, as counted (a tracked product). */
export const stockOnHand = async (productId: string): Promise<number> =>
  (await stockLevels(productId)).on_hand as number;

/**
 * Sets a product's stock on hand as a count a manager enters: the shards are folded first, so
 * the units orders took before are not taken from the new count.
 */
export async function setStockOnHand(
  productId: string,
  onHand: number | null,
  fields: Record<string, unknown> = {},
): Promise<void> {
  await foldStock(firestore(), productId);
  await firestore()
    .doc(paths.product(productId))
    .update({ stock_on_hand: onHand, ...fields });
}
