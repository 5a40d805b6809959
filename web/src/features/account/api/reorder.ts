import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  collection,
  doc,
  getDocs,
  query,
  serverTimestamp,
  where,
  writeBatch,
} from 'firebase/firestore/lite';
import { COLLECTIONS, MAX_LINE_QUANTITY, paths as docPaths, type OrderLine } from '@portal/domain';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';

export interface ReorderResult {
  /** Names of the products put back in the cart. */
  added: string[];
  /** Names of the order's products that are no longer sold. */
  skipped: string[];
}

/**
 * Puts an order's products back in the cart, adding the order's quantities to what is already
 * there (capped per line). Only cart lines are written: prices always come from the products at
 * checkout, so the buyer pays today's price for their role. Inactive or deleted products are
 * skipped. One batch, so the cart never holds half a reorder.
 */
export async function reorder(
  uid: string,
  lines: readonly Pick<OrderLine, 'product_id' | 'name' | 'quantity'>[],
): Promise<ReorderResult> {
  const [catalog, cart] = await Promise.all([
    getDocs(query(collection(db, COLLECTIONS.products), where('is_active', '==', true))),
    getDocs(collection(db, docPaths.cartItems(uid))),
  ]);
  const active = new Set(catalog.docs.map((product) => product.id));
  const inCart = new Map(cart.docs.map((item) => [item.id, Number(item.data().quantity) || 0]));

  const wanted = new Map<string, { name: string; quantity: number }>();
  for (const line of lines) {
    const previous = wanted.get(line.product_id);
    wanted.set(line.product_id, {
      name: line.name,
      quantity: (previous?.quantity ?? 0) + line.quantity,
    });
  }

  const result: ReorderResult = { added: [], skipped: [] };
  const batch = writeBatch(db);
  for (const [productId, { name, quantity }] of wanted) {
    if (!active.has(productId)) {
      result.skipped.push(name);
      continue;
    }
    const next = Math.min((inCart.get(productId) ?? 0) + quantity, MAX_LINE_QUANTITY);
    batch.set(
      doc(db, docPaths.cartItem(uid, productId)),
      { product_id: productId, quantity: next, updated_at: serverTimestamp() },
      { merge: true },
    );
    result.added.push(name);
  }
  if (result.added.length > 0) await batch.commit();
  return result;
}

export function useReorder(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: readonly Pick<OrderLine, 'product_id' | 'name' | 'quantity'>[]) =>
      reorder(uid, lines),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart(uid) }),
  });
}
