import { useMutation, useQueryClient } from '@tanstack/react-query';
import { doc, serverTimestamp, updateDoc } from 'firebase/firestore/lite';
import { MAX_LINE_QUANTITY, paths as docPaths } from '@portal/domain';
import { db } from '@/lib/firebase';
import { queryKeys } from '@/lib/query-keys';
import { changeCachedCart } from './cart-cache';

export interface QuantityChange {
  productId: string;
  quantity: number;
}

/** A quantity the cart accepts: a whole number from 1 to MAX_LINE_QUANTITY. */
export function isValidQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY;
}

/**
 * Sets a line's quantity. SPEC section 5: an update below 1 is ignored (removing is its own
 * action); above the cap is ignored too. Returns whether anything was written.
 */
export async function updateCartQuantity(
  uid: string,
  { productId, quantity }: QuantityChange,
): Promise<boolean> {
  if (!isValidQuantity(quantity)) return false;
  await updateDoc(doc(db, docPaths.cartItem(uid, productId)), {
    quantity,
    updated_at: serverTimestamp(),
  });
  return true;
}

/** Changes the cached cart at once and rolls it back when the write fails. */
export function useUpdateCartQuantity(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: QuantityChange) => updateCartQuantity(uid, change),
    onMutate: ({ productId, quantity }) =>
      changeCachedCart(queryClient, uid, (items) =>
        isValidQuantity(quantity)
          ? items.map((item) => (item.product_id === productId ? { ...item, quantity } : item))
          : items,
      ),
    onError: (_error, _change, context) => context?.rollback(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart(uid) }),
  });
}
